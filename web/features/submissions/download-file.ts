import { ApiError, buildQuery, type RequestOptions } from '@/shared/api/client';
import type { ApiEnvelope } from '@/shared/api/types';
import { authStore } from '@/web/lib/auth';
import { currentLanguage } from '@/web/lib/i18n';

/** Spec §7: file downloads wait up to 300 000 ms. */
export const DOWNLOAD_TIMEOUT_MS = 300_000;

function fileNameOf(header: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header ?? '');
  return plain?.[1] ?? fallback;
}

/**
 * A GET that answers a file (spec §7 generic file download): the blob is saved under the name the
 * server gives; an answer in JSON is the server refusing, thrown as an ApiError with its message.
 */
export async function downloadFile(path: string, query: RequestOptions['query'], fallbackName: string) {
  const headers: Record<string, string> = { 'Url-Type': 'general', 'Accept-Language': currentLanguage() };
  const token = authStore.getState().token;
  if (token) headers.Authorization = token;
  let res: Response;
  try {
    res = await fetch(`${path}${buildQuery(query)}`, {
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
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('Content-Disposition'), fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
