import { useEffect, useState } from 'react';

interface WatchableItem<T> {
  key?: string;
  getValue(): Promise<T>;
  watch(callback: (value: T) => void): () => void;
}

/** Values read before the first render (primeStorageItems), so pages paint cached content at once. */
const primed = new Map<WatchableItem<unknown>, unknown>();

export async function primeStorageItems(items: WatchableItem<unknown>[]): Promise<void> {
  const values = await Promise.all(items.map((item) => item.getValue()));
  for (const [i, item] of items.entries()) primed.set(item, values[i]);
}

/** The current value of a storage item, following changes; undefined while loading. */
export function useStorageItem<T>(item: WatchableItem<T>): T | undefined {
  const [value, setValue] = useState<T | undefined>(
    () => primed.get(item as WatchableItem<unknown>) as T | undefined,
  );
  useEffect(() => {
    let live = true;
    void item.getValue().then((v) => {
      if (live) setValue(v);
    });
    const unwatch = item.watch((v) => setValue(v));
    return () => {
      live = false;
      unwatch();
    };
  }, [item]);
  return value;
}
