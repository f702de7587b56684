/** Contest clarifications: what participants and the contest's jury read. */

import type { z } from 'zod';
import type * as s from '../schemas/responses/clarifications';

/** A clarification as a participant sees it (their question and its answer, or one sent to everyone). */
export type ContestClarification = z.infer<typeof s.contestClarification>;

/** The caller's unread clarifications of a contest (and, for its admins, the questions waiting). */
export type ClarificationUnread = z.infer<typeof s.clarificationUnread>;

/** A question in the jury's queue. */
export type ClarificationQueueItem = z.infer<typeof s.clarificationQueueItem>;
