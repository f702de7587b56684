import { z } from 'zod';

/**
 * POST /api/admin/contest/import-event-feed: the NDJSON text, sent raw (application/x-ndjson, text/plain,
 * application/octet-stream) or as one JSON string (application/json, what the typed client sends).
 */
export const importEventFeedBody = z.string({ error: 'eventFeed.feedRequired' });
export type ImportEventFeedBody = z.infer<typeof importEventFeedBody>;
