import { randomBytes, scryptSync } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { saveSettingsSection } from '../../server/services/site/settings';
import { ACCOUNT } from '../../shared/constants/accounts';
import { solveCaptcha } from '../helpers/accounts';
import { failure, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { lastMailTo, resetLinkIn } from '../helpers/mail';
import { startTestServer, type TestServer } from '../helpers/server';

interface Envelope {
  status: number;
  msg: string;
  data: unknown;
}

/** A POST with headers fetch would not let us send (Host). */
function post(url: string, path: string, body: unknown, headers: Record<string, string>) {
  const target = new URL(path, url);
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: Envelope }>((resolve, reject) => {
    const req = httpRequest(
      target,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          'Accept-Language': 'en-US',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const login = (
  server: TestServer,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) => post(server.url, '/api/login', { username, password }, headers);

/** The hash form this server wrote before argon2id (scrypt N=2^14, r=8, p=1). */
function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
}

describe.each(DATABASES)('account security on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  const db = () => server.server.ctx.db.kysely;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    await createUser(server.server.ctx.db, {
      username: 'mallory',
      password: 'mallory123',
      email: 'm@example.com',
    });
    await createUser(server.server.ctx.db, {
      username: 'victim',
      password: 'victim123',
      email: 'v@example.com',
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  async function applyReset(email: string, headers: Record<string, string>) {
    const { captchaKey } = await testClient(server.url).api.getCaptcha();
    const captcha = await solveCaptcha(server, captchaKey);
    await db().deleteFrom('rate_lock').where('key', '=', `reset-password:${email}`).execute();
    return post(server.url, '/api/apply-reset-password', { email, captcha, captchaKey }, headers);
  }

  describe('mailed reset links', () => {
    it('never point at the Host or X-Forwarded-Host the caller sent', async () => {
      const res = await applyReset('v@example.com', {
        Host: 'evil.example',
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'https',
      });
      expect(res.status).toBe(200);
      const link = resetLinkIn(lastMailTo(server.dataDir, 'v@example.com'));
      // neither PUBLIC_URL nor baseUrl: the address this server listens on
      expect(link.origin).toBe(server.url);
    });

    it('point at the site setting baseUrl when there is no PUBLIC_URL', async () => {
      await saveSettingsSection(server.server.ctx.db, 'web', { baseUrl: 'https://oj.example.org/' });
      try {
        await applyReset('v@example.com', { Host: 'evil.example' });
        const link = resetLinkIn(lastMailTo(server.dataDir, 'v@example.com'));
        expect(link.origin).toBe('https://oj.example.org');
        expect(link.pathname).toBe('/reset-password');
      } finally {
        await saveSettingsSection(server.server.ctx.db, 'web', { baseUrl: '' });
      }
    });
  });

  describe('proxy trust', () => {
    it('believes no X-Forwarded-For without TRUST_PROXY: a rotated header gets no fresh login tries', async () => {
      for (let i = 0; i < ACCOUNT.puzzleAfterFailures; i++) {
        const res = await login(server, 'mallory', 'wrong-pass1', {
          'X-Forwarded-For': `198.51.100.${i + 1}`,
        });
        expect(res.body.msg).toBe('Wrong username or password. Mind the letter case.');
      }
      const sixth = await login(server, 'mallory', 'mallory123', { 'X-Forwarded-For': '198.51.100.99' });
      expect(sixth.status).toBe(400);
      expect(sixth.body.data).toEqual({ needPuzzle: true });
      await db().deleteFrom('login_failure').execute();
    });
  });

  describe('passwords', () => {
    it('upgrades a hash made with the older parameters at the next login, and the password keeps working', async () => {
      await db()
        .updateTable('user_info')
        .set({ password: legacyScryptHash('victim123') })
        .where('username', '=', 'victim')
        .execute();
      expect((await login(server, 'victim', 'victim123')).status).toBe(200);
      const row = await db()
        .selectFrom('user_info')
        .select('password')
        .where('username', '=', 'victim')
        .executeTakeFirstOrThrow();
      expect(row.password).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
      expect((await login(server, 'victim', 'victim123')).status).toBe(200);
      expect((await login(server, 'victim', 'victim124')).status).toBe(400);
    });

    it('refuses a new password that starts or ends with a space instead of trimming it', async () => {
      const c = testClient(server.url);
      await c.login('victim', 'victim123');
      const e = await failure(c.api.changePassword({ oldPassword: 'victim123', newPassword: ' victim456' }));
      expect([e.httpStatus, e.message]).toEqual([400, 'The password cannot start or end with a space.']);
      expect((await login(server, 'victim', 'victim123')).status).toBe(200);
    });
  });
});

/** Behind a proxy the operator named, each client address has its own tries, and the account its own. */
describe.each(DATABASES)(
  'per-account login limit behind a trusted proxy on $name',
  ({ name, databaseUrl }) => {
    let server: TestServer;

    beforeAll(async () => {
      if (name === 'postgres') await assertPostgresReachable();
      server = await startTestServer({ databaseUrl, judgeWorkers: 0, env: { TRUST_PROXY: '127.0.0.1' } });
      await createUser(server.server.ctx.db, {
        username: 'target',
        password: 'target123',
        email: 't@example.com',
      });
    });
    afterAll(async () => {
      await server?.destroy();
    });

    it(`locks the account after ${ACCOUNT.accountLockAfterFailures} failures from many addresses, even for the right password`, async () => {
      const from = (i: number) => ({ 'X-Forwarded-For': `203.0.113.${Math.floor(i / 4) + 1}` });
      for (let i = 0; i < ACCOUNT.accountLockAfterFailures; i++) {
        // four tries an address stay under the per-address puzzle threshold
        const res = await login(server, 'target', `guess${i}x`, from(i));
        expect(res.status, `guess ${i + 1}`).toBe(400);
        expect(res.body.data).toEqual({ needPuzzle: false });
      }
      const right = await login(server, 'target', 'target123', { 'X-Forwarded-For': '192.0.2.77' });
      expect(right.status).toBe(429);
      expect(right.body.msg).toBe(
        'This account has had too many failed logins from many places. Try again in 60 minutes, or reset your password.',
      );
      // another account is not affected
      await createUser(server.server.ctx.db, {
        username: 'bystander',
        password: 'bystander1',
        email: 'b@example.com',
      });
      expect(
        (await login(server, 'bystander', 'bystander1', { 'X-Forwarded-For': '192.0.2.77' })).status,
      ).toBe(200);
    });
  },
);
