import type { Endpoints } from '@/shared/api/endpoints';
import { contestsItem } from './state';

/**
 * A contest's name for a notification: from the running contests the worker keeps, else from the
 * server (GET /api/get-contest-info); null when neither knows it.
 */
export async function contestTitleOf(api: Endpoints, cid: number): Promise<string | null> {
  const known = (await contestsItem.getValue())?.items.find((c) => c.id === cid)?.title;
  if (known) return known;
  const info = await api.getContestInfo(cid).catch(() => null);
  return info?.title ?? null;
}
