/** Reads list filters from the URL query (list filters live in the URL). */
export function readPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('currentPage') ?? '', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

export function readLimit(params: URLSearchParams, fallback: number, options: readonly number[]): number {
  const limit = Number.parseInt(params.get('limit') ?? '', 10);
  return options.includes(limit) ? limit : fallback;
}

export function readInt(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key);
  if (raw === null || raw === '') return undefined;
  const value = Number.parseInt(raw, 10);
  return Number.isFinite(value) ? value : undefined;
}

/** A copy of params with the given keys set (empty, null and undefined remove the key). */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | number | boolean | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '' || value === false) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
