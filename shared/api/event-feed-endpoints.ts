import type { z } from 'zod';
import type { importedContest } from '../schemas/responses/contest-ops';
import type { ApiClient } from './client';

/** GET with `cid`: the contest as an ICPC Contest API event feed (an NDJSON file; fetch it as a download). */
export const EVENT_FEED_EXPORT_PATH = '/api/admin/contest/event-feed';
export const EVENT_FEED_IMPORT_PATH = '/api/admin/contest/import-event-feed';

/** The id of a contest created from an event feed. */
export type ImportedContest = z.infer<typeof importedContest>;

/** Contest event feeds: export is a file download at EVENT_FEED_EXPORT_PATH; import is a call. */
export function createEventFeedEndpoints(client: ApiClient) {
  return {
    /** creates a read-only contest replaying the feed (its NDJSON text, sent as one JSON string) */
    adminImportEventFeed: (ndjson: string) =>
      client.request<ImportedContest>('POST', EVENT_FEED_IMPORT_PATH, { body: ndjson, urlType: 'admin' }),
  };
}
