/** Answers of the contest scoreboards: the types are the response schemas' (docs/architecture.md, Contracts on the wire). */

import type { z } from 'zod';
import type * as rank from '../schemas/responses/contest-rank';

/** An ACM cell (HOJ submissionInfo entry); only problems the participant tried are present. */
export type AcmRankCell = z.infer<typeof rank.acmRankCell>;
export type AcmRankRow = z.infer<typeof rank.acmRankRow>;
export type OiRankRow = z.infer<typeof rank.oiRankRow>;
/** A board holds rows of one kind, after the contest's type. */
export type ContestRankRow = AcmRankRow | OiRankRow;
/** HOJ GET /api/get-contest-outsize-info: what the public board page needs besides the rows. */
export type ContestOutsideInfo = z.infer<typeof rank.contestOutsideInfo>;
