import { z } from 'zod';
import { userInfo } from './account';
import { isoTime } from './common';

/** Answers of HOJ's user home and account settings (docs/architecture.md, Contracts on the wire). */

/** A public problem on a user's home page. */
export const userHomeProblem = z.object({
  /** numeric problem id */
  pid: z.number(),
  /** display id (links go to /problem/:problemId) */
  problemId: z.string(),
  title: z.string(),
  difficulty: z.number(),
});

/** GET /api/get-user-home-info: never the e-mail or the password. */
export const userHome = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  school: z.string().nullable(),
  signature: z.string().nullable(),
  gender: z.string().nullable(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  /** all submissions of the user (contests included) */
  total: z.number(),
  /** display ids of the public problems the user has solved (outside contests) */
  solvedList: z.array(z.string()),
  /** Verdict: public problems the user submitted to outside contests without solving them */
  attemptedList: z.array(userHomeProblem),
  /** the solved problems by difficulty level (keys are the levels) */
  solvedGroupByDifficulty: z.record(z.string(), z.array(userHomeProblem)),
  /** HOJ: the best OI rank score of each public problem scored outside contests (its client sums them) */
  scoreList: z.array(z.number()),
  /** ISO time of the last login, null before the first */
  recentLoginTime: isoTime.nullable(),
  /** HOJ's Codeforces-style rating: not kept by Verdict */
  rating: z.null(),
});

/** One day with submissions. */
export const heatmapDay = z.object({
  /** YYYY-MM-DD in the requested time zone */
  date: z.string(),
  count: z.number(),
});

/** GET /api/get-user-calendar-heatmap: the last year up to endDate; days without submissions are left out. */
export const calendarHeatmap = z.object({
  uid: z.string(),
  /** YYYY-MM-DD: today in the requested time zone */
  endDate: z.string(),
  dataList: z.array(heatmapDay),
});

/** HOJ's ChangeAccountVO (change-password, change-email). */
export const changeAccountResult = z.object({
  /** 200 on success, else the refusal's status */
  code: z.number(),
  msg: z.string(),
  userInfo: userInfo.nullable(),
});

/** `data` of a refused change-password or change-email (400 wrong password, 429 locked). */
export const passwordRefusal = z.object({
  code: z.number(),
  /** wrong password: tries left before the lock */
  triesLeft: z.number().optional(),
  /** locked: minutes until the password may be tried again */
  minutes: z.number().optional(),
});
