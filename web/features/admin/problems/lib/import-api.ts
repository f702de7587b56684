import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '../../console-api';

/** The console polls a running verification every second (a submission takes about that long). */
export const VERIFY_POLL_MS = 1000;

/** The upload as the import routes read it: field `file`, and `problemId` when one is given. */
function packageForm(file: File, problemId = ''): FormData {
  const form = new FormData();
  if (problemId.trim()) form.append('problemId', problemId.trim());
  form.append('file', file);
  return form;
}

/** Imports a package at its format's path; the console's lists and the site's pages are read again. */
export function useImportPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { path: string; file: File; problemId: string }) =>
      consoleApi.adminImportPackage(input.path, packageForm(input.file, input.problemId)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'problems'] });
      void queryClient.invalidateQueries({ queryKey: ['problems'] });
    },
  });
}

/** Starts the server's verification of a package; answers the job's id. */
export function useStartVerify() {
  return useMutation({
    mutationFn: (file: File) => consoleApi.adminStartPackageVerify(packageForm(file)),
  });
}

/**
 * A verification's progress, polled while it runs and left alone once it is done or failed. Its
 * failure (a job gone after 30 minutes) is shown on the screen, not as a toast each second.
 */
export function useVerifyStatus(verifyId: string | null) {
  return useQuery({
    queryKey: ['admin', 'package-verify', verifyId],
    enabled: verifyId !== null,
    queryFn: () => consoleApi.adminGetPackageVerify(verifyId ?? ''),
    refetchInterval: (query) =>
      query.state.status !== 'error' &&
      query.state.data?.state !== 'done' &&
      query.state.data?.state !== 'failed'
        ? VERIFY_POLL_MS
        : false,
    staleTime: 0,
    meta: { silent: true },
  });
}
