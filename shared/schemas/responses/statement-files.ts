import { z } from 'zod';

/** Answers of the statement image and file uploads (docs/architecture.md, Contracts on the wire). */

/**
 * HOJ's answer to upload-md-img: where the upload is served and its id for delete-md-img. HOJ
 * answers upload-md-file with the link alone; Verdict adds the id there too.
 */
export const uploadedStatementFile = z.object({
  /** /api/public/img/<name> or /api/public/file/<name>, to put into the Markdown as it is */
  link: z.string(),
  fileId: z.number(),
});
