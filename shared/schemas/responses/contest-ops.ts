import { z } from 'zod';
import { isoTime } from './common';
import { announcement } from './site';

/**
 * Answers of a contest's operations: its announcements, print requests, balloons (AC info), the landing
 * page of a contest site, and the contest created from an event feed (docs/architecture.md, Contracts on
 * the wire).
 */

/** A contest's announcement (HOJ AnnouncementVO with the contest id). */
export const contestAnnouncement = announcement.extend({ cid: z.number() });

/** A print request as the Admin Print list shows it (the text only comes with the download). */
export const contestPrintItem = z.object({
  id: z.number(),
  cid: z.number(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  /** 0 waiting, 1 printed */
  status: z.number(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** A first accept of a user on a problem (HOJ ContestRecord as the Admin Helper lists it). */
export const contestAcInfo = z.object({
  /** the submission's id */
  id: z.number(),
  cid: z.number(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  displayId: z.string(),
  /** numeric problem id */
  pid: z.number(),
  submitId: z.number(),
  submitTime: isoTime,
  /** seconds from the contest's start */
  time: z.number(),
  /** the balloon was delivered */
  checked: z.boolean(),
  /** the earliest accept of this problem among the listed ones */
  firstBlood: z.boolean(),
});

/** The landing page of a contest site (/SHORT): the contest's public setting fields. */
export const contestHome = z.object({
  cid: z.number(),
  title: z.string(),
  subheading: z.string().nullable(),
  startTime: isoTime,
  endTime: isoTime,
  sponsor: z.string().nullable(),
  coOrganizer: z.string().nullable(),
  organizer: z.string().nullable(),
  shortName: z.string().nullable(),
});

/** The id of a contest created from an event feed. */
export const importedContest = z.object({ cid: z.number() });
