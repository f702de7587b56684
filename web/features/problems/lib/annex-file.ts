import { ApiError, buildQuery } from '@/shared/api/client';
import { HTTP_TIMEOUT_MS } from '@/shared/constants/limits';
import { apiClient } from '@/web/lib/api';
import { authStore } from '@/web/lib/auth';
import { currentLanguage } from '@/web/lib/i18n';

/** Spec §7 file downloads wait longer than other calls. */
const DOWNLOAD_TIMEOUT_MS = Math.max(HTTP_TIMEOUT_MS, 300_000);

/**
 * One Problem Annex file from GET /api/file/download-problem-annex, with the login token (hidden
 * problems are open to admins only). A JSON answer is a refusal: it is raised as an ApiError.
 */
export async function fetchAnnexFile(problemId: string, name: string): Promise<Blob> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = authStore.getState().token;
  if (token) headers.Authorization = token;
  let res: Response;
  try {
    res = await fetch(
      `${apiClient.baseUrl()}/api/file/download-problem-annex${buildQuery({ problemId, name })}`,
      { headers, signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) },
    );
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new ApiError(timedOut ? 'timeout' : 'network', 0, 0, timedOut ? 'timeout' : 'network');
  }
  if (!res.ok || (res.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body = (await res.json().catch(() => null)) as { status?: number; msg?: string } | null;
    throw new ApiError('status', body?.status ?? res.status, res.status, body?.msg ?? '');
  }
  return res.blob();
}

/** Saves a blob under the given name through the browser's download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
