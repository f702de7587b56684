/** localStorage access that never throws (private mode, quota, bad JSON). */
export function readJson<T>(key: string, storage: Storage | undefined = globalThis.localStorage): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(
  key: string,
  value: unknown,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or unavailable: the value just is not kept
  }
}

export function removeKey(key: string, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(key);
  } catch {
    // ignore
  }
}
