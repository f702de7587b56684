import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/services/errors';
import { countPasswordTry, type TryRow, type TryStore } from '../../server/services/site/password-tries';

const GUARD = { freeTries: 5, firstWaitSeconds: 30, maxWaitSeconds: 3600, forgetAfterSeconds: 86_400 };
const KEY = 'contestLimits.passwordTooFast';

/**
 * One row in memory, behaving like the database's: each call answers on a later turn, so parallel
 * tries interleave between reading the row and writing it as they do on a busy server.
 */
function memoryStore(initial?: TryRow): TryStore & { row(): TryRow | undefined } {
  let row = initial;
  const later = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
  return {
    row: () => row,
    async read() {
      await later();
      return row && { ...row };
    },
    async insert(values) {
      await later();
      if (row) return false;
      row = values;
      return true;
    },
    async replace(previous, values) {
      await later();
      if (!row || JSON.stringify(row) !== JSON.stringify(previous)) return false;
      row = values;
      return true;
    },
  };
}

async function settle(call: Promise<number>): Promise<number | AppError> {
  try {
    return await call;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
}

describe('password tries', () => {
  it('of 10 parallel tries, exactly the 5 free ones are counted and the rest refused with the wait', async () => {
    for (let round = 0; round < 5; round++) {
      const store = memoryStore();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => settle(countPasswordTry(store, GUARD, KEY))),
      );
      const counted = answers.filter((a) => typeof a === 'number');
      const refused = answers.filter((a): a is AppError => a instanceof AppError);
      expect(counted.sort()).toEqual([0, 0, 0, 0, 30]);
      expect(refused).toHaveLength(5);
      for (const r of refused) {
        expect(r.status).toBe(429);
        expect(r.key).toBe(KEY);
      }
      expect(store.row()?.failures).toBe(5);
    }
  });

  it('a free try written a moment "later" by another clock does not refuse the next one', async () => {
    const ahead = new Date(Date.now() + 2000).toISOString();
    const store = memoryStore({
      failures: 2,
      retry_at: ahead,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await countPasswordTry(store, GUARD, KEY)).toBe(0);
    expect(store.row()?.failures).toBe(3);
  });

  it('past the free tries, a try within the wait is refused with the seconds left and not counted', async () => {
    const store = memoryStore({
      failures: 5,
      retry_at: new Date(Date.now() + 20_000).toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const refused = await settle(countPasswordTry(store, GUARD, KEY));
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).data).toEqual({ seconds: 20 });
    expect(store.row()?.failures).toBe(5);
  });

  it('a forgotten row starts the count afresh', async () => {
    const store = memoryStore({
      failures: 9,
      retry_at: new Date(Date.now() - 1000).toISOString(),
      expires_at: new Date(Date.now() - 1).toISOString(),
    });
    expect(await countPasswordTry(store, GUARD, KEY)).toBe(0);
    expect(store.row()?.failures).toBe(1);
  });
});
