/** Answers of the admin console's problem editor, shared by the server and the web app. */
import type { z } from 'zod';
import type * as editor from '../schemas/responses/problem-editor';

export type AdminProblem = z.infer<typeof editor.adminProblem>;
export type AdminProblemCase = z.infer<typeof editor.adminProblemCase>;
export type CodeTemplate = z.infer<typeof editor.codeTemplate>;
export type StagedUpload = z.infer<typeof editor.stagedUpload>;
export type SavedProblem = z.infer<typeof editor.savedProblem>;
