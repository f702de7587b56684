import { z } from 'zod';

/**
 * GET /api/events: the stream's topics. `contest` watches one contest's board and announcements;
 * `lastEventId` resumes (the Last-Event-ID header says the same and wins).
 */
export const liveStreamQuery = z.object({
  contest: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  lastEventId: z.string().max(64).optional(),
});
export type LiveStreamQuery = z.output<typeof liveStreamQuery>;
