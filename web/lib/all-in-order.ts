type Results<T extends readonly unknown[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

/**
 * Promise.all, except that a failure is the first in the list's order, not in time's: calls made
 * together for one screen, the first of which names the screen's refusal (a problem editor's
 * problem call says "you may not edit this", another of its calls "this problem is not public";
 * whichever answered first would otherwise decide what the user reads).
 */
export async function allInOrder<T extends readonly unknown[]>(calls: T): Promise<Results<T>> {
  const settled = await Promise.allSettled(calls);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as Results<T>;
}
