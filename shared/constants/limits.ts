/** Business limits, poll intervals and page sizes, one place for every layer. */
export const LIMITS = {
  codeMaxLength: 65535,
  testInputMaxLength: 1000,
  usernameMaxLength: 20,
  passwordMinLength: 6,
  passwordMaxLength: 20,
  commentMaxLength: 10000,
  printMinLength: 50,
  /** default seconds between two non-contest submissions of an ordinary user (site setting) */
  defaultSubmitIntervalSeconds: 8,
} as const;

export const POLL = {
  submissionStatusMs: 2000,
  /** the longest wait between two checks of a submission waiting deep in the queue (shared/api/polling) */
  submissionStatusMaxMs: 15_000,
  submissionStatusMaxChecks: 300,
  testJudgeMs: 1000,
  unreadMessagesMs: 120_000,
  contestAnnouncementsMs: 60_000,
  scoreboardMs: 30_000,
  adminHelperMs: 10_000,
} as const;

export const PAGE_SIZES = {
  submissions: 15,
  problems: 20,
  mySubmissions: 10,
  /** problem page Explain tab */
  explain: 4,
  pagerOptions: [10, 15, 30, 50, 100],
} as const;

/**
 * The submission list counts at most this many rows per filter (1,000 pages of 10; 667 of 15);
 * beyond it the page says `totalCapped` and the pager shows "10000+". Counting a million rows
 * per request would cost more than the page.
 */
export const LIST_TOTAL_CAP = 10_000;

export const HTTP_TIMEOUT_MS = 90_000;
export const MESSAGE_DURATION_MS = 4000;

/** Wrong-case downloads a user may make per UTC day (2 for users, 5 for admin roles). */
export const WRONG_CASE_DAILY_DOWNLOADS = { user: 2, admin: 5 } as const;

/**
 * Submits that need a captcha: an ordinary user's non-contest submit after `free`
 * submissions within the last `windowSeconds` must carry a solved captcha. Admins never.
 */
export const SUBMIT_CAPTCHA = { free: 10, windowSeconds: 600 } as const;

/**
 * Comments and replies per user (docs/security.md; HOJ limits only who may post, not how often): each
 * kind counted on its own in fixed windows of a minute and of a day. Root, admins and problem admins
 * are not limited, as HOJ exempts them from its daily discussion limit.
 */
export const COMMENT_RATE = {
  comment: { perMinute: 5, perDay: 50 },
  reply: { perMinute: 10, perDay: 200 },
} as const;

/** Test data uploaded from the admin console (docs/problem-formats.md, Test data uploads). */
export const TESTDATA_LIMITS = {
  /** bytes of one input or output file */
  fileBytes: 64 * 1024 * 1024,
  /** cases of one problem */
  cases: 1000,
  /** bytes shown of a case in the admin case list */
  previewBytes: 120,
} as const;

/** What one admin may repeat in the problem editor, per 10 minutes: each costs disk or a sandbox run. */
export const PROBLEM_EDITOR_QUOTA = {
  uploads: { max: 60, windowSeconds: 600 },
  compiles: { max: 60, windowSeconds: 600 },
} as const;

/**
 * The site and judges pages of the admin console (docs/security.md, Site settings in the admin
 * console): what one admin may repeat, and the home carousel's images.
 */
export const SITE_ADMIN_LIMITS = {
  /** test mails per admin: each one opens a connection to the mail server */
  testEmail: { max: 5, windowSeconds: 600 },
  /** carousel uploads per admin: each stays on disk */
  carouselUploads: { max: 30, windowSeconds: 600 },
  /** bytes of one carousel image */
  carouselImageBytes: 5 * 1024 * 1024,
  /** images on the home carousel at once */
  carouselImages: 20,
  /** logins kept per user (the dashboard shows the one before the current) */
  sessionsKept: 20,
  /** logins on the dashboard, site-wide */
  recentLogins: 10,
  /** characters of a login's user agent that are kept */
  userAgentChars: 512,
  /** HOJ's "recent contests": not ended and starting within this many days */
  recentContestDays: 14,
} as const;

/**
 * The file store's collector (server/services/files/gc.ts; docs/operations.md, Bounded disk). A
 * stored file no row refers to is removed once it is older than `graceMs`: an upload writes its
 * file before the row that names it, so a young file may be one whose row is on its way.
 */
export const FILE_STORE_GC = {
  /** unreferenced files younger than this stay (an upload in flight) */
  graceMs: 60 * 60 * 1000,
  /** a store temporary (`<sha256>.<pid>.tmp`) this old was left by a process that died writing it */
  staleTemporaryMs: 24 * 60 * 60 * 1000,
  /**
   * a staged test data upload names its files this long; the editor refuses one after a day
   * (services/problems/testdata/staging.ts), so twice that leaves a margin
   */
  stagedUploadMs: 2 * 24 * 60 * 60 * 1000,
  /** how often the server collects; one replica of a site does it (a lease row in rate_lock) */
  intervalMs: 24 * 60 * 60 * 1000,
  /** the first collection after a start (FILES_GC_DELAY_MS overrides it; tests shorten it) */
  firstRunDelayMs: 10 * 60 * 1000,
  /** one collection at a time (the server's and `verdict gc`); a crashed one frees it after this */
  runLockSeconds: 60 * 60,
  /** files quarantined and checked against the database again at a time */
  batch: 500,
} as const;
