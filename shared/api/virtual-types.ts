/** Virtual participation in ended contests. */

import type { z } from 'zod';
import type * as s from '../schemas/responses/virtual-participation';

/** A user's virtual run of a contest. */
export type VirtualRun = z.infer<typeof s.virtualRun>;

/** The caller's virtual state in a contest. */
export type VirtualState = z.infer<typeof s.virtualState>;
