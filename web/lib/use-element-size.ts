import { useCallback, useRef, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/**
 * The size of an element's content box, kept current by a ResizeObserver: a drawing sized in pixels
 * (a chart) follows its container without a library's measuring wrapper. 0 × 0 until it is measured.
 */
export function useElementSize<T extends Element>(): [(element: T | null) => void, ElementSize] {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = (width: number, height: number) =>
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    // the first size comes with the observer's first call, after the layout the browser does anyway
    // (reading it here would force one more in the middle of React's commit)
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) measure(Math.floor(entry.contentRect.width), Math.floor(entry.contentRect.height));
    });
    observer.current.observe(element);
  }, []);
  return [ref, size];
}
