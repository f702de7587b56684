import { z } from 'zod';
import { isoTime } from './common';

/**
 * Answers of the admin console's site and judges pages (docs/architecture.md, Contracts on the
 * wire). HOJ's names where HOJ has the field; Verdict's own beside them.
 */

/** The judge queue at a glance: submissions waiting for a judge and how long the oldest has waited. */
export const queueGlance = z.object({
  /** submissions waiting (test runs not counted) */
  waiting: z.number(),
  /** test runs waiting */
  testRunsWaiting: z.number(),
  /** seconds the oldest waiting submission has waited; null when none waits */
  oldestWaitingSeconds: z.number().nullable(),
  /** that submission; null when none waits */
  oldestSubmitId: z.number().nullable(),
});

/** One login as the dashboard lists them. */
export const recentLogin = z.object({
  username: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  time: isoTime,
});

/** GET /api/admin/dashboard/get-dashboard-info: HOJ's three counts, then Verdict's. */
export const dashboardInfo = z.object({
  userNum: z.number(),
  /** contests not ended that start within the next 14 days (HOJ's rule: running ones count) */
  recentContestNum: z.number(),
  /** submissions since 00:00 UTC of the server's day (todayFrom) */
  todayJudgeNum: z.number(),
  /** where "today" starts: 00:00 UTC */
  todayFrom: isoTime,
  problemNum: z.number(),
  contestNum: z.number(),
  queue: queueGlance,
  /** the last logins on the whole site, newest first */
  recentLogins: z.array(recentLogin),
});

/** HOJ's Session: one login of a user. */
export const loginSession = z.object({
  id: z.number(),
  uid: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** One judge that has talked to this server: the in-process worker pool or a remote judge daemon. */
export const judgeServer = z.object({
  name: z.string(),
  kind: z.enum(['local', 'remote']),
  /** parallel judging slots, as far as seen; null when not known yet */
  workers: z.number().nullable(),
  /** the languages it judges; null: not told (any the server offers) */
  languages: z.array(z.string()).nullable(),
  firstSeen: isoTime,
  lastSeen: isoTime,
  /** online when seen within the last offlineAfterSeconds */
  status: z.enum(['online', 'offline']),
  /** submissions it finished */
  casesJudged: z.number(),
});

/** GET /api/admin/config/get-judge-service-info */
export const judgeServiceInfo = z.object({
  judges: z.array(judgeServer),
  queue: queueGlance,
  /** a judge not seen for this long is offline (three lease periods) */
  offlineAfterSeconds: z.number(),
});

/** GET /api/admin/config/get-service-info: this server process and its machine. */
export const serviceInfo = z.object({
  cpuCores: z.number(),
  /** 1, 5 and 15 minutes */
  loadAverage: z.array(z.number()),
  memory: z.object({ total: z.number(), free: z.number(), processRss: z.number() }),
  /** the file system of DATA_DIR; null when it cannot be read */
  disk: z.object({ total: z.number(), free: z.number() }).nullable(),
  /** seconds */
  uptime: z.object({ system: z.number(), process: z.number() }),
  nodeVersion: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});

/** GET /api/admin/config/get-email-config: HOJ's names; the password is never sent. */
export const emailConfig = z.object({
  emailHost: z.string(),
  emailPort: z.number(),
  emailUsername: z.string(),
  emailSsl: z.boolean(),
  /** HOJ's background image of its HTML mails; kept for HOJ's screen (Verdict's mails are text) */
  emailBGImg: z.string(),
  /** whether a password is stored (it is never sent back) */
  emailPasswordSet: z.boolean(),
  /** what the mailer uses now: SMTP_URL, these settings, or .eml files in DATA_DIR/mail */
  source: z.enum(['environment', 'database', 'files']),
});

/** POST /api/admin/config/test-email: where the test mail went. */
export const testEmailResult = z.object({ source: z.enum(['environment', 'database', 'files']) });

/** GET /api/admin/config/get-db-and-redis-config: what applies, read-only (never a password). */
export const dbConfig = z.object({
  dbType: z.enum(['sqlite', 'postgresql']),
  dbHost: z.string().nullable(),
  dbPort: z.number().nullable(),
  /** the database name; for SQLite the file */
  dbName: z.string().nullable(),
  dbUsername: z.string().nullable(),
  /** Verdict keeps everything in the database: no Redis */
  redisHost: z.null(),
  redisPort: z.null(),
  /** always false: these come from the environment (DATABASE_URL) */
  editable: z.boolean(),
});

/** A home carousel image (HOJ: {id, url}); the url is served as avatars are. */
export const carouselImage = z.object({ id: z.number(), url: z.string() });
