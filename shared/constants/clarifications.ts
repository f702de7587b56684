/**
 * Contest clarifications (docs/architecture.md, Clarifications): a participant asks the contest's jury
 * about one problem or the contest in general; the jury answers privately or to everyone.
 */
export const CLARIFICATION_LIMITS = {
  /** characters of a question or an answer, after trimming */
  textMax: 2000,
  /** questions one user may ask (in any contest) per window; the contest's admins are not limited */
  ask: { max: 5, windowSeconds: 600 },
  /** answers and clarifications to everyone one contest admin may send per window */
  jury: { max: 60, windowSeconds: 600 },
  /** a page of the participant's list */
  pageSize: 10,
  /** a page of the jury's queue */
  queuePageSize: 20,
  /** the unread clarifications sent with the unread count (the newest first) */
  unreadListMax: 20,
  /** how often the contest page asks for the unread count, and the jury's queue refreshes */
  pollMs: 30_000,
} as const;
