import { request as httpRequest } from 'node:http';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProblem } from '../../server/seeds/demo';
import { A_PLUS_B as DEMO_A_PLUS_B } from '../../server/seeds/demo-problems';
import { createUser } from '../../server/services/auth/users';
import { saveSettingsSection } from '../../server/services/site/settings';
import type { RegisterCodeSent } from '../../shared/api/account-types';
import type { PasswordRefusal, UserHome } from '../../shared/api/profile-types';
import type { UserInfo } from '../../shared/api/types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { AVATAR } from '../../shared/constants/profile';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { insertJudgeRows } from '../helpers/judge-rows';
import { lastMailTo, mailFiles, registerCodeIn } from '../helpers/mail';
import { startTestServer, type TestServer } from '../helpers/server';

const PAST = '2000-01-01T00:00:00.000Z';
const DAY = 24 * 3600_000;

interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

/** A PNG of the given size in pixels (real pixels, so any decoder takes it). */
function png(width = 8, height = 8): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([200, 40, (i / 4) % 256, 255], i);
  return PNG.sync.write(image);
}

describe.each(DATABASES)('user home and settings on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  const db = () => server.server.ctx.db.kysely;
  const en = () => testClient(server.url, 'en-US');
  const uids: Record<string, string> = {};
  const pids: Record<string, number> = {};

  /** A raw call in English, for bodies and headers no typed client would send. */
  async function call<T = unknown>(
    method: string,
    path: string,
    init: { token?: string | null; body?: unknown; form?: FormData } = {},
  ): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
    const headers: Record<string, string> = { 'Accept-Language': 'en-US' };
    if (init.token) headers.Authorization = init.token;
    let body: string | FormData | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    }
    const res = await fetch(`${server.url}${path}`, { method, headers, body });
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  }

  async function loggedIn(username: string, password: string): Promise<TestClient> {
    const c = en();
    await c.login(username, password);
    return c;
  }

  async function judge(
    username: string,
    problem: string,
    status: number,
    at: Date | string,
    cid = 0,
  ): Promise<void> {
    await insertJudgeRows(server.server.ctx.db, [
      {
        uid: uids[username] ?? '',
        username,
        pid: pids[problem] ?? 0,
        displayPid: problem,
        status,
        submitTime: typeof at === 'string' ? at : at.toISOString(),
        cid,
      },
    ]);
  }

  const unlockAvatar = (uid: string) =>
    db()
      .updateTable('rate_lock')
      .set({ expires_at: PAST })
      .where('key', '=', `avatar-upload:${uid}`)
      .execute();

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const ctx = server.server.ctx;
    for (const [username, email] of [
      ['alice', 'alice@example.com'],
      ['bob', 'bob@example.com'],
      ['carl', 'carl@example.com'],
      ['dora', 'dora@example.com'],
      ['eve', 'eve@example.com'],
      ['quiet', null],
    ] as const) {
      uids[username] = await createUser(ctx.db, { username, password: `${username}123`, email });
    }
    for (const row of await db().selectFrom('problem').select(['id', 'problem_id']).execute()) {
      pids[row.problem_id] = row.id;
    }
    // a hidden problem: solving it never shows on a home page
    pids.H1 = await insertProblem(ctx.db, ctx.files, { ...DEMO_A_PLUS_B, problemId: 'H1', title: 'Hidden' });
    await db().updateTable('problem').set({ auth: 2 }).where('id', '=', pids.H1).execute();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('user home', () => {
    beforeAll(async () => {
      const now = Date.now();
      const t = (daysAgo: number) => new Date(now - daysAgo * DAY);
      // 1000 (difficulty 0): WA then AC; 1001 (1): AC twice; 1002 (1): WA and CE only;
      // 1003 (3): AC in a contest only (not solved on the home page); H1 hidden: AC
      await judge('alice', '1000', JudgeStatus.WRONG_ANSWER, t(3));
      await judge('alice', '1000', JudgeStatus.ACCEPTED, t(2));
      await judge('alice', '1001', JudgeStatus.ACCEPTED, t(2));
      await judge('alice', '1001', JudgeStatus.ACCEPTED, t(1));
      await judge('alice', '1002', JudgeStatus.WRONG_ANSWER, t(1));
      await judge('alice', '1002', JudgeStatus.COMPILE_ERROR, t(0));
      await judge('alice', '1003', JudgeStatus.ACCEPTED, t(0), 7);
      await judge('alice', 'H1', JudgeStatus.ACCEPTED, t(0));
      await judge('bob', '1000', JudgeStatus.ACCEPTED, t(0));
    });

    it('counts the submissions and lists solved, attempted and by-difficulty problems (public only)', async () => {
      const home = await en().api.getUserHomeInfo({ username: 'alice' });
      expect(home.uid).toBe(uids.alice);
      expect(home.username).toBe('alice');
      expect(home.total).toBe(8);
      expect(home.solvedList).toEqual(['1000', '1001']);
      expect(home.attemptedList.map((p) => p.problemId)).toEqual(['1002']);
      expect(home.attemptedList[0]).toMatchObject({
        pid: pids['1002'],
        title: expect.any(String),
        difficulty: 1,
      });
      expect(Object.keys(home.solvedGroupByDifficulty).sort()).toEqual(['0', '1']);
      expect(home.solvedGroupByDifficulty['0']?.map((p) => p.problemId)).toEqual(['1000']);
      expect(home.solvedGroupByDifficulty['1']?.map((p) => p.problemId)).toEqual(['1001']);
      expect(home.rating).toBeNull();

      const bob = await en().api.getUserHomeInfo({ uid: uids.bob });
      expect([bob.username, bob.total, bob.solvedList, bob.attemptedList]).toEqual(['bob', 1, ['1000'], []]);
      // uid wins over username
      expect((await en().api.getUserHomeInfo({ uid: uids.bob, username: 'alice' })).username).toBe('bob');
    });

    it('shows the profile fields anonymously, but never the e-mail or the password', async () => {
      await db()
        .updateTable('user_info')
        .set({ title_name: 'Champion', title_color: '#ff0000', school: 'MIT', signature: 'hi' })
        .where('uuid', '=', uids.alice)
        .execute();
      const res = await call<UserHome>('GET', '/api/get-user-home-info?username=alice');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        titleName: 'Champion',
        titleColor: '#ff0000',
        school: 'MIT',
        signature: 'hi',
        nickname: null,
        github: null,
        blog: null,
        avatar: null,
      });
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('alice@example.com');
      expect(text).not.toContain('argon2');
      expect(Object.keys(res.body.data)).not.toContain('email');
      expect(Object.keys(res.body.data)).not.toContain('password');
      // a rejected token is ignored on this public call
      expect((await call('GET', '/api/get-user-home-info?username=alice', { token: 'forged' })).status).toBe(
        200,
      );
    });

    it('keeps the time of the last login', async () => {
      expect((await en().api.getUserHomeInfo({ username: 'quiet' })).recentLoginTime).toBeNull();
      const before = new Date().toISOString();
      await loggedIn('quiet', 'quiet123');
      const seen = (await en().api.getUserHomeInfo({ username: 'quiet' })).recentLoginTime;
      expect(seen && seen >= before).toBe(true);
    });

    it('answers 404 with a message for an unknown user, 400 without uid and username', async () => {
      const missing = await call('GET', '/api/get-user-home-info?username=nobody');
      expect([missing.status, missing.body.status, missing.body.msg]).toEqual([
        404,
        404,
        'The user does not exist.',
      ]);
      expect((await call('GET', `/api/get-user-home-info?uid=${'f'.repeat(32)}`)).status).toBe(404);
      const none = await call('GET', '/api/get-user-home-info');
      expect([none.status, none.body.msg]).toEqual([400, 'Give the uid or the username of a user.']);
      expect((await call('GET', '/api/get-user-calendar-heatmap')).status).toBe(400);
      // logged in, neither means the caller's own (HOJ)
      const bob = await loggedIn('bob', 'bob123');
      const own = await call<UserHome>('GET', '/api/get-user-home-info', { token: bob.token });
      expect([own.status, own.body.data.username]).toEqual([200, 'bob']);
      const ownHeat = await call<{ uid: string }>('GET', '/api/get-user-calendar-heatmap', {
        token: bob.token,
      });
      expect(ownHeat.body.data.uid).toBe(uids.bob);
      const zh = await failure(testClient(server.url, 'zh-CN').api.getUserHomeInfo({ username: 'nobody' }));
      expect(zh.message).toBe('该用户不存在。');
      const heat = await call('GET', '/api/get-user-calendar-heatmap?username=nobody');
      expect([heat.status, heat.body.msg]).toEqual([404, 'The user does not exist.']);
    });

    it('stays correct with many submissions', async () => {
      const rows = 3000;
      await insertJudgeRows(
        server.server.ctx.db,
        Array.from({ length: rows }, (_, i) => ({
          uid: uids.carl ?? '',
          username: 'carl',
          pid: pids[i % 3 === 0 ? '1001' : '1003'] ?? 0,
          displayPid: 'x',
          submitTime: new Date(Date.now() - (i % 500) * 3600_000).toISOString(),
          status: i === 5 ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER,
        })),
      );
      const home = await en().api.getUserHomeInfo({ username: 'carl' });
      expect(home.total).toBe(rows);
      // row 5 (1003) is the only AC
      expect(home.solvedList).toEqual(['1003']);
      expect(home.attemptedList.map((p) => p.problemId)).toEqual(['1001']);
      const heat = await en().api.getUserCalendarHeatmap({ username: 'carl' });
      expect(heat.dataList.reduce((s, d) => s + d.count, 0)).toBe(rows);
    });
  });

  describe('calendar heatmap', () => {
    it('counts the submissions per day of the last year, in UTC or the given time zone', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const dayAt = (daysAgo: number, time: string) =>
        `${new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * DAY).toISOString().slice(0, 10)}T${time}Z`;
      await judge('dora', '1000', JudgeStatus.ACCEPTED, dayAt(10, '23:30:00.000'));
      await judge('dora', '1000', JudgeStatus.WRONG_ANSWER, dayAt(10, '08:00:00.000'));
      await judge('dora', '1001', JudgeStatus.WRONG_ANSWER, dayAt(10, '01:00:00.000'));
      await judge('dora', '1001', JudgeStatus.WRONG_ANSWER, dayAt(365, '12:00:00.000'));
      await judge('dora', '1001', JudgeStatus.WRONG_ANSWER, dayAt(367, '12:00:00.000'));
      await judge('dora', '1000', JudgeStatus.WRONG_ANSWER, dayAt(0, '00:00:01.000'), 3);

      const utc = await en().api.getUserCalendarHeatmap({ username: 'dora' });
      expect(utc.uid).toBe(uids.dora);
      expect(utc.endDate).toBe(today);
      expect(utc.dataList).toEqual([
        { date: dayAt(365, '').slice(0, 10), count: 1 },
        { date: dayAt(10, '').slice(0, 10), count: 3 },
        { date: today, count: 1 },
      ]);

      // Shanghai is UTC+8: 23:30 UTC is the next morning there
      const shanghai = await en().api.getUserCalendarHeatmap({ uid: uids.dora, timeZone: 'Asia/Shanghai' });
      const tenth = shanghai.dataList.find((d) => d.date === dayAt(10, '').slice(0, 10));
      const ninth = shanghai.dataList.find((d) => d.date === dayAt(9, '').slice(0, 10));
      expect([tenth?.count, ninth?.count]).toEqual([2, 1]);

      const bad = await call('GET', '/api/get-user-calendar-heatmap?username=dora&timeZone=Mars/Olympus');
      expect([bad.status, bad.body.msg]).toEqual([400, 'Unknown time zone.']);
      expect((await en().api.getUserCalendarHeatmap({ username: 'quiet' })).dataList).toEqual([]);
    });
  });

  describe('change-userInfo', () => {
    it('changes the profile fields sent, clears blank ones, and never the username, e-mail or roles', async () => {
      const c = await loggedIn('eve', 'eve123');
      const saved = await c.api.changeUserInfo({
        nickname: '  Evie ',
        school: 'Tsinghua',
        signature: 'Hello\nworld',
        realname: 'Eve Smith',
        gender: 'female',
        github: 'https://github.com/eve',
        blog: 'http://eve.example.org/blog',
      });
      expect(saved.msg).toBe('Your profile has been saved.');
      expect(saved.data).toMatchObject({
        username: 'eve',
        email: 'eve@example.com',
        nickname: 'Evie',
        school: 'Tsinghua',
        signature: 'Hello\nworld',
        realname: 'Eve Smith',
        gender: 'female',
        github: 'https://github.com/eve',
        blog: 'http://eve.example.org/blog',
        roleList: ['default_user'],
      });
      // a HOJ client sends the whole UserInfoVO back: the fixed fields are ignored
      const res = await call<UserInfo>('POST', '/api/change-userInfo', {
        token: c.token,
        body: {
          ...saved.data,
          uid: uids.alice,
          username: 'root2',
          email: 'stolen@example.com',
          roleList: ['root'],
          school: '',
          nickname: null,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        uid: uids.eve,
        username: 'eve',
        email: 'eve@example.com',
        roleList: ['default_user'],
        school: null,
        nickname: null,
        realname: 'Eve Smith',
      });
      // the login answer carries the new fields too
      const again = await en().api.login({ username: 'eve', password: 'eve123' });
      expect(again.userInfo).toMatchObject({ github: 'https://github.com/eve', school: null });
      const home = await en().api.getUserHomeInfo({ username: 'eve' });
      expect([home.github, home.blog, home.gender, home.nickname]).toEqual([
        'https://github.com/eve',
        'http://eve.example.org/blog',
        'female',
        null,
      ]);
    });

    it('refuses every broken rule with its message', async () => {
      const c = await loggedIn('eve', 'eve123');
      const message = async (body: unknown) => {
        const res = await call('POST', '/api/change-userInfo', { token: c.token, body });
        expect([res.status, res.body.status]).toEqual([400, 400]);
        return res.body.msg;
      };
      expect(await message({ nickname: 'n'.repeat(21) })).toBe('The nickname can be at most 20 characters.');
      expect(await message({ realname: 'r'.repeat(51) })).toBe('The real name can be at most 50 characters.');
      expect(await message({ school: 's'.repeat(101) })).toBe('The school can be at most 100 characters.');
      expect(await message({ signature: 's'.repeat(1001) })).toBe(
        'The signature can be at most 1000 characters.',
      );
      const linkFormat = 'A link must be a web address starting with http:// or https://.';
      for (const github of ['javascript:alert(1)', 'github.com/eve', 'ftp://x.org', 'data:text/html,<b>']) {
        expect(await message({ github })).toBe(linkFormat);
      }
      expect(await message({ blog: `https://x.org/${'a'.repeat(250)}` })).toBe(
        'A link can be at most 255 characters.',
      );
      expect(await message({ gender: 'robot' })).toBe('Choose male, female or secret.');
      expect(await message({ nickname: 42 })).toMatch(/nickname/);
      for (const body of ['[]', '{bad'])
        expect((await call('POST', '/api/change-userInfo', { token: c.token, body })).status).toBe(400);
      // limits are characters, not bytes
      expect((await c.api.changeUserInfo({ nickname: '中'.repeat(20) })).data.nickname).toBe('中'.repeat(20));
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(c.token);
      expect((await failure(zh.api.changeUserInfo({ nickname: 'n'.repeat(21) }))).message).toBe(
        '昵称最多 20 个字符。',
      );
    });

    it('asks for a login before it looks at the body', async () => {
      const res = await call('POST', '/api/change-userInfo', { body: { nickname: 'n'.repeat(99) } });
      expect([res.status, res.body.msg]).toEqual([401, 'Please login first']);
    });
  });

  describe('change-password', () => {
    it('checks the form: old password required, new one strong and different', async () => {
      const c = await loggedIn('bob', 'bob123');
      const message = async (body: unknown) => {
        const res = await call('POST', '/api/change-password', { token: c.token, body });
        expect(res.status).toBe(400);
        return res.body.msg;
      };
      expect(await message({ newPassword: 'newpass1' })).toBe('The old password is required.');
      expect(await message({ oldPassword: '', newPassword: 'newpass1' })).toBe(
        'The old password is required.',
      );
      const weak = 'The password strength is too weak, and the password length is 6-20 digits and letters';
      for (const newPassword of ['abcdefg', '1234567', 'a1', `a1${'x'.repeat(19)}`, undefined]) {
        const msg = await message({ oldPassword: 'bob123', newPassword });
        expect(newPassword === undefined ? msg === 'The password is required.' : msg === weak).toBe(true);
      }
      expect(await message({ oldPassword: 'bob123', newPassword: 'bob123' })).toBe(
        'The new password must differ from the old one.',
      );
      const anon = await call('POST', '/api/change-password', { body: {} });
      expect([anon.status, anon.body.msg]).toEqual([401, 'Please login first']);
    });

    it('counts wrong old passwords and locks password and e-mail changes after 5', async () => {
      const c = await loggedIn('bob', 'bob123');
      for (let left = 4; left >= 1; left--) {
        const e = await failure(c.api.changePassword({ oldPassword: 'wrong123', newPassword: 'newpass1' }));
        expect(e.httpStatus).toBe(400);
        expect((e.data as PasswordRefusal).triesLeft).toBe(left);
        expect(e.message).toBe(
          `The password is wrong: ${left} of 5 tries left, then password and email changes are locked for 30 minutes.`,
        );
      }
      const fifth = await failure(c.api.changePassword({ oldPassword: 'wrong123', newPassword: 'newpass1' }));
      expect([fifth.httpStatus, fifth.message]).toEqual([
        429,
        'Too many wrong passwords: password and email changes are locked. Try again in 30 minutes.',
      ]);
      // locked: even the right password is refused, and so is an e-mail change
      const right = await failure(c.api.changePassword({ oldPassword: 'bob123', newPassword: 'newpass1' }));
      expect(right.httpStatus).toBe(429);
      expect((right.data as PasswordRefusal).minutes).toBeGreaterThanOrEqual(29);
      const email = await failure(
        c.api.changeEmail({ password: 'bob123', newEmail: 'b2@example.com', code: '123456' }),
      );
      expect(email.httpStatus).toBe(429);
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(c.token);
      expect(
        (await failure(zh.api.changePassword({ oldPassword: 'bob123', newPassword: 'newpass1' }))).message,
      ).toMatch(/^密码错误次数过多.*请 (29|30) 分钟后再试。$/);
      // the login is not locked by it, and the lock ends
      await loggedIn('bob', 'bob123');
      await db()
        .updateTable('login_failure')
        .set({ expires_at: PAST })
        .where('fail_key', '=', `account-password|${uids.bob}`)
        .execute();
      const ok = await c.api.changePassword({ oldPassword: 'bob123', newPassword: 'bobnew12' });
      expect(ok.code).toBe(200);
    });

    it('a right password forgets the failures', async () => {
      const c = await loggedIn('carl', 'carl123');
      for (let i = 0; i < 4; i++)
        await failure(c.api.changePassword({ oldPassword: 'wrong123', newPassword: 'carlnew1' }));
      await c.api.changePassword({ oldPassword: 'carl123', newPassword: 'carlnew1' });
      const c2 = await loggedIn('carl', 'carlnew1');
      const e = await failure(c2.api.changePassword({ oldPassword: 'wrong123', newPassword: 'carlnew2' }));
      expect((e.data as PasswordRefusal).triesLeft).toBe(4);
    });

    it('changes the password, revokes every token, and leaves a notice in the Mine box', async () => {
      const c = await loggedIn('dora', 'dora123');
      const other = await loggedIn('dora', 'dora123');
      const res = await c.api.changePassword({ oldPassword: ' dora123 ', newPassword: 'doranew1' });
      expect(res).toEqual({
        code: 200,
        msg: 'Your password has been changed. Please log in again with the new one.',
        userInfo: null,
      });
      for (const old of [c, other]) {
        const e = await failure(old.api.getUserAuthInfo());
        expect([e.httpStatus, e.message]).toEqual([401, 'Your login has expired. Please log in again.']);
      }
      expect((await failure(en().api.login({ username: 'dora', password: 'dora123' }))).httpStatus).toBe(400);
      const fresh = await loggedIn('dora', 'doranew1');
      expect((await fresh.api.getUserAuthInfo()).roles).toEqual(['default_user']);

      const notices = await db()
        .selectFrom('user_sys_notice')
        .innerJoin('admin_sys_notice', 'admin_sys_notice.id', 'user_sys_notice.sys_notice_id')
        .select([
          'admin_sys_notice.title',
          'admin_sys_notice.content',
          'user_sys_notice.type',
          'user_sys_notice.state',
        ])
        .where('user_sys_notice.recipient_id', '=', uids.dora)
        .execute();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ title: 'Your password was changed', type: 'Mine', state: 0 });
      expect((await fresh.api.getUnreadCounts()).mine).toBe(1);
    });
  });

  describe('change e-mail', () => {
    it('checks the address: format, taken, own, suffix rules, and one code per 60 s', async () => {
      const c = await loggedIn('alice', 'alice123');
      const message = async (email: string) => {
        const res = await call('GET', `/api/get-change-email-code?email=${encodeURIComponent(email)}`, {
          token: c.token,
        });
        return [res.status, res.body.msg];
      };
      expect(await message('')).toEqual([400, 'The email is required.']);
      expect(await message('not-an-email')).toEqual([400, 'The email format is incorrect.']);
      expect(await message('BOB@example.com')).toEqual([400, 'The email already exists.']);
      expect(await message('Alice@Example.com')).toEqual([400, 'That is already your email.']);
      await saveSettingsSection(server.server.ctx.db, 'switches', { emailSuffixDeny: ['spam.test'] });
      try {
        expect(await message('a@mail.spam.test')).toEqual([
          400,
          'Registration with this email domain is not allowed.',
        ]);
      } finally {
        await saveSettingsSection(server.server.ctx.db, 'switches', {});
      }
      const anon = await call('GET', '/api/get-change-email-code?email=x@example.com');
      expect(anon.status).toBe(401);

      const sent = await c.api.getChangeEmailCode('Alice.New@Example.com');
      expect(sent).toMatchObject({ email: 'alice.new@example.com', expire: 600 });
      expect(sent.msg).toBe(
        'The verification code has been sent to alice.new@example.com. It is valid for 10 minutes.',
      );
      const mail = lastMailTo(server.dataDir, 'alice.new@example.com');
      expect(mail.subject).toBe('Verdict: confirm your new email');
      expect(registerCodeIn(mail)).toMatch(/^\d{6}$/);
      const again = await failure(c.api.getChangeEmailCode('other@example.com'));
      expect(again.httpStatus).toBe(429);
      expect((again.data as { seconds: number }).seconds).toBeGreaterThan(50);
    });

    it('changes the e-mail with the password and the code of that address (once)', async () => {
      const c = await loggedIn('alice', 'alice123');
      await db()
        .updateTable('rate_lock')
        .set({ expires_at: PAST })
        .where('key', '=', `change-email-code:${uids.alice}`)
        .execute();
      const before = mailFiles(server.dataDir).length;
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(c.token);
      const sent: RegisterCodeSent = await zh.api.getChangeEmailCode('alice2@example.com');
      expect(sent.msg).toContain('alice2@example.com');
      expect(mailFiles(server.dataDir).length).toBeGreaterThan(before);
      const mail = lastMailTo(server.dataDir, 'alice2@example.com');
      expect(mail.subject).toBe('Verdict：确认你的新邮箱');
      const code = registerCodeIn(mail);
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

      const message = async (body: unknown) => {
        const res = await call('POST', '/api/change-email', { token: c.token, body });
        return [res.status, res.body.msg];
      };
      expect(await message({ password: 'alice123', newEmail: 'alice2@example.com' })).toEqual([
        400,
        'The captcha is required.',
      ]);
      expect(await message({ password: 'alice123', newEmail: 'alice2@example.com', code: '12' })).toEqual([
        400,
        'The captcha must be six digits.',
      ]);
      expect(await message({ newEmail: 'alice2@example.com', code })).toEqual([
        400,
        'The password is required.',
      ]);
      expect(await message({ password: 'alice123', newEmail: 'bad', code })).toEqual([
        400,
        'The email format is incorrect.',
      ]);
      expect(
        await message({ password: 'alice123', newEmail: 'alice2@example.com', code: wrongCode }),
      ).toEqual([400, 'The verification code is wrong.']);
      // the code belongs to the address it was sent to
      expect(await message({ password: 'alice123', newEmail: 'alice3@example.com', code })).toEqual([
        400,
        'The verification code has expired or was never requested. Please get a new one.',
      ]);
      const wrongPassword = await message({ password: 'nope1234', newEmail: 'alice2@example.com', code });
      expect(wrongPassword[0]).toBe(400);
      expect(wrongPassword[1]).toMatch(/^The password is wrong: 4 of 5 tries left/);

      const done = await c.api.changeEmail({ password: 'alice123', newEmail: 'Alice2@Example.com', code });
      expect(done.code).toBe(200);
      expect(done.msg).toBe('Your email is now alice2@example.com.');
      expect(done.userInfo).toMatchObject({ username: 'alice', email: 'alice2@example.com' });
      // the code worked once; the old address is free again, the token still works
      expect(await message({ password: 'alice123', newEmail: 'alice2@example.com', code })).toEqual([
        400,
        'That is already your email.',
      ]);
      expect((await en().api.checkUsernameOrEmail({ email: 'alice@example.com' })).email).toBe(false);
      expect((await c.api.getUserAuthInfo()).roles).toEqual(['default_user']);
      // the password failure above was forgotten by the right password
      const e = await failure(c.api.changePassword({ oldPassword: 'wrong123', newPassword: 'alicenew1' }));
      expect((e.data as PasswordRefusal).triesLeft).toBe(4);
    });

    it('refuses an address another account took after the code was sent', async () => {
      const c = await loggedIn('quiet', 'quiet123');
      await c.api.getChangeEmailCode('race@example.com');
      const code = registerCodeIn(lastMailTo(server.dataDir, 'race@example.com'));
      await createUser(server.server.ctx.db, {
        username: 'racer',
        password: 'racer123',
        email: 'race@example.com',
      });
      const e = await failure(
        c.api.changeEmail({ password: 'quiet123', newEmail: 'race@example.com', code }),
      );
      expect([e.httpStatus, e.message]).toEqual([400, 'The email already exists.']);
    });
  });

  describe('avatar', () => {
    const upload = (token: string | null, data: Buffer | string, filename = 'a.png', type = 'image/png') => {
      const form = new FormData();
      form.append(
        'image',
        new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }),
        filename,
      );
      return call<UserInfo>('POST', '/api/file/upload-avatar', { token, form });
    };
    const imageCount = async () =>
      Number(
        (
          await db()
            .selectFrom('public_image')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );

    it('takes a PNG, serves it with its type and nosniff, and shows it on the home page', async () => {
      const c = await loggedIn('eve', 'eve123');
      const image = png(16, 16);
      const res = await upload(c.token, image, 'me.png');
      expect([res.status, res.body.msg]).toEqual([200, 'Your avatar has been updated.']);
      const avatar = res.body.data.avatar ?? '';
      expect(avatar).toMatch(/^\/api\/public\/img\/[0-9a-f]{64}\.png$/);
      expect(res.body.data.username).toBe('eve');

      const served = await fetch(`${server.url}${avatar}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
      expect((await en().api.getUserHomeInfo({ username: 'eve' })).avatar).toBe(avatar);
      expect((await en().api.login({ username: 'eve', password: 'eve123' })).userInfo.avatar).toBe(avatar);
      // the same path with another extension, or a made-up hash, is not served
      expect((await fetch(`${server.url}${avatar.replace(/\.png$/, '.gif')}`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/public/img/${'0'.repeat(64)}.png`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/public/img/..%2f..%2fverdict.db`)).status).toBe(404);
    });

    it('never serves the test data kept in the same file store', async () => {
      const testCase = await db().selectFrom('problem_case').select('input_hash').executeTakeFirstOrThrow();
      for (const ext of ['png', 'gif', 'jpg']) {
        const res = await fetch(`${server.url}/api/public/img/${testCase.input_hash}.${ext}`);
        expect(res.status).toBe(404);
      }
    });

    it('tells the type by the bytes: GIF, JPEG, BMP and WebP too, whatever the name says', async () => {
      const c = await loggedIn('eve', 'eve123');
      const gif = Buffer.concat([
        Buffer.from('GIF89a'),
        Buffer.from([1, 0, 1, 0, 0, 0, 0]),
        Buffer.from(';'),
      ]);
      const jpeg = Buffer.from([
        0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
      ]);
      const bmp = Buffer.alloc(70);
      bmp.write('BM', 0);
      bmp.writeUInt32LE(70, 2);
      bmp.writeUInt32LE(54, 10);
      bmp.writeUInt32LE(40, 14);
      bmp.writeInt32LE(1, 18);
      bmp.writeInt32LE(1, 22);
      bmp.writeUInt16LE(1, 26);
      bmp.writeUInt16LE(24, 28);
      const webp = Buffer.concat([
        Buffer.from('RIFF'),
        Buffer.from([26, 0, 0, 0]),
        Buffer.from('WEBPVP8L'),
        Buffer.from([13, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]),
      ]);
      for (const [data, ext, type] of [
        [gif, 'gif', 'image/gif'],
        [jpeg, 'jpg', 'image/jpeg'],
        [bmp, 'bmp', 'image/bmp'],
        [webp, 'webp', 'image/webp'],
      ] as const) {
        await unlockAvatar(uids.eve);
        // named and typed as a PNG by the client: the bytes decide
        const res = await upload(c.token, data, 'x.png', 'image/png');
        expect(res.status).toBe(200);
        expect(res.body.data.avatar).toMatch(new RegExp(`\\.${ext}$`));
        const served = await fetch(`${server.url}${res.body.data.avatar}`);
        expect([served.headers.get('content-type'), served.headers.get('x-content-type-options')]).toEqual([
          type,
          'nosniff',
        ]);
      }
      await unlockAvatar(uids.eve);
      await upload(c.token, png());
      const tooFast = await upload(c.token, png(9, 9));
      expect(tooFast.status).toBe(429);
      expect(tooFast.body.msg).toMatch(/^Please wait \d seconds before uploading another avatar\.$/);
    });

    it('refuses a file that is not an image by its content, not its name', async () => {
      const c = await loggedIn('bob', 'bobnew12');
      const count = await imageCount();
      const notImage = 'Only GIF, JPG, JPEG, PNG, BMP and WebP images can be avatars.';
      for (const [data, filename, type] of [
        ['<html><script>alert(1)</script></html>', 'evil.png', 'image/png'],
        ['just text', 'notes.jpg', 'image/jpeg'],
        ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'a.svg', 'image/svg+xml'],
        [Buffer.from('%PDF-1.4\n%\xe2\xe3\n'), 'doc.gif', 'image/gif'],
      ] as const) {
        const res = await upload(c.token, data, filename, type);
        expect([res.status, res.body.msg]).toEqual([400, notImage]);
      }
      const empty = await upload(c.token, Buffer.alloc(0));
      expect([empty.status, empty.body.msg]).toEqual([400, 'Choose an image to upload.']);
      const wrongField = new FormData();
      wrongField.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'a.png');
      const noImage = await call('POST', '/api/file/upload-avatar', { token: c.token, form: wrongField });
      expect([noImage.status, noImage.body.msg]).toEqual([400, 'Choose an image to upload.']);
      const json = await call('POST', '/api/file/upload-avatar', { token: c.token, body: { image: 'x' } });
      expect(json.status).toBe(400);
      expect(await imageCount()).toBe(count);
      expect((await en().api.getUserHomeInfo({ username: 'bob' })).avatar).toBeNull();
    });

    it('refuses an image over 2 MB (by one byte) and stores nothing', async () => {
      const c = await loggedIn('bob', 'bobnew12');
      const count = await imageCount();
      const big = Buffer.concat([png(), Buffer.alloc(AVATAR.maxBytes + 1 - png().length, 1)]);
      expect(big.length).toBe(AVATAR.maxBytes + 1);
      const res = await upload(c.token, big);
      expect([res.status, res.body.msg]).toEqual([400, 'The image is larger than 2 MB.']);
      const exact = Buffer.concat([png(), Buffer.alloc(AVATAR.maxBytes - png().length, 1)]);
      // a huge upload is refused from its declared length and the connection closed
      const huge = await upload(c.token, Buffer.alloc(20 * 1024 * 1024, 7));
      expect([huge.status, huge.body.msg, huge.headers.get('connection')]).toEqual([
        400,
        'The image is larger than 2 MB.',
        'close',
      ]);
      expect(await imageCount()).toBe(count);
      expect((await en().api.getUserHomeInfo({ username: 'bob' })).avatar).toBeNull();
      // exactly 2 MB is fine
      const fits = await upload(c.token, exact);
      expect(fits.status).toBe(200);
      expect(await imageCount()).toBe(count + 1);
    });

    it('cuts a streamed upload without a declared length at the limit', async () => {
      const c = await loggedIn('bob', 'bobnew12');
      const url = new URL(server.url);
      const boundary = 'verdict-test-boundary';
      const total = 100 * 1024 * 1024;
      const answer = await new Promise<{ status: number; msg: string; sentBytes: number }>(
        (resolve, reject) => {
          let sent = 0;
          const req = httpRequest({
            host: url.hostname,
            port: url.port,
            path: '/api/file/upload-avatar',
            method: 'POST',
            headers: {
              Authorization: c.token ?? '',
              'Accept-Language': 'en-US',
              'Content-Type': `multipart/form-data; boundary=${boundary}`,
              'Transfer-Encoding': 'chunked',
            },
          });
          req.on('response', (res) => {
            let body = '';
            res.on('data', (d) => {
              body += d;
            });
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                msg: (JSON.parse(body) as Envelope).msg,
                sentBytes: sent,
              }),
            );
          });
          req.on('error', reject);
          req.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
          );
          req.write(png());
          const chunk = Buffer.alloc(64 * 1024, 1);
          const pump = () => {
            while (sent < total && !req.destroyed) {
              sent += chunk.length;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
            req.end(`\r\n--${boundary}--\r\n`);
          };
          pump();
        },
      );
      expect([answer.status, answer.msg]).toEqual([400, 'The image is larger than 2 MB.']);
      // answered long before the client got through its 100 MB
      expect(answer.sentBytes).toBeLessThan(30 * 1024 * 1024);
    });

    it('asks an anonymous caller to log in', async () => {
      const res = await upload(null, png());
      expect([res.status, res.body.msg]).toEqual([401, 'Please login first']);
      const forged = await upload('forged.token', png());
      expect([forged.status, forged.body.msg]).toEqual([401, 'Your login has expired. Please log in again.']);
    });
  });
});
