import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRequest } from '../../server/services/site/rate-window';
import { ACCOUNT } from '../../shared/constants/accounts';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Per-IP quotas on what costs the server something (a mail, an image): register codes, reset
 * captchas and login puzzles. This test server names loopback its proxy (TRUST_PROXY), which is
 * how these requests come from different addresses.
 */
describe.each(DATABASES)('per-IP quotas on $name', ({ name, databaseUrl }) => {
  let server: TestServer;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0, env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const get = (path: string, ip: string) =>
    fetch(`${server.url}${path}`, { headers: { 'X-Forwarded-For': ip, 'Accept-Language': 'en-US' } });

  async function exhaust(path: (i: number) => string, ip: string, max: number) {
    for (let i = 0; i < max; i++) {
      const res = await get(path(i), ip);
      expect(res.status, `request ${i + 1} of ${max}`).toBe(200);
    }
    const refused = await get(path(max), ip);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { status: number; msg: string; data: { seconds: number } };
    expect(body.status).toBe(429);
    expect(body.msg).toMatch(/^Too many requests from your address\. Please try again in \d+ minutes\.$/);
    expect(body.data.seconds).toBeGreaterThan(0);
    // another address is not affected
    expect((await get(path(max + 1), '203.0.113.250')).status).toBe(200);
  }

  it('refuses the captcha beyond its quota per address', async () => {
    await exhaust(() => '/api/captcha', '203.0.113.1', ACCOUNT.ipQuota.captcha.max);
  });

  it('refuses the login puzzle beyond its quota per address', async () => {
    await exhaust(() => '/api/get-login-puzzle', '203.0.113.2', ACCOUNT.ipQuota.loginPuzzle.max);
  });

  it('refuses register codes beyond the quota per address, whatever the e-mail', async () => {
    await exhaust(
      (i) => `/api/get-register-code?email=quota${i}@example.com`,
      '203.0.113.3',
      ACCOUNT.ipQuota.registerCode.max,
    );
  });

  it('starts a new window when the old one ends', async () => {
    const db = server.server.ctx.db;
    expect((await countRequest(db, 'test:window', 1)).count).toBe(1);
    expect((await countRequest(db, 'test:window', 1)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await countRequest(db, 'test:window', 1)).count).toBe(1);
  });

  it('never says a window ends later than its length from now', async () => {
    const db = server.server.ctx.db;
    // as a concurrent request that read the clock a moment later would have started it
    const later = new Date(Date.now() + 60_700).toISOString();
    await db.kysely
      .insertInto('rate_window')
      .values({ key: 'test:race', count: 1, window_end: later })
      .execute();
    expect(await countRequest(db, 'test:race', 60)).toEqual({ count: 2, resetSeconds: 60 });
  });
});
