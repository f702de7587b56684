/** Answers of HOJ's user home and account settings calls, for server, web and tests. */
import type { UserInfo } from './types';

/** A public problem on a user's home page. */
export interface UserHomeProblem {
  /** numeric problem id */
  pid: number;
  /** display id (links go to /problem/:problemId) */
  problemId: string;
  title: string;
  difficulty: number;
}

/** GET /api/get-user-home-info: never the e-mail or the password. */
export interface UserHome {
  uid: string;
  username: string;
  nickname: string | null;
  school: string | null;
  signature: string | null;
  gender: string | null;
  github: string | null;
  blog: string | null;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  /** all submissions of the user (contests included) */
  total: number;
  /** display ids of the public problems the user has solved (outside contests) */
  solvedList: string[];
  /** Verdict: public problems the user submitted to outside contests without solving them */
  attemptedList: UserHomeProblem[];
  /** the solved problems by difficulty level (keys are the levels) */
  solvedGroupByDifficulty: Record<string, UserHomeProblem[]>;
  /** ISO time of the last login, null before the first */
  recentLoginTime: string | null;
  /** HOJ's Codeforces-style rating: not kept by Verdict */
  rating: null;
}

/** One day with submissions. */
export interface HeatmapDay {
  /** YYYY-MM-DD in the requested time zone */
  date: string;
  count: number;
}

/** GET /api/get-user-calendar-heatmap: the last year up to endDate; days without submissions are left out. */
export interface CalendarHeatmap {
  uid: string;
  /** YYYY-MM-DD: today in the requested time zone */
  endDate: string;
  dataList: HeatmapDay[];
}

/** HOJ's ChangeAccountVO (change-password, change-email). */
export interface ChangeAccountResult {
  /** 200 on success, else the refusal's status */
  code: number;
  msg: string;
  userInfo: UserInfo | null;
}

/** `data` of a refused change-password or change-email (400 wrong password, 429 locked). */
export interface PasswordRefusal {
  code: number;
  /** wrong password: tries left before the lock */
  triesLeft?: number;
  /** locked: minutes until the password may be tried again */
  minutes?: number;
}
