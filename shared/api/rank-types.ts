import type { z } from 'zod';
import type * as ranks from '../schemas/responses/ranks';

/** HOJ ACMRankVO: a row of the ACM rank. */
export type AcmRankItem = z.infer<typeof ranks.acmRankItem>;

/** HOJ OIRankVO: a row of the OI rank. */
export type OiRankItem = z.infer<typeof ranks.oiRankItem>;

/** GET /api/get-recent-seven-ac-rank: one of the week's leaders. */
export type WeekLeader = z.infer<typeof ranks.weekLeader>;
