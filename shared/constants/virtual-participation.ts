/**
 * Virtual participation (docs/architecture.md, Virtual participation): a user takes part in an ended
 * contest on a clock of their own, for the contest's length, against the board as it stood at the same
 * elapsed time.
 */
export const VIRTUAL_LIMITS = {
  /** virtual runs one user may have of one contest, ever (a second start is refused) */
  runsPerContest: 1,
  /** virtual runs one user may start (in any contest) per window */
  start: { max: 5, windowSeconds: 3600 },
  /** how often the contest page asks for the caller's virtual state while it is open */
  pollMs: 60_000,
} as const;
