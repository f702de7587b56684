/** Contest constants (HOJ's contest table and its codes). */
export const ContestType = { ACM: 0, OI: 1 } as const;
export type ContestTypeValue = (typeof ContestType)[keyof typeof ContestType];

/** 0 public: anyone logged in; 1 private: register with the password to view; 2 protected: register to submit. */
export const ContestAuth = { PUBLIC: 0, PRIVATE: 1, PROTECTED: 2 } as const;
export type ContestAuthValue = (typeof ContestAuth)[keyof typeof ContestAuth];

/** HOJ's status numbers, computed from the clock: -1 scheduled, 0 running, 1 ended. */
export const ContestStatus = { SCHEDULED: -1, RUNNING: 0, ENDED: 1 } as const;
export type ContestStatusValue = (typeof ContestStatus)[keyof typeof ContestStatus];

export const OI_RANK_SCORE_TYPES = ['Recent', 'Highest'] as const;
export type OiRankScoreType = (typeof OI_RANK_SCORE_TYPES)[number];

/**
 * How an ACM board adds up time (contest setting): 'hoj-seconds' sums accept times in seconds (HOJ, the
 * default); 'icpc-minutes' floors each accept time to the minute first (ICPC), ties then broken by the last accept.
 */
export const PENALTY_MODES = ['hoj-seconds', 'icpc-minutes'] as const;
export type PenaltyModeValue = (typeof PENALTY_MODES)[number];

export const RANK_SHOW_NAMES = ['username', 'realname', 'nickname'] as const;
export type RankShowName = (typeof RANK_SHOW_NAMES)[number];

/** 0 no awards, 1 by percentage of ranked participants, 2 by fixed counts. */
export const AwardType = { NONE: 0, PERCENT: 1, COUNT: 2 } as const;

export const CONTEST_LIMITS = {
  titleMaxLength: 255,
  descriptionMaxLength: 65535,
  passwordMaxLength: 64,
  /** a short name (the contest site's /SHORT) has 5-10 characters */
  shortNameMinLength: 5,
  shortNameMaxLength: 10,
  settingMaxLength: 255,
  informedMaxLength: 65535,
  starAccountMax: 500,
  awardConfigMax: 20,
  displayIdMaxLength: 20,
  displayTitleMaxLength: 255,
  colorMaxLength: 32,
} as const;

export const CONTEST_PAGE_SIZE = 10;
export const CONTEST_PROBLEM_PAGE_SIZE = 50;
/** Scoreboards show 30 rows a page (options 10, 30, 50, 100, 300). */
export const CONTEST_RANK_PAGE_SIZE = 30;
export const CONTEST_RANK_PAGE_OPTIONS = [10, 30, 50, 100, 300] as const;

/**
 * Abuse limits of contests (docs/security.md). The server enforces them; numbers live here once.
 * - password: per contest and user, 5 wrong passwords are free; each further wrong one makes the next
 *   try wait, 30 s after the 5th, doubling up to an hour; forgotten a day after the last wrong one.
 * - submitBurst / submitRefillSeconds: a contest's own setting (defaults and bounds here): each
 *   participant's submissions, and separately their test runs, come at most `submitBurst` at once,
 *   then one per `submitRefillSeconds` (a token bucket). The contest's admins are not limited.
 */
export const CONTEST_GUARDS = {
  password: {
    freeTries: 5,
    firstWaitSeconds: 30,
    maxWaitSeconds: 3600,
    forgetAfterSeconds: 24 * 3600,
  },
  submitBurst: { default: 5, min: 1, max: 100 },
  submitRefillSeconds: { default: 5, min: 1, max: 3600 },
} as const;

/** Event feed imports (docs/security.md): times a feed may hold, so every stored time stays an ISO-8601 string. */
export const EVENT_FEED_LIMITS = {
  /** the longest contest a feed may describe, and the farthest a contest time may lie from its start */
  maxDurationDays: 366,
  /** start (and end) years a feed may name: four-digit ISO years sort like times */
  minYear: 1970,
  maxYear: 9999,
  /** penalty_time in minutes */
  maxPenaltyMinutes: 1440,
} as const;
