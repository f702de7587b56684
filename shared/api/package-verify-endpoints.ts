import type { ApiClient } from './client';
import type { ImportResult, VerifyStarted, VerifyStatus } from './package-verify-types';

/**
 * The console's problem import screen: a package uploaded to its format's import path
 * (PACKAGE_FORMATS), and the verification of a package's own example submissions.
 */
export function createPackageVerifyEndpoints(client: ApiClient) {
  return {
    /** the package as multipart field `file` (and `problemId`), at its format's path; the answer's message is the server's */
    adminImportPackage: (path: string, form: FormData) =>
      client.requestRaw<ImportResult>('POST', path, { body: form }),
    /** starts judging a Kattis or Polygon package's example submissions (multipart field `file`) */
    adminStartPackageVerify: (form: FormData) =>
      client.request<VerifyStarted>('POST', '/api/admin/problem/verify-package', { body: form }),
    /** a verification's progress, then its report (only its starter may read it) */
    adminGetPackageVerify: (verifyId: string) =>
      client.request<VerifyStatus>('GET', '/api/admin/problem/verify-package', { query: { verifyId } }),
  };
}
