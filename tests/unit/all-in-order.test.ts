import { describe, expect, it } from 'vitest';
import { allInOrder } from '../../web/lib/all-in-order';

const settleAfter = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(value) : resolve(value)), ms));

describe('allInOrder', () => {
  it('gives every answer in the order asked', async () => {
    expect(await allInOrder([settleAfter(20, 'a'), settleAfter(1, 2)] as const)).toEqual(['a', 2]);
  });

  it('fails with the first call’s refusal even when a later call failed sooner', async () => {
    const asked = allInOrder([
      settleAfter(30, 'not your problem', true),
      settleAfter(1, 'not public', true),
    ] as const);
    await expect(asked).rejects.toBe('not your problem');
  });

  it('fails with a later call’s refusal when the earlier calls succeed', async () => {
    await expect(
      allInOrder([settleAfter(5, 'ok'), settleAfter(1, 'not public', true)] as const),
    ).rejects.toBe('not public');
  });
});
