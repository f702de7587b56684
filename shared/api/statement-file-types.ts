/** Answers of the statement uploads, shared by the server and the web app. */
import type { z } from 'zod';
import type { uploadedStatementFile } from '../schemas/responses/statement-files';

export type UploadedStatementFile = z.infer<typeof uploadedStatementFile>;
