/**
 * Judge status codes (HOJ `Constants.Judge`). The one table every layer reads:
 * the judge writes these codes, the server stores and filters by them, web and extension
 * show their names and colours.
 */
export const JudgeStatus = {
  NOT_SUBMITTED: -10,
  SUBMITTED_UNKNOWN: -5,
  CANCELLED: -4,
  PRESENTATION_ERROR: -3,
  COMPILE_ERROR: -2,
  WRONG_ANSWER: -1,
  ACCEPTED: 0,
  TIME_LIMIT_EXCEEDED: 1,
  MEMORY_LIMIT_EXCEEDED: 2,
  RUNTIME_ERROR: 3,
  SYSTEM_ERROR: 4,
  PENDING: 5,
  COMPILING: 6,
  JUDGING: 7,
  PARTIAL_ACCEPTED: 8,
  SUBMITTING: 9,
  SUBMITTED_FAILED: 10,
} as const;

export type JudgeStatusCode = (typeof JudgeStatus)[keyof typeof JudgeStatus];

export interface StatusInfo {
  /** i18n key under `status.` in locales/ */
  key: string;
  /** short name (ac, wa, ...) as used by HOJ clients */
  short: string;
  /** tailwind-independent colour, used by web, extension and the result pie */
  color: string;
}

export const STATUS_INFO: Record<JudgeStatusCode, StatusInfo> = {
  [-10]: { key: 'notSubmitted', short: 'ns', color: '#909399' },
  [-5]: { key: 'submittedUnknown', short: 'unknown', color: '#909399' },
  [-4]: { key: 'cancelled', short: 'ca', color: '#676fc1' },
  [-3]: { key: 'presentationError', short: 'pe', color: '#f59e0b' },
  [-2]: { key: 'compileError', short: 'ce', color: '#d97706' },
  [-1]: { key: 'wrongAnswer', short: 'wa', color: '#ef4444' },
  0: { key: 'accepted', short: 'ac', color: '#16a34a' },
  1: { key: 'timeLimitExceeded', short: 'tle', color: '#f97316' },
  2: { key: 'memoryLimitExceeded', short: 'mle', color: '#eab308' },
  3: { key: 'runtimeError', short: 're', color: '#ea580c' },
  4: { key: 'systemError', short: 'se', color: '#6b7280' },
  5: { key: 'pending', short: 'pending', color: '#64748b' },
  6: { key: 'compiling', short: 'compiling', color: '#0ea5e9' },
  7: { key: 'judging', short: 'judging', color: '#0ea5e9' },
  8: { key: 'partialAccepted', short: 'pa', color: '#2563eb' },
  9: { key: 'submitting', short: 'submitting', color: '#0ea5e9' },
  10: { key: 'submittedFailed', short: 'sf', color: '#6b7280' },
};

export const ALL_STATUS_CODES = Object.keys(STATUS_INFO).map(Number) as JudgeStatusCode[];

/**
 * Work a judge has not finished: waiting, compiling or running. The queue claims, renews and
 * accepts results only for rows in these statuses; a manual verdict is refused while one holds.
 */
export const JUDGING_STATUSES: readonly JudgeStatusCode[] = [
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
];

/**
 * Statuses a submission passes through before its verdict, as a client sees them: the judge's
 * own, and Submitting (a remote judge's) — clients keep polling.
 */
export const IN_PROGRESS_STATUSES: readonly JudgeStatusCode[] = [...JUDGING_STATUSES, JudgeStatus.SUBMITTING];

/** Statuses whose error message is meant for the user: Compile Error, System Error, Submitted Failed. */
export const ERROR_TEXT_STATUSES: readonly JudgeStatusCode[] = [
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.SUBMITTED_FAILED,
];

export function showsErrorText(status: number): boolean {
  return (ERROR_TEXT_STATUSES as readonly number[]).includes(status);
}

export function isInProgress(status: number): boolean {
  return (IN_PROGRESS_STATUSES as readonly number[]).includes(status);
}

export function isJudgeStatus(value: number): value is JudgeStatusCode {
  return value in STATUS_INFO;
}

export function statusInfo(status: number): StatusInfo {
  return isJudgeStatus(status) ? STATUS_INFO[status] : STATUS_INFO[JudgeStatus.SYSTEM_ERROR];
}

/** Verdicts with a failing test case to download (the wrong-case card): WA, PE, TLE, MLE, RE, PA. */
export const WRONG_VERDICTS: readonly JudgeStatusCode[] = [
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
];

export function isWrongVerdict(status: number): boolean {
  return (WRONG_VERDICTS as readonly number[]).includes(status);
}

/** The owner may resubmit a submission whose judging failed: Submitted Failed, System Error. */
export const RESUBMITTABLE_STATUSES: readonly number[] = [
  JudgeStatus.SUBMITTED_FAILED,
  JudgeStatus.SYSTEM_ERROR,
];
