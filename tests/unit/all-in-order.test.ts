import { describe, expect, it } from 'vitest';
import { allInOrder } from '../../web/lib/all-in-order';

const after = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(value) : resolve(value)), ms));

describe('allInOrder', () => {
  it('gives every answer in the order asked', async () => {
    expect(await allInOrder([after(20, 'a'), after(1, 2)] as const)).toEqual(['a', 2]);
  });

  it('fails with the first call’s refusal even when a later call failed sooner', async () => {
    const asked = allInOrder([after(30, 'not your problem', true), after(1, 'not public', true)] as const);
    await expect(asked).rejects.toBe('not your problem');
  });

  it('fails with a later call’s refusal when the earlier calls succeed', async () => {
    await expect(allInOrder([after(5, 'ok'), after(1, 'not public', true)] as const)).rejects.toBe(
      'not public',
    );
  });
});
