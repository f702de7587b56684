import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../shared/constants/roles';
import { A_PLUS_B, failure, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { at, createContest } from '../helpers/contests';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { lastMailTo, mailFiles } from '../helpers/mail';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * The admin console's site and judges pages at HOJ's paths: the dashboard and the logins behind
 * it, the judge list fed by the judge protocol, this server's facts, the mail settings (the
 * password sealed and never sent back, SMTP_URL winning, the test mail and its limit), the
 * read-only database settings and the home carousel. Every refusal changes nothing.
 */

const TOKEN = 'admin-config-test-judge-token-0123456789';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

interface ReceivedMail {
  from: string;
  to: string[];
  /** [user, password] of AUTH PLAIN; null when the client did not log in */
  auth: [string, string] | null;
  data: string;
}

/** A mail server that accepts everything (AUTH PLAIN included) and keeps what it was sent. */
async function fakeSmtp(): Promise<{ port: number; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const decodePlain = (arg: string): [string, string] => {
    const [, user = '', pass = ''] = Buffer.from(arg, 'base64').toString('utf8').split('\0');
    return [user, pass];
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let awaitingAuth = false;
    let mail: ReceivedMail = { from: '', to: [], auth: null, data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(mail);
            mail = { from: '', to: [], auth: mail.auth, data: '' };
            reply('250 queued');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const upper = line.toUpperCase();
        if (awaitingAuth) {
          awaitingAuth = false;
          mail.auth = decodePlain(line);
          reply('235 accepted');
        } else if (upper.startsWith('EHLO')) {
          reply('250-fake.test');
          reply('250-AUTH PLAIN');
          reply('250 8BITMIME');
        } else if (upper.startsWith('AUTH PLAIN')) {
          const arg = line.slice('AUTH PLAIN'.length).trim();
          if (arg) {
            mail.auth = decodePlain(arg);
            reply('235 accepted');
          } else {
            awaitingAuth = true;
            reply('334 ');
          }
        } else if (upper.startsWith('MAIL FROM:')) {
          mail.from = line.slice(10).trim();
          reply('250 ok');
        } else if (upper.startsWith('RCPT TO:')) {
          mail.to.push(line.slice(8).trim());
          reply('250 ok');
        } else if (upper === 'DATA') {
          inData = true;
          reply('354 go on');
        } else if (upper === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    mails,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function png(width = 8, height = 4): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
}

function imageForm(data: Buffer, field = 'file', name = 'banner.png'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)]), name);
  return form;
}

/** A login as a browser makes it, with its own User-Agent. */
async function browserLogin(server: TestServer, username: string, password: string, userAgent: string) {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, 'accept-language': 'en-US' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  const token = res.headers.get('authorization');
  if (!token) throw new Error('no token');
  return token;
}

function judgeCall(server: TestServer, path: string, body: unknown, token = TOKEN) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-judge-token': token, 'accept-language': 'en-US' },
    body: JSON.stringify(body),
  });
}

describe.each(DATABASES)('site and judges in the admin console on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let admin: TestClient & { uid: string };
  let problemAdmin: TestClient & { uid: string };
  let user: TestClient & { uid: string };
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, env: { JUDGE_TOKEN: TOKEN } });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    admin = await userClient(server, 'cfgadmin', { roleId: Role.ADMIN });
    problemAdmin = await userClient(server, 'cfgprobadmin', { roleId: Role.PROBLEM_ADMIN });
    user = await userClient(server, 'cfguser');
    smtp = await fakeSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await server?.destroy();
  });

  describe('dashboard', () => {
    it('counts users, today’s submissions and the coming contests, and lists the latest logins', async () => {
      const before = await admin.api.adminGetDashboardInfo();
      expect(before.todayFrom).toBe(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);

      const newcomer = await userClient(server, 'cfgnewcomer');
      await browserLogin(server, 'cfgnewcomer', 'secret123', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0');
      const submitted = await newcomer.api.submitProblemJudge({
        pid: '1000',
        language: 'C++',
        code: A_PLUS_B['C++'] ?? '',
      });
      await createContest(root, [], { title: 'Soon', from: 2 * DAY, length: 5 * HOUR });
      await createContest(root, [], { title: 'Running', from: -HOUR, length: 5 * HOUR });
      await createContest(root, [], { title: 'Later', from: 30 * DAY, length: 5 * HOUR });
      await createContest(root, [], { title: 'Over', from: -3 * DAY, length: HOUR });

      const after = await admin.api.adminGetDashboardInfo();
      expect(after.userNum - before.userNum).toBe(1);
      expect(after.todayJudgeNum - before.todayJudgeNum).toBe(1);
      // HOJ's rule: not ended, starting within 14 days (the running one counts, the later one not)
      expect(after.recentContestNum - before.recentContestNum).toBe(2);
      expect(after.contestNum - before.contestNum).toBe(4);
      expect(after.problemNum).toBe(before.problemNum);
      expect(after.queue).toEqual({
        waiting: expect.any(Number),
        testRunsWaiting: expect.any(Number),
        oldestWaitingSeconds: after.queue.waiting > 0 ? expect.any(Number) : null,
        oldestSubmitId: after.queue.waiting > 0 ? expect.any(Number) : null,
      });
      expect(after.recentLogins.length).toBeLessThanOrEqual(10);
      expect(after.recentLogins[0]).toEqual({
        username: 'cfgnewcomer',
        ip: '127.0.0.1',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
        time: expect.any(String),
      });
      // root sees it too, as HOJ
      expect((await root.api.adminGetDashboardInfo()).userNum).toBe(after.userNum);
      await waitForVerdict(newcomer, submitted.submitId);
    });

    it('shows the waiting queue: how many and how long the oldest has waited', async () => {
      const db = server.server.ctx.db;
      const problem = await db.kysely
        .selectFrom('problem')
        .select('id')
        .where('problem_id', '=', '1000')
        .executeTakeFirstOrThrow();
      // queued ten minutes ago, and leased to no one who will come (no worker takes it meanwhile)
      const tenMinutesAgo = at(-10 * 60_000);
      const copy = await db.kysely
        .insertInto('judge')
        .values({
          pid: problem.id,
          display_pid: '1000',
          uid: user.uid,
          username: 'cfguser',
          submit_time: tenMinutesAgo,
          status: 5,
          share: 0,
          length: 1,
          code: 'x',
          language: 'C++',
          cid: 0,
          cpid: 0,
          is_manual: 0,
          attempt: 0,
          lease_owner: 'nobody',
          lease_expires_at: at(HOUR),
          gmt_modified: tenMinutesAgo,
        })
        .returning('submit_id')
        .executeTakeFirstOrThrow();
      try {
        const info = await root.api.adminGetDashboardInfo();
        expect(info.queue.waiting).toBeGreaterThanOrEqual(1);
        expect(info.queue.oldestSubmitId).toBe(copy.submit_id);
        expect(info.queue.oldestWaitingSeconds).toBeGreaterThanOrEqual(600);
        expect((await root.api.adminGetJudgeServiceInfo()).queue.oldestSubmitId).toBe(copy.submit_id);
      } finally {
        await db.kysely.deleteFrom('judge').where('submit_id', '=', copy.submit_id).execute();
      }
    });

    it('records every login and answers the previous one as HOJ’s client asks (the uid as a form body)', async () => {
      const watcher = await userClient(server, 'cfgwatcher', { roleId: Role.ADMIN });
      await browserLogin(server, 'cfgwatcher', 'secret123', 'Browser/1 (first)');
      const token = await browserLogin(server, 'cfgwatcher', 'secret123', 'Browser/2 (second)');
      const res = await fetch(`${server.url}/api/admin/dashboard/get-sessions`, {
        method: 'POST',
        headers: {
          authorization: token,
          'content-type': 'application/x-www-form-urlencoded',
          'url-type': 'admin',
        },
        body: watcher.uid,
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: Record<string, unknown> };
      expect(body.data).toEqual({
        id: expect.any(Number),
        uid: watcher.uid,
        ip: '127.0.0.1',
        userAgent: 'Browser/1 (first)',
        gmtCreate: expect.any(String),
        gmtModified: expect.any(String),
      });
      // our client: no body
      expect((await watcher.api.adminGetPreviousSession())?.uid).toBe(watcher.uid);
    });

    it('keeps the newest 20 logins of a user', async () => {
      const db = server.server.ctx.db;
      for (let i = 0; i < 22; i++) await browserLogin(server, 'cfguser', 'secret123', `Agent/${i}`);
      const rows = await db.kysely
        .selectFrom('user_session')
        .select('user_agent')
        .where('uid', '=', user.uid)
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(20);
      expect(rows.at(-1)?.user_agent).toBe('Agent/21');
      expect(rows.map((r) => r.user_agent)).not.toContain('Agent/1');
    });

    it('is for root and admins only', async () => {
      for (const caller of [problemAdmin, user]) {
        const e = await failure(caller.api.adminGetDashboardInfo());
        expect(e.httpStatus).toBe(403);
        expect(e.message).toBe('Only root and admins may open the dashboard.');
        expect((await failure(caller.api.adminGetPreviousSession())).httpStatus).toBe(403);
      }
      expect((await failure(testClient(server.url).api.adminGetDashboardInfo())).httpStatus).toBe(401);
    });
  });

  describe('judges and this server', () => {
    it('lists the in-process pool as online with what it judged', async () => {
      const submission = await root.api.submitProblemJudge({
        pid: '1000',
        language: 'C++',
        code: A_PLUS_B['C++'] ?? '',
      });
      expect((await waitForVerdict(root, submission.submitId)).status).toBe(0);
      const info = await root.api.adminGetJudgeServiceInfo();
      expect(info.offlineAfterSeconds).toBe(90);
      const local = info.judges.filter((j) => j.kind === 'local');
      expect(local).toHaveLength(1);
      expect(local[0]).toMatchObject({ status: 'online', workers: 1 });
      expect(local[0]?.casesJudged).toBeGreaterThanOrEqual(2);
      expect(local[0]?.languages).toEqual(expect.arrayContaining(['C++']));
      const judged = await server.server.ctx.db.kysely
        .selectFrom('judge')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('judger', '=', local[0]?.name ?? '')
        .executeTakeFirstOrThrow();
      expect(local[0]?.casesJudged).toBe(Number(judged.n));
    });

    it('adds a remote judge when it says hello, learns its workers and languages from its claims', async () => {
      expect(
        (await judgeCall(server, '/api/judge/hello', { judger: 'cfg-remote' }, 'wrong-token')).status,
      ).toBe(403);
      expect((await root.api.adminGetJudgeServiceInfo()).judges.some((j) => j.name === 'cfg-remote')).toBe(
        false,
      );

      expect((await judgeCall(server, '/api/judge/hello', { judger: 'cfg-remote' })).status).toBe(200);
      let remote = (await root.api.adminGetJudgeServiceInfo()).judges.find((j) => j.name === 'cfg-remote');
      expect(remote).toMatchObject({
        kind: 'remote',
        status: 'online',
        workers: null,
        languages: null,
        casesJudged: 0,
      });

      // a language no submission is in: the claim takes nothing
      const claim = await judgeCall(server, '/api/judge/claim', {
        worker: 'cfg-remote#3',
        judger: 'cfg-remote',
        languages: ['NoSuchLanguage'],
        testRuns: false,
        waitMs: 0,
      });
      expect(((await claim.json()) as { data: unknown }).data).toBeNull();
      remote = (await root.api.adminGetJudgeServiceInfo()).judges.find((j) => j.name === 'cfg-remote');
      expect(remote).toMatchObject({ workers: 3, languages: ['NoSuchLanguage'], status: 'online' });

      // not heard from for three lease periods: offline
      await server.server.ctx.db.kysely
        .updateTable('judge_server')
        .set({ last_seen: at(-91_000) })
        .where('name', '=', 'cfg-remote')
        .execute();
      remote = (await root.api.adminGetJudgeServiceInfo()).judges.find((j) => j.name === 'cfg-remote');
      expect(remote?.status).toBe('offline');
    });

    it('tells root about this server', async () => {
      const info = await root.api.adminGetServiceInfo();
      const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
      expect(info).toMatchObject({ nodeVersion: process.version, database: name, version: pkg.version });
      expect(info.cpuCores).toBeGreaterThan(0);
      expect(info.loadAverage).toHaveLength(3);
      expect(info.memory.total).toBeGreaterThan(info.memory.free);
      expect(info.memory.processRss).toBeGreaterThan(0);
      expect(info.disk?.total).toBeGreaterThan(0);
      expect(info.uptime.process).toBeGreaterThanOrEqual(0);
    });

    it('keeps judges and server facts for root alone', async () => {
      for (const caller of [admin, problemAdmin, user]) {
        const e = await failure(caller.api.adminGetJudgeServiceInfo());
        expect(e.httpStatus).toBe(403);
        expect(e.message).toBe("Only root may see and change the site's settings.");
        expect((await failure(caller.api.adminGetServiceInfo())).httpStatus).toBe(403);
        expect((await failure(caller.api.adminGetDbConfig())).httpStatus).toBe(403);
      }
    });

    it('shows the database as the environment sets it, and refuses to change it', async () => {
      const config = await root.api.adminGetDbConfig();
      const none = { redisHost: null, redisPort: null, editable: false };
      if (databaseUrl) {
        const url = new URL(databaseUrl);
        expect(config).toEqual({
          dbType: 'postgresql',
          dbHost: url.hostname,
          dbPort: Number(url.port || 5432),
          dbName: url.pathname.slice(1),
          dbUsername: url.username || null,
          ...none,
        });
      } else
        expect(config).toEqual({
          dbType: 'sqlite',
          dbHost: null,
          dbPort: null,
          dbName: expect.stringMatching(/verdict\.db$/),
          dbUsername: null,
          ...none,
        });
      expect(JSON.stringify(config)).not.toMatch(/password/i);
      const hoj = {
        dbHost: 'evil.example',
        dbPort: 3306,
        dbName: 'hoj',
        dbUsername: 'root',
        dbPassword: 'x',
        redisHost: 'evil.example',
        redisPort: 6379,
        redisPassword: 'y',
      };
      const e = await failure(
        root.raw.request('PUT', '/api/admin/config/set-db-and-redis-config', { body: hoj, urlType: 'admin' }),
      );
      expect(e.httpStatus).toBe(400);
      expect(e.message).toContain('DATABASE_URL');
      const other = await failure(
        admin.raw.request('PUT', '/api/admin/config/set-db-and-redis-config', {
          body: hoj,
          urlType: 'admin',
        }),
      );
      expect(other.httpStatus).toBe(403);
      expect(await root.api.adminGetDbConfig()).toEqual(config);
    });
  });

  describe('mail settings', () => {
    it('without settings, the test mail is a file, in the caller’s language', async () => {
      const config = await root.api.adminGetEmailConfig();
      expect(config).toMatchObject({ source: 'files', emailHost: '', emailPasswordSet: false });
      const zhRoot = testClient(server.url, 'zh-CN');
      await zhRoot.login('root', server.rootPassword);
      const sent = await zhRoot.api.adminTestEmail({ email: 'Files@Example.com' });
      expect(sent.data).toEqual({ source: 'files' });
      expect(sent.msg).toContain('files@example.com');
      const mail = lastMailTo(server.dataDir, 'files@example.com');
      expect(mail.subject).toContain('测试邮件');
      expect(mail.text).toContain('未设置邮件服务器');
    });

    it('saves the SMTP settings as HOJ’s screen sends them, and never gives the password back', async () => {
      const saved = await root.api.adminSetEmailConfig({
        emailHost: '127.0.0.1',
        // HOJ's form sends the port as typed text
        emailPort: String(smtp.port),
        emailUsername: 'mailer@example.com',
        emailPassword: 's3cret-smtp-pass',
        emailSsl: false,
        emailBGImg: 'https://example.com/bg.png',
      });
      expect(saved.msg).toBe('The mail settings have been saved.');
      const expected = {
        emailHost: '127.0.0.1',
        emailPort: smtp.port,
        emailUsername: 'mailer@example.com',
        emailSsl: false,
        emailBGImg: 'https://example.com/bg.png',
        emailPasswordSet: true,
        source: 'database',
      };
      expect(saved.data).toEqual(expected);
      const res = await fetch(`${server.url}/api/admin/config/get-email-config`, {
        headers: { authorization: root.token ?? '' },
      });
      const text = await res.text();
      expect(text).not.toContain('s3cret-smtp-pass');
      expect((JSON.parse(text) as { data: unknown }).data).toEqual(expected);
      // stored sealed, not as typed
      const row = await server.server.ctx.db.kysely
        .selectFrom('site_config')
        .select('value')
        .where('key', '=', 'mail')
        .executeTakeFirstOrThrow();
      expect(row.value).not.toContain('s3cret-smtp-pass');

      // HOJ's screen saves again what it read (no password): the password stays
      const again = await root.api.adminSetEmailConfig({ ...(await root.api.adminGetEmailConfig()) });
      expect(again.data.emailPasswordSet).toBe(true);
    });

    it('sends through those settings at once, the site’s own mail too, logged in with the stored password', async () => {
      const filesBefore = mailFiles(server.dataDir).length;
      const sent = await root.api.adminTestEmail({ email: 'smtp-test@example.com' });
      expect(sent.data).toEqual({ source: 'database' });
      expect(sent.msg).toBe('A test mail has been sent to smtp-test@example.com.');
      const test = smtp.mails.find((m) => m.to.some((t) => t.includes('smtp-test@example.com')));
      expect(test?.auth).toEqual(['mailer@example.com', 's3cret-smtp-pass']);
      expect(test?.from).toContain('mailer@example.com');
      expect(test?.data).toContain('test mail');

      await testClient(server.url).api.getRegisterCode('newbie-smtp@example.com');
      expect(smtp.mails.some((m) => m.to.some((t) => t.includes('newbie-smtp@example.com')))).toBe(true);
      expect(mailFiles(server.dataDir).length).toBe(filesBefore);
    });

    it('answers a mail server’s failure with its words, within the limit, then 429', async () => {
      const port = await closedPort();
      await root.api.adminSetEmailConfig({ emailHost: '127.0.0.1', emailPort: port });
      const second = await userClient(server, 'cfgroot2', { roleId: Role.ROOT });
      for (let i = 0; i < 5; i++) {
        const e = await failure(second.api.adminTestEmail({ email: 'nowhere@example.com' }));
        expect(e.httpStatus).toBe(400);
        expect(e.message).toMatch(/^The test mail could not be sent: .*ECONNREFUSED/);
        expect(e.message).not.toContain('s3cret-smtp-pass');
      }
      const limited = await failure(second.api.adminTestEmail({ email: 'nowhere@example.com' }));
      expect(limited.httpStatus).toBe(429);
      expect(limited.message).toMatch(/Please try again in \d+ minutes/);
    });

    it('refuses other roles and bad input with its message, and changes nothing', async () => {
      const before = await root.api.adminGetEmailConfig();
      for (const caller of [admin, problemAdmin, user]) {
        expect((await failure(caller.api.adminGetEmailConfig())).httpStatus).toBe(403);
        expect(
          (await failure(caller.api.adminSetEmailConfig({ emailHost: 'evil.example' }))).httpStatus,
        ).toBe(403);
        expect((await failure(caller.api.adminTestEmail({ email: 'a@example.com' }))).httpStatus).toBe(403);
      }
      const cases: [Record<string, unknown>, string][] = [
        [{ emailPort: 70000 }, 'The port is a whole number from 1 to 65535.'],
        [{ emailPort: 'abc' }, 'The port is a whole number from 1 to 65535.'],
        [
          { emailHost: 'smtp://evil.example/x' },
          'The mail server must be a host name or an IP address, such as smtp.example.com.',
        ],
        [{ emailPassword: 'x'.repeat(256) }, 'The password can be at most 255 characters.'],
        [
          { emailBGImg: 'javascript:alert(1)' },
          'The background image must be an address starting with http:// or https://, at most 1000 characters.',
        ],
      ];
      for (const [body, message] of cases) {
        const e = await failure(root.api.adminSetEmailConfig(body as never));
        expect(e.httpStatus).toBe(400);
        expect(e.message).toBe(message);
      }
      const bad = await failure(root.api.adminTestEmail({ email: 'not-an-email' }));
      expect(bad.httpStatus).toBe(400);
      expect(await root.api.adminGetEmailConfig()).toEqual(before);
    });

    it('turns the site’s SMTP off with a blank host: mail goes to files again', async () => {
      const off = await root.api.adminSetEmailConfig({ emailHost: '', emailUsername: '' });
      expect(off.data).toMatchObject({ source: 'files', emailHost: '', emailPasswordSet: false });
      const before = mailFiles(server.dataDir).length;
      await testClient(server.url).api.getRegisterCode('back-to-files@example.com');
      expect(mailFiles(server.dataDir).length).toBe(before + 1);
    });
  });

  describe('home carousel', () => {
    it('takes an image as HOJ’s upload sends it, lists it publicly and serves it as avatars are', async () => {
      const uploaded = await root.api.adminUploadCarouselImage(imageForm(png()));
      expect(uploaded.msg).toBe('The image has been added to the home carousel.');
      expect(uploaded.data).toEqual({
        id: expect.any(Number),
        url: expect.stringMatching(/^\/api\/public\/img\/[0-9a-f]{64}\.png$/),
      });
      const second = await root.api.adminUploadCarouselImage(imageForm(png(6, 6), 'image'));

      const list = await testClient(server.url).api.getHomeCarousel();
      expect(list).toEqual([uploaded.data, second.data]);
      const image = await fetch(`${server.url}${uploaded.data.url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');

      const removed = await root.api.adminDeleteCarouselImage(uploaded.data.id);
      expect(removed.msg).toBe('The image has been removed from the home carousel.');
      expect(await root.api.getHomeCarousel()).toEqual([second.data]);
      const again = await failure(root.api.adminDeleteCarouselImage(uploaded.data.id));
      expect(again.httpStatus).toBe(404);
    });

    it('refuses other roles and anything that is not an image, and keeps the carousel as it was', async () => {
      const before = await root.api.getHomeCarousel();
      for (const caller of [admin, problemAdmin, user]) {
        expect((await failure(caller.api.adminUploadCarouselImage(imageForm(png())))).httpStatus).toBe(403);
        if (before[0])
          expect((await failure(caller.api.adminDeleteCarouselImage(before[0].id))).httpStatus).toBe(403);
      }
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const e = await failure(root.api.adminUploadCarouselImage(imageForm(svg, 'file', 'x.svg')));
      expect(e.httpStatus).toBe(400);
      expect(e.message).toBe('Only GIF, JPG, JPEG, PNG, BMP and WebP images can go on the carousel.');
      const none = await failure(root.api.adminUploadCarouselImage(new FormData()));
      expect(none.message).toBe('Choose an image to upload.');
      const big = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await failure(root.api.adminUploadCarouselImage(imageForm(big)));
      expect(tooBig.httpStatus).toBe(400);
      expect(tooBig.message).toBe('The image is larger than 5 MB.');
      const badId = await failure(
        root.raw.request('DELETE', '/api/admin/config/home-carousel', { query: { id: 'x' } }),
      );
      expect(badId.message).toBe('Choose the image to remove.');
      expect(await root.api.getHomeCarousel()).toEqual(before);
    });
  });
});

describe('SMTP_URL in the environment', () => {
  let server: TestServer;
  let root: TestClient;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;

  beforeAll(async () => {
    smtp = await fakeSmtp();
    const port = await closedPort();
    server = await startTestServer({ judgeWorkers: 0, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
  });
  afterAll(async () => {
    await smtp?.close();
    await server?.destroy();
  });

  it('wins over the settings of the admin console, and the answer says so', async () => {
    const saved = await root.api.adminSetEmailConfig({ emailHost: '127.0.0.1', emailPort: smtp.port });
    expect(saved.data).toMatchObject({ emailHost: '127.0.0.1', emailPort: smtp.port, source: 'environment' });
    expect((await root.api.adminGetEmailConfig()).source).toBe('environment');
    const e = await failure(root.api.adminTestEmail({ email: 'env@example.com' }));
    expect(e.httpStatus).toBe(400);
    expect(e.message).toMatch(/^The test mail could not be sent: .*ECONNREFUSED/);
    expect(smtp.mails).toEqual([]);
  });
});
