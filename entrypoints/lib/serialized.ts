/**
 * Runs a task one at a time. A call while it runs queues one more run (calls made before that
 * run starts share it), so the last state always wins and no two runs overlap.
 */
export function serialized<T>(task: () => Promise<T>): () => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<T> | null = null;
  return () => {
    if (queued) return queued;
    const run = tail.then(() => {
      queued = null;
      return task();
    });
    queued = run;
    tail = run.catch(() => undefined);
    return run;
  };
}
