import { z } from 'zod';
import { isoTime } from './common';

/** Answers of the virtual participation calls (docs/architecture.md, Virtual participation). */

/** One user's virtual run of a contest: the contest's length from its own start. */
export const virtualRun = z.object({
  id: z.number(),
  cid: z.number(),
  startTime: isoTime,
  endTime: isoTime,
  /** the run's clock is going now */
  running: z.boolean(),
});

/** What the caller may do about virtual participation in one contest, and their run if any. */
export const virtualState = z.object({
  cid: z.number(),
  /** the server's clock at the answer */
  now: isoTime,
  /** the caller may start a virtual run now */
  canStart: z.boolean(),
  run: virtualRun.nullable(),
});
