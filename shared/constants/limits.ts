/** Business constants of spec §9, one place for every layer. */
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
  pagerOptions: [10, 15, 30, 50, 100],
} as const;

export const HTTP_TIMEOUT_MS = 90_000;
export const MESSAGE_DURATION_MS = 4000;
