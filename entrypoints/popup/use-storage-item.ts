import { useEffect, useState } from 'react';

interface WatchableItem<T> {
  getValue(): Promise<T>;
  watch(callback: (value: T) => void): () => void;
}

/** The current value of a storage item, following changes; undefined while loading. */
export function useStorageItem<T>(item: WatchableItem<T>): T | undefined {
  const [value, setValue] = useState<T>();
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
