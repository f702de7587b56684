import { ApiError, buildQuery, type RequestOptions } from '@/shared/api/client';
import type { ApiEnvelope } from '@/shared/api/types';
import { apiClient } from '@/web/lib/api';
import { authStore } from '@/web/lib/auth';
import { currentLanguage } from '@/web/lib/i18n';

/** File downloads wait up to 300 000 ms before they give up. */
export const DOWNLOAD_TIMEOUT_MS = 300_000;

function fileNameOf(header: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header ?? '');
  return plain?.[1] ?? fallback;
}

/**
 * A GET that answers a file, with the login token: the blob and
 * the name the server gives. An answer in JSON is the server refusing, thrown as an ApiError
 * with its message; a network failure or the 300 s timeout too.
 */
export async function fetchFile(
  path: string,
  query: RequestOptions['query'],
  fallbackName: string,
): Promise<{ blob: Blob; name: string }> {
  const headers: Record<string, string> = { 'Url-Type': 'general', 'Accept-Language': currentLanguage() };
  const token = authStore.getState().token;
  if (token) headers.Authorization = token;
  let res: Response;
  try {
    res = await fetch(`${apiClient.baseUrl()}${path}${buildQuery(query)}`, {
      headers,
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new ApiError(timedOut ? 'timeout' : 'network', 0, 0, timedOut ? 'timeout' : 'network');
  }
  if ((res.headers.get('Content-Type') ?? '').includes('application/json') || !res.ok) {
    const body = (await res.json().catch(() => null)) as ApiEnvelope<unknown> | null;
    throw new ApiError('status', body?.status ?? res.status, res.status, body?.msg ?? '', body?.data ?? null);
  }
  return { blob: await res.blob(), name: fileNameOf(res.headers.get('Content-Disposition'), fallbackName) };
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

/** Fetches a file and saves it (the wrong-case zip, annex files ...). */
export async function downloadFile(path: string, query: RequestOptions['query'], fallbackName: string) {
  const { blob, name } = await fetchFile(path, query, fallbackName);
  saveBlob(blob, name);
}
