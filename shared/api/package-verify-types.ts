/** Answers of the admin console's package import and verification, shared by the server and the web app. */
import type { z } from 'zod';
import type * as verify from '../schemas/responses/package-verify';
import type * as importing from '../schemas/responses/problem-admin';

export type VerifyStarted = z.infer<typeof verify.verifyStarted>;
export type VerifyResult = z.infer<typeof verify.verifyResult>;
export type VerifyReport = z.infer<typeof verify.verifyReport>;
export type VerifyStatus = z.infer<typeof verify.verifyStatus>;
export type ImportResult = z.infer<typeof importing.importResult>;
export type ImportedProblem = z.infer<typeof importing.importedProblem>;
