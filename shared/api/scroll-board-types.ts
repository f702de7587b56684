/**
 * The scroll board (ICPC-resolver style rolling of a frozen ACM board, as HOJ's): the contest's shape and
 * every submission of the contest, from which the client rebuilds the frozen board and reveals it step by
 * step.
 */

import type { z } from 'zod';
import type * as s from '../schemas/responses/scroll-board';

/** How a submission counts on the board. */
export type ScrollOutcome = z.infer<typeof s.scrollOutcome>;

export type ScrollBoardProblem = z.infer<typeof s.scrollBoardProblem>;

export type ScrollBoardInfo = z.infer<typeof s.scrollBoardInfo>;

export type ScrollBoardSubmission = z.infer<typeof s.scrollBoardSubmission>;
