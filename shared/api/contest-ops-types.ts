import type { Announcement } from './types';

/** A contest's announcement (HOJ AnnouncementVO with the contest id). */
export interface ContestAnnouncement extends Announcement {
  cid: number;
}

/** A print request as the Admin Print list shows it (the text only comes with the download). */
export interface ContestPrintItem {
  id: number;
  cid: number;
  uid: string;
  username: string;
  realname: string | null;
  /** 0 waiting, 1 printed */
  status: number;
  gmtCreate: string;
  gmtModified: string;
}

/** A first accept of a user on a problem (HOJ ContestRecord as the Admin Helper lists it). */
export interface ContestAcInfo {
  /** the submission's id */
  id: number;
  cid: number;
  uid: string;
  username: string;
  realname: string | null;
  displayId: string;
  /** numeric problem id */
  pid: number;
  submitId: number;
  submitTime: string;
  /** seconds from the contest's start */
  time: number;
  /** the balloon was delivered */
  checked: boolean;
  /** the earliest accept of this problem among the listed ones */
  firstBlood: boolean;
}

/** The landing page of a contest site (/SHORT): the contest's public setting fields. */
export interface ContestHome {
  cid: number;
  title: string;
  subheading: string | null;
  startTime: string;
  endTime: string;
  sponsor: string | null;
  coOrganizer: string | null;
  organizer: string | null;
  shortName: string | null;
}
