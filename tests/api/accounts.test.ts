import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertUser, isUniqueViolation } from '../../server/services/auth/users';
import { saveSettingsSection } from '../../server/services/site/settings';
import { ACCOUNT } from '../../shared/constants/accounts';
import { solveCaptcha, solvePuzzle } from '../helpers/accounts';
import { failure, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { lastMailTo, mailFiles, registerCodeIn, resetLinkIn } from '../helpers/mail';
import { startTestServer, type TestServer } from '../helpers/server';

const PAST = '2000-01-01T00:00:00.000Z';

/** A raw call, for bodies no typed client would send. */
async function raw(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  type = 'application/json',
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': type, 'Accept-Language': 'en-US' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: number; msg: string; data: unknown } };
}

describe.each(DATABASES)('accounts on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  const db = () => server.server.ctx.db.kysely;
  const en = () => testClient(server.url, 'en-US');

  /** Asks for a code and reads it from the newest mail to the address. */
  async function codeFor(email: string): Promise<string> {
    await en().api.getRegisterCode(email);
    return registerCodeIn(lastMailTo(server.dataDir, email));
  }
  async function unlock(key: string) {
    await db().updateTable('rate_lock').set({ expires_at: PAST }).where('key', '=', key).execute();
  }

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    await createUser(server.server.ctx.db, {
      username: 'carol',
      password: 'carol123',
      email: 'carol@example.com',
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('register e-mail code', () => {
    it('tells a demo site without SMTP that mail goes to local files', async () => {
      const config = await en().api.getWebsiteConfig();
      expect(config.register).toBe(true);
      expect(config.mailLocalFiles).toBe(true);
    });

    it('checks the address: required, format, taken (in any letter case)', async () => {
      const c = en();
      expect((await failure(c.api.getRegisterCode(''))).message).toBe('The email is required.');
      const bad = await failure(c.api.getRegisterCode('not-an-email'));
      expect([bad.httpStatus, bad.message]).toEqual([400, 'The email format is incorrect.']);
      expect((await failure(c.api.getRegisterCode('Carol@Example.com'))).message).toBe(
        'The email already exists.',
      );
      const missing = await raw(server, 'GET', '/api/get-register-code');
      expect([missing.status, missing.body.msg]).toEqual([400, 'The email is required.']);
    });

    it('mails 6 digits, answers {email, expire, msg}, and refuses a resend within 60 s', async () => {
      const before = mailFiles(server.dataDir).length;
      const sent = await en().api.getRegisterCode(' New.User@Example.com ');
      expect(sent.email).toBe('new.user@example.com');
      expect(sent.expire).toBe(ACCOUNT.registerCodeTtlSeconds);
      expect(sent.msg).toBe(
        'The verification code has been sent to new.user@example.com. It is valid for 10 minutes.',
      );
      const files = mailFiles(server.dataDir);
      expect(files.length).toBe(before + 1);
      const mail = lastMailTo(server.dataDir, 'new.user@example.com');
      expect(mail.file).toBe(files.at(-1));
      expect(mail.subject).toBe('Verdict: your verification code');
      expect(registerCodeIn(mail)).toMatch(/^\d{6}$/);
      // the code is kept hashed, never as such
      const row = await db()
        .selectFrom('account_code')
        .selectAll()
        .where('subject', '=', sent.email)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).not.toContain(registerCodeIn(mail));

      const again = await failure(en().api.getRegisterCode('new.user@example.com'));
      expect([again.httpStatus, again.status]).toEqual([429, 429]);
      expect(again.message).toMatch(/^Please wait (60|59) seconds before requesting another code\.$/);
      expect((again.data as { seconds: number }).seconds).toBeGreaterThan(50);
    });

    it('writes the mail in the caller language', async () => {
      await testClient(server.url, 'zh-CN').api.getRegisterCode('zh.user@example.com');
      const mail = lastMailTo(server.dataDir, 'zh.user@example.com');
      expect(mail.subject).toBe('Verdict：你的验证码');
      expect(mail.text).toContain(`你的验证码是 ${registerCodeIn(mail)}`);
    });

    it('is refused while registration is closed, and by the e-mail suffix rules', async () => {
      const ctx = server.server.ctx;
      await saveSettingsSection(ctx.db, 'web', { register: false });
      try {
        expect((await en().api.getWebsiteConfig()).register).toBe(false);
        const closed = await failure(en().api.getRegisterCode('closed@example.com'));
        expect([closed.httpStatus, closed.message]).toEqual([403, 'Registration is closed on this site.']);
        const reg = await failure(
          en().api.register({
            username: 'closed',
            password: 'abc123',
            email: 'closed@example.com',
            code: '123456',
          }),
        );
        expect(reg.httpStatus).toBe(403);
      } finally {
        await saveSettingsSection(ctx.db, 'web', { register: true });
      }
      await saveSettingsSection(ctx.db, 'switches', { emailSuffixDeny: ['spam.test'] });
      try {
        const denied = await failure(en().api.getRegisterCode('x@mail.spam.test'));
        expect([denied.httpStatus, denied.message]).toEqual([
          400,
          'Registration with this email domain is not allowed.',
        ]);
        await saveSettingsSection(ctx.db, 'switches', { emailSuffixAllow: ['school.edu'] });
        expect((await failure(en().api.getRegisterCode('x@gmail.test'))).message).toBe(
          'Registration with this email domain is not allowed.',
        );
        expect((await en().api.getRegisterCode('x@cs.school.edu')).email).toBe('x@cs.school.edu');
      } finally {
        await saveSettingsSection(ctx.db, 'switches', {});
      }
    });
  });

  describe('register', () => {
    const valid = { username: 'valid', password: 'abc123', email: 'valid@example.com', code: '123456' };
    const message = async (body: Record<string, unknown>) => {
      const res = await raw(server, 'POST', '/api/register', body);
      expect([res.status, res.body.status]).toEqual([400, 400]);
      return res.body.msg;
    };

    it('applies every register rule with its message', async () => {
      expect(await message({ ...valid, username: '' })).toBe('The username is required.');
      expect(await message({ ...valid, username: '   ' })).toBe('The username is required.');
      expect(await message({ ...valid, username: 'u'.repeat(21) })).toBe(
        'The longest length of a username is 20.',
      );
      expect(await message({ ...valid, email: '' })).toBe('The email is required.');
      expect(await message({ ...valid, email: 'a@b' })).toBe('The email format is incorrect.');
      expect(await message({ ...valid, password: '' })).toBe('The password is required.');
      const weak = 'The password strength is too weak, and the password length is 6-20 digits and letters';
      for (const password of ['abcdef', '123456', 'ab12', `a1${'x'.repeat(19)}`]) {
        expect(await message({ ...valid, password })).toBe(weak);
      }
      expect(await message({ ...valid, code: '' })).toBe('The captcha is required.');
      expect(await message({ ...valid, code: '12345' })).toBe('The captcha must be six digits.');
      expect(await message({ ...valid, code: '1234567' })).toBe('The captcha must be six digits.');
      expect(await message({ ...valid, code: 'abcdef' })).toBe('The captcha must be six digits.');
      const { code: _, ...noCode } = valid;
      expect(await message(noCode)).toBe('The captcha is required.');
    });

    it('answers 400, never 500, to missing, mistyped and oversized bodies', async () => {
      expect(await message({})).toBe('The username is required.');
      expect(await message({ ...valid, username: 12345 })).toBe('The username is required.');
      expect(await message({ ...valid, email: ['a@b.co'] })).toBe('The email is required.');
      for (const body of ['[]', '"text"', 'null', '{not json']) {
        const res = await raw(server, 'POST', '/api/register', body);
        expect(res.status).toBe(400);
        expect(res.body.status).toBe(400);
      }
      const text = await raw(server, 'POST', '/api/register', 'username=a', 'text/plain');
      expect(text.status).toBe(400);
      const huge = await raw(server, 'POST', '/api/register', {
        ...valid,
        username: 'x'.repeat(5 * 1024 * 1024),
      });
      expect([huge.status, huge.body.status]).toEqual([400, 400]);
      for (const path of [
        '/api/apply-reset-password',
        '/api/reset-password',
        '/api/login',
        '/api/check-username-or-email',
      ]) {
        for (const body of ['[]', '{"email":{"$gt":""}}', '{bad']) {
          expect((await raw(server, 'POST', path, body)).status).toBe(400);
        }
      }
    });

    it('refuses a taken username (any letter case) or e-mail with their messages', async () => {
      expect(await message({ ...valid, username: 'carol' })).toBe('The username already exists.');
      expect(await message({ ...valid, username: 'CAROL' })).toBe('The username already exists.');
      expect(await message({ ...valid, username: 'root' })).toBe('The username already exists.');
      expect(await message({ ...valid, email: 'carol@example.com' })).toBe('The email already exists.');
    });

    it('tells which of a username and an e-mail is taken', async () => {
      const c = en();
      expect(await c.api.checkUsernameOrEmail({ username: 'carol', email: 'nobody@example.com' })).toEqual({
        username: true,
        email: false,
      });
      expect(await c.api.checkUsernameOrEmail({ username: 'nobody', email: 'CAROL@example.com' })).toEqual({
        username: false,
        email: true,
      });
      expect(await c.api.checkUsernameOrEmail({})).toEqual({ username: false, email: false });
    });

    it('refuses a code never requested, a wrong one, and an expired one', async () => {
      const c = en();
      const none = await failure(c.api.register({ ...valid, email: 'never@example.com' }));
      expect(none.message).toBe(
        'The verification code has expired or was never requested. Please get a new one.',
      );

      const code = await codeFor('wrong@example.com');
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const bad = await failure(c.api.register({ ...valid, email: 'wrong@example.com', code: wrong }));
      expect([bad.httpStatus, bad.message]).toEqual([400, 'The verification code is wrong.']);

      await db()
        .updateTable('account_code')
        .set({ expires_at: PAST })
        .where('subject', '=', 'wrong@example.com')
        .execute();
      expect((await failure(c.api.register({ ...valid, email: 'wrong@example.com', code }))).message).toMatch(
        /has expired/,
      );
    });

    it('drops a code after 5 wrong tries', async () => {
      const c = en();
      const code = await codeFor('guess@example.com');
      const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < ACCOUNT.registerCodeMaxAttempts; i++) {
        expect(
          (await failure(c.api.register({ ...valid, email: 'guess@example.com', code: wrong }))).message,
        ).toBe('The verification code is wrong.');
      }
      expect((await failure(c.api.register({ ...valid, email: 'guess@example.com', code }))).message).toMatch(
        /has expired or was never requested/,
      );
    });

    it('a new code (after the 60 s lock) replaces the old one', async () => {
      const first = await codeFor('twice@example.com');
      await unlock('register-code:twice@example.com');
      let second = await codeFor('twice@example.com');
      while (second === first) {
        await unlock('register-code:twice@example.com');
        second = await codeFor('twice@example.com');
      }
      expect(
        (await failure(en().api.register({ ...valid, email: 'twice@example.com', code: first }))).message,
      ).toBe('The verification code is wrong.');
      await en().api.register({ ...valid, username: 'twice', email: 'twice@example.com', code: second });
    });

    it('registers an ordinary user who can log in; the code works once', async () => {
      const c = en();
      const code = await codeFor('erin@example.com');
      const msg = await c.api.register({
        username: 'erin',
        password: 'erin1234',
        email: 'Erin@Example.com',
        code,
      });
      expect(msg).toBe('Registered successfully. Please log in.');
      const login = await c.api.login({ username: 'erin', password: 'erin1234' });
      expect(login.userInfo.roleList).toEqual(['default_user']);
      expect(login.userInfo.email).toBe('erin@example.com');
      const stored = await db()
        .selectFrom('user_info')
        .select('password')
        .where('username', '=', 'erin')
        .executeTakeFirstOrThrow();
      expect(stored.password).toMatch(/^\$argon2id\$/);
      const reuse = await failure(
        c.api.register({ username: 'erin2', password: 'erin1234', email: 'erin@example.com', code }),
      );
      expect(reuse.message).toBe('The email already exists.');
      expect(await c.api.checkUsernameOrEmail({ username: 'erin', email: 'erin@example.com' })).toEqual({
        username: true,
        email: true,
      });
    });

    it('maps a unique clash of a race to the same 400 (never 500)', async () => {
      // two requests for one username with their own valid codes, at the same time
      const codes = [await codeFor('race1@example.com'), await codeFor('race2@example.com')];
      const results = await Promise.allSettled(
        codes.map((code, i) =>
          en().api.register({
            username: 'racer',
            password: 'race1234',
            email: `race${i + 1}@example.com`,
            code,
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect([lost.reason.httpStatus, lost.reason.message]).toEqual([400, 'The username already exists.']);
      // and the database's own error, which the service maps, is recognised on this dialect
      const error = await insertUser(db(), { username: 'carol', passwordHash: 'x' }).catch((e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
      const emailClash = await insertUser(db(), {
        username: 'other',
        email: 'carol@example.com',
        passwordHash: 'x',
      }).catch((e: unknown) => e);
      expect(isUniqueViolation(emailClash)).toBe(true);
    });
  });

  describe('login throttling and the slide puzzle', () => {
    beforeAll(async () => {
      for (const username of ['dave', 'frank', 'gina']) {
        await createUser(server.server.ctx.db, { username, password: `${username}1234` });
      }
    });

    async function fail(username: string, times: number) {
      for (let i = 0; i < times; i++) {
        const e = await failure(en().api.login({ username, password: 'wrong-pass1' }));
        expect(e.message).toBe('Wrong username or password. Mind the letter case.');
      }
    }

    it('asks for the puzzle after 5 failures; a client cannot skip it', async () => {
      const c = en();
      for (let i = 1; i <= 5; i++) {
        const e = await failure(c.api.login({ username: 'dave', password: 'wrong-pass1' }));
        expect(e.httpStatus).toBe(400);
        expect(e.data).toEqual({ needPuzzle: i >= 5 });
      }
      for (const body of [
        { username: 'dave', password: 'dave1234' },
        { username: 'dave', password: 'dave1234', puzzleKey: 'made-up', puzzleX: 100 },
        { username: 'dave', password: 'dave1234', puzzleKey: '', puzzleX: 100 },
        { username: 'dave', password: 'dave1234', puzzleX: 100 },
      ]) {
        const e = await failure(c.api.login(body));
        expect(e.httpStatus).toBe(400);
        expect(e.data).toEqual({ needPuzzle: true });
        expect(e.message).toMatch(/slide verification/);
      }
      // many refused tries without a puzzle do not add up to a lock
      for (let i = 0; i < 20; i++) await failure(c.api.login({ username: 'dave', password: 'dave1234' }));
      const still = await failure(c.api.login({ username: 'dave', password: 'dave1234' }));
      expect(still.message).toBe('Too many failed logins: please complete the slide verification first.');
    });

    it('issues a 325 x 100 puzzle whose piece the images alone place', async () => {
      const puzzle = await en().api.getLoginPuzzle();
      expect(puzzle.background).toMatch(/^data:image\/png;base64,/);
      expect(puzzle.piece).toMatch(/^data:image\/png;base64,/);
      expect([puzzle.width, puzzle.height, puzzle.expire]).toEqual([325, 100, ACCOUNT.puzzleTtlSeconds]);
      expect(puzzle.puzzleKey).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(puzzle)).not.toMatch(/solution|"x"/);
      const row = await db()
        .selectFrom('login_puzzle')
        .select('solution_x')
        .where('puzzle_key', '=', puzzle.puzzleKey)
        .executeTakeFirstOrThrow();
      expect(solvePuzzle(puzzle)).toBe(row.solution_x);
    });

    it('refuses a wrong x, takes the right x once, and a success resets the count', async () => {
      const c = en();
      const wrong = await c.api.getLoginPuzzle();
      const x = solvePuzzle(wrong);
      const off = await failure(
        c.api.login({ username: 'dave', password: 'dave1234', puzzleKey: wrong.puzzleKey, puzzleX: x + 4 }),
      );
      expect([off.httpStatus, off.message]).toEqual([
        400,
        'The slide verification failed. Please try again.',
      ]);
      // used up by the wrong try
      expect(
        (
          await failure(
            c.api.login({ username: 'dave', password: 'dave1234', puzzleKey: wrong.puzzleKey, puzzleX: x }),
          )
        ).message,
      ).toMatch(/slide verification failed/);

      // the right x with a wrong password: the puzzle passes, the password does not; the puzzle is spent
      const once = await c.api.getLoginPuzzle();
      const ox = solvePuzzle(once) - 3;
      const pw = await failure(
        c.api.login({ username: 'dave', password: 'wrong-pass1', puzzleKey: once.puzzleKey, puzzleX: ox }),
      );
      expect([pw.message, pw.data]).toEqual([
        'Wrong username or password. Mind the letter case.',
        { needPuzzle: true },
      ]);
      expect(
        (
          await failure(
            c.api.login({ username: 'dave', password: 'dave1234', puzzleKey: once.puzzleKey, puzzleX: ox }),
          )
        ).message,
      ).toMatch(/slide verification failed/);

      // an expired puzzle is refused
      const old = await c.api.getLoginPuzzle();
      await db()
        .updateTable('login_puzzle')
        .set({ expires_at: PAST })
        .where('puzzle_key', '=', old.puzzleKey)
        .execute();
      expect(
        (
          await failure(
            c.api.login({
              username: 'dave',
              password: 'dave1234',
              puzzleKey: old.puzzleKey,
              puzzleX: solvePuzzle(old),
            }),
          )
        ).message,
      ).toMatch(/slide verification failed/);

      const good = await c.api.getLoginPuzzle();
      const ok = await c.api.login({
        username: 'dave',
        password: 'dave1234',
        puzzleKey: good.puzzleKey,
        puzzleX: solvePuzzle(good) + 2.5,
      });
      expect(ok.userInfo.username).toBe('dave');
      // the count starts again
      const e = await failure(c.api.login({ username: 'dave', password: 'wrong-pass1' }));
      expect(e.data).toEqual({ needPuzzle: false });
      await c.api.login({ username: 'dave', password: 'dave1234' });
    });

    it('refuses every login for 30 minutes after 20 failures, per username and IP', async () => {
      const c = en();
      await fail('frank', 5);
      for (let i = 6; i <= ACCOUNT.lockAfterFailures; i++) {
        const puzzle = await c.api.getLoginPuzzle();
        const e = await failure(
          c.api.login({
            username: 'frank',
            password: 'wrong-pass1',
            puzzleKey: puzzle.puzzleKey,
            puzzleX: solvePuzzle(puzzle),
          }),
        );
        expect(e.message).toBe('Wrong username or password. Mind the letter case.');
      }
      const puzzle = await c.api.getLoginPuzzle();
      const locked = await failure(
        c.api.login({
          username: 'frank',
          password: 'frank1234',
          puzzleKey: puzzle.puzzleKey,
          puzzleX: solvePuzzle(puzzle),
        }),
      );
      expect([locked.httpStatus, locked.status]).toEqual([429, 429]);
      expect(locked.message).toBe('Too many failed logins. Try again in 30 minutes.');
      const zh = await failure(
        testClient(server.url, 'zh-CN').api.login({ username: 'frank', password: 'frank1234' }),
      );
      expect(zh.httpStatus).toBe(429);
      expect(zh.message).toContain('30');
      // another user from the same address is not affected
      await c.api.login({ username: 'gina', password: 'gina1234' });
      // the lock ends 30 minutes after the 20th failure
      const row = await db()
        .selectFrom('login_failure')
        .selectAll()
        .where('username', '=', 'frank')
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);
      expect(row.failures).toBe(20);
      await db()
        .updateTable('login_failure')
        .set({ expires_at: PAST })
        .where('username', '=', 'frank')
        .execute();
      expect((await c.api.login({ username: 'frank', password: 'frank1234' })).userInfo.username).toBe(
        'frank',
      );
    });

    it('counts parallel attempts one by one (no burst slips under the puzzle)', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => en().api.login({ username: 'gina', password: 'wrong-pass1' })),
      );
      const messages = results.map((r) => (r as PromiseRejectedResult).reason.message as string);
      expect(messages.filter((m) => m.startsWith('Wrong username')).length).toBe(ACCOUNT.puzzleAfterFailures);
      expect(messages.filter((m) => m.includes('slide verification first')).length).toBe(
        12 - ACCOUNT.puzzleAfterFailures,
      );
    });
  });

  describe('captcha and password reset', () => {
    let helen: string;
    beforeAll(async () => {
      await createUser(server.server.ctx.db, {
        username: 'helen',
        password: 'helen123',
        email: 'Helen@Example.com',
      });
      helen = 'helen@example.com';
    });

    async function captcha() {
      const { captchaKey, img } = await en().api.getCaptcha();
      return { captchaKey, img, answer: await solveCaptcha(server, captchaKey) };
    }

    it('draws an arithmetic captcha as an image with a key', async () => {
      const { img, captchaKey, answer } = await captcha();
      expect(img).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(img.split(',')[1], 'base64').toString()).toMatch(/^<svg /);
      expect(captchaKey).toMatch(/^[0-9a-f]{32}$/);
      expect(answer.length).toBeLessThanOrEqual(ACCOUNT.captchaMaxLength);
    });

    it('validates the reset form: email, captcha 1-8 characters, captcha key', async () => {
      const msg = async (body: Record<string, unknown>) =>
        (await raw(server, 'POST', '/api/apply-reset-password', body)).body.msg;
      const ok = { email: helen, captcha: '12', captchaKey: 'k' };
      expect(await msg({ ...ok, email: '' })).toBe('The email is required.');
      expect(await msg({ ...ok, email: 'helen' })).toBe('The email format is incorrect.');
      expect(await msg({ ...ok, captcha: '' })).toBe('The captcha is required.');
      expect(await msg({ ...ok, captcha: '123456789' })).toBe('The captcha must be 1 to 8 characters.');
      expect(await msg({ email: helen, captcha: '12' })).toBe('The captcha is required.');
    });

    it('checks the captcha on the server, once per image', async () => {
      const { captchaKey, answer } = await captcha();
      const wrong = String(Number(answer) + 1);
      const e = await failure(en().api.applyResetPassword({ email: helen, captcha: wrong, captchaKey }));
      expect([e.httpStatus, e.message]).toEqual([
        400,
        'The captcha is wrong or has expired. Please enter the new one.',
      ]);
      expect(
        (await failure(en().api.applyResetPassword({ email: helen, captcha: answer, captchaKey }))).message,
      ).toMatch(/captcha is wrong/);
      const old = await captcha();
      await db()
        .updateTable('captcha')
        .set({ expires_at: PAST })
        .where('captcha_key', '=', old.captchaKey)
        .execute();
      expect(
        (
          await failure(
            en().api.applyResetPassword({ email: helen, captcha: old.answer, captchaKey: old.captchaKey }),
          )
        ).message,
      ).toMatch(/captcha is wrong/);
    });

    it('refuses an unknown e-mail', async () => {
      const { captchaKey, answer } = await captcha();
      const e = await failure(
        en().api.applyResetPassword({ email: 'ghost@example.com', captcha: answer, captchaKey }),
      );
      expect([e.httpStatus, e.message]).toEqual([400, 'The email does not exist.']);
    });

    it('mails a one-use link; the reset revokes old tokens and the new password works', async () => {
      const old = en();
      await old.login('helen', 'helen123');
      expect((await old.api.getUserAuthInfo()).roles).toEqual(['default_user']);

      const { captchaKey, answer } = await captcha();
      const msg = await en().api.applyResetPassword({
        email: 'HELEN@example.com',
        captcha: ` ${answer} `,
        captchaKey,
      });
      expect(msg).toBe('A reset link has been sent to helen@example.com. It is valid for 10 minutes.');
      const mail = lastMailTo(server.dataDir, helen);
      expect(mail.subject).toBe('Verdict: reset your password');
      const link = resetLinkIn(mail);
      expect(link.origin).toBe(server.url);
      expect(link.pathname).toBe('/reset-password');
      expect(link.searchParams.get('username')).toBe('helen');
      const code = link.searchParams.get('code') ?? '';
      expect(code).toMatch(/^[0-9a-f]{32}$/);

      const again = await captcha();
      const tooFast = await failure(
        en().api.applyResetPassword({ email: helen, captcha: again.answer, captchaKey: again.captchaKey }),
      );
      expect([tooFast.httpStatus, tooFast.message]).toEqual([
        429,
        expect.stringMatching(/^Please wait (90|89) seconds before requesting another reset email\.$/),
      ]);

      const c = en();
      const wrongCode = await failure(
        c.api.resetPassword({ username: 'helen', password: 'newpass1', code: 'f'.repeat(32) }),
      );
      expect(wrongCode.message).toBe('The reset link is invalid or has expired. Please request a new one.');
      const weak = await failure(c.api.resetPassword({ username: 'helen', password: 'newpass', code }));
      expect(weak.message).toBe(
        'The password strength is too weak, and the password length is 6-20 digits and letters',
      );
      expect(
        (await failure(c.api.resetPassword({ username: 'helen', password: 'newpass1', code: '' }))).message,
      ).toBe('The reset link is incomplete. Please open the link from the email again.');
      expect(
        (await failure(c.api.resetPassword({ username: 'carol', password: 'newpass1', code }))).message,
      ).toMatch(/invalid or has expired/);

      expect(await c.api.resetPassword({ username: 'helen', password: 'newpass1', code })).toBe(
        'Your password has been reset. Please log in with the new one.',
      );
      expect((await failure(old.api.getUserAuthInfo())).httpStatus).toBe(401);
      expect((await failure(c.api.login({ username: 'helen', password: 'helen123' }))).message).toMatch(
        /Wrong username/,
      );
      await c.login('helen', 'newpass1');
      expect(
        (await failure(c.api.resetPassword({ username: 'helen', password: 'other123', code }))).message,
      ).toMatch(/invalid or has expired/);
    });

    it('refuses an expired link, links to the configured address, and mails in the caller language', async () => {
      await unlock(`reset-password:${helen}`);
      await saveSettingsSection(server.server.ctx.db, 'web', { baseUrl: 'https://oj.example.org/' });
      try {
        const { captchaKey, answer } = await captcha();
        await testClient(server.url, 'zh-CN').api.applyResetPassword({
          email: helen,
          captcha: answer,
          captchaKey,
        });
      } finally {
        await saveSettingsSection(server.server.ctx.db, 'web', {});
      }
      const mail = lastMailTo(server.dataDir, helen);
      expect(mail.subject).toBe('Verdict：重置密码');
      expect(mail.text).toContain('helen，你好');
      const link = resetLinkIn(mail);
      expect(link.origin).toBe('https://oj.example.org');
      await db()
        .updateTable('account_code')
        .set({ expires_at: PAST })
        .where('purpose', '=', 'reset')
        .execute();
      const e = await failure(
        en().api.resetPassword({
          username: 'helen',
          password: 'later123',
          code: link.searchParams.get('code') ?? '',
        }),
      );
      expect(e.message).toMatch(/invalid or has expired/);
    });

    it('a reset clears the login failures of the user', async () => {
      await createUser(server.server.ctx.db, {
        username: 'ivan',
        password: 'ivan1234',
        email: 'ivan@example.com',
      });
      for (let i = 0; i < 6; i++)
        await failure(en().api.login({ username: 'ivan', password: 'wrong-pass1' }));
      const { captchaKey, answer } = await captcha();
      await en().api.applyResetPassword({ email: 'ivan@example.com', captcha: answer, captchaKey });
      const code = resetLinkIn(lastMailTo(server.dataDir, 'ivan@example.com')).searchParams.get('code') ?? '';
      await en().api.resetPassword({ username: 'ivan', password: 'ivan5678', code });
      await en().api.login({ username: 'ivan', password: 'ivan5678' });
    });
  });
});
