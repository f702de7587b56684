import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { Role } from '../../shared/constants/roles';
import { A_PLUS_B, failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('site admin and announcements on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let user: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const db = server.server.ctx.db;
    await createUser(db, { username: 'carol', password: 'carol123' });
    await createUser(db, { username: 'adam', password: 'adam1234', roleId: Role.ADMIN });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    user = testClient(server.url);
    await user.login('carol', 'carol123');
    admin = testClient(server.url);
    await admin.login('adam', 'adam1234');
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('web config', () => {
    it('is read and changed by root, and shows at once in the public config', async () => {
      const before = await root.api.adminGetWebConfig();
      expect(before.name).toBe('Verdict Online Judge');
      expect(before).not.toHaveProperty('product');
      const after = await root.api.adminSetWebConfig({
        name: 'Test OJ',
        shortName: 'TOJ',
        recordName: 'ICP 123',
        recordUrl: 'https://beian.example.com/',
        register: false,
        openContestComment: false,
      });
      expect(after).toMatchObject({ name: 'Test OJ', shortName: 'TOJ', register: false });
      expect(after.description).toBe(before.description);
      const pub = await testClient(server.url).api.getWebsiteConfig();
      expect(pub).toMatchObject({
        name: 'Test OJ',
        recordUrl: 'https://beian.example.com/',
        register: false,
        openContestComment: false,
        product: 'verdict',
      });
      await root.api.adminSetWebConfig({ register: true });
    });

    it('validates lengths and URLs with clear messages', async () => {
      const url = await failure(root.api.adminSetWebConfig({ projectUrl: 'javascript:alert(1)' }));
      expect(url.httpStatus).toBe(400);
      expect(url.message).toBe('Enter an http(s) URL or leave it empty.');
      const long = await failure(root.api.adminSetWebConfig({ shortName: 'x'.repeat(65) }));
      expect(long.message).toBe('This text is too long.');
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(root.token);
      expect((await failure(zh.api.adminSetWebConfig({ baseUrl: 'ftp://x' }))).message).toBe(
        '请输入 http(s) 链接或留空。',
      );
    });

    it('is refused to admins (403) and anonymous callers (401)', async () => {
      expect((await failure(admin.api.adminGetWebConfig())).httpStatus).toBe(403);
      expect((await failure(admin.api.adminSetWebConfig({ name: 'x' }))).httpStatus).toBe(403);
      expect((await failure(testClient(server.url).api.adminGetWebConfig())).httpStatus).toBe(401);
    });
  });

  describe('switches', () => {
    it('applies the submit interval and the judge switch to submissions at once', async () => {
      const submit = () =>
        user.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] });
      const sw = await root.api.adminUpdateSwitches({ defaultSubmitInterval: 0 });
      expect(sw.defaultSubmitInterval).toBe(0);
      expect(sw.openPublicJudge).toBe(true);
      await submit();
      await submit();

      await root.api.adminUpdateSwitches({ defaultSubmitInterval: 60 });
      await submit();
      const tooFast = await failure(submit());
      expect(tooFast.httpStatus).toBe(429);

      await root.api.adminUpdateSwitches({ openPublicJudge: false, defaultSubmitInterval: 0 });
      const off = await failure(submit());
      expect(off.httpStatus).toBe(403);
      expect(off.message).toBe('Judging is disabled on this site: no submit or test run.');
      await root.api.adminUpdateSwitches({ openPublicJudge: true });
      await submit();
    });

    it('stores the email suffix lists and uses them on registration', async () => {
      const sw = await root.api.adminUpdateSwitches({ emailSuffixDeny: ['Spam.example', '@spam.example'] });
      expect(sw.emailSuffixDeny).toEqual(['spam.example']);
      expect((await root.api.adminGetSwitches()).emailSuffixDeny).toEqual(['spam.example']);
      const refused = await failure(testClient(server.url).api.getRegisterCode('x@spam.example'));
      expect(refused.message).toBe('Registration with this email domain is not allowed.');
      await root.api.adminUpdateSwitches({ emailSuffixDeny: [] });
    });

    it('validates the interval and the suffixes, and is root only', async () => {
      const range = await failure(root.api.adminUpdateSwitches({ defaultSubmitInterval: 3601 }));
      expect(range.httpStatus).toBe(400);
      expect(range.message).toBe('The submit interval is a whole number of seconds from 0 to 3600.');
      const suffix = await failure(root.api.adminUpdateSwitches({ emailSuffixAllow: ['not a domain'] }));
      expect(suffix.message).toBe('Email suffixes are domains such as example.com.');
      expect((await failure(admin.api.adminGetSwitches())).httpStatus).toBe(403);
      expect((await failure(user.api.adminUpdateSwitches({ openPublicJudge: false }))).httpStatus).toBe(403);
    });
  });

  describe('announcements', () => {
    it('lists the seeded welcome announcement publicly', async () => {
      const page = await testClient(server.url).api.getCommonAnnouncement();
      expect(page.size).toBe(5);
      expect(page.records[0]?.title).toMatch(/Welcome to Verdict/);
      expect(page.records[0]).toMatchObject({ status: 0, username: 'root' });
      expect(page.records[0]).toHaveProperty('gmtModified');
    });

    it('is created, edited, hidden and deleted by root; the public list shows visible ones newest first', async () => {
      const a = await root.api.adminAddAnnouncement({ title: 'First', content: 'one' });
      const b = await root.api.adminAddAnnouncement({ title: 'Second', content: 'two' });
      const hidden = await root.api.adminAddAnnouncement({ title: 'Draft', content: 'x', status: 1 });
      expect(a).toMatchObject({ title: 'First', username: 'root', status: 0 });

      let pub = await testClient(server.url).api.getCommonAnnouncement({ currentPage: 1, limit: 2 });
      expect(pub.records.map((r) => r.title)).toEqual(['Second', 'First']);
      expect(pub.total).toBe(3);
      const all = await root.api.adminListAnnouncements();
      expect(all.total).toBe(4);
      expect(all.records[0]?.id).toBe(hidden.id);

      const edited = await root.api.adminUpdateAnnouncement({ id: b.id, title: 'Second!', status: 1 });
      expect(edited).toMatchObject({ title: 'Second!', content: 'two', status: 1 });
      pub = await testClient(server.url).api.getCommonAnnouncement();
      expect(pub.records.map((r) => r.title)).not.toContain('Second!');

      await root.api.adminDeleteAnnouncement(a.id);
      const gone = await failure(root.api.adminDeleteAnnouncement(a.id));
      expect(gone.httpStatus).toBe(404);
      expect(gone.message).toBe('The announcement does not exist.');
      expect((await failure(root.api.adminUpdateAnnouncement({ id: a.id, title: 'x' }))).httpStatus).toBe(
        404,
      );
    });

    it('validates title and content with clear messages', async () => {
      const empty = await failure(root.api.adminAddAnnouncement({ title: '  ', content: 'x' }));
      expect(empty.httpStatus).toBe(400);
      expect(empty.message).toBe('The announcement title is required.');
      expect(
        (await failure(root.api.adminAddAnnouncement({ title: 'x'.repeat(256), content: '' }))).message,
      ).toBe('The announcement title is at most 255 characters.');
      expect(
        (await failure(root.api.adminAddAnnouncement({ title: 't', content: 'x'.repeat(65536) }))).message,
      ).toBe('The announcement content is at most 65535 characters.');
      expect(
        (await failure(root.api.adminAddAnnouncement({ title: 't', content: 'c', status: 2 }))).message,
      ).toBe('The announcement status is 0 (visible) or 1 (hidden).');
    });

    it('is managed by root only', async () => {
      expect((await failure(admin.api.adminAddAnnouncement({ title: 't', content: 'c' }))).httpStatus).toBe(
        403,
      );
      expect((await failure(admin.api.adminListAnnouncements())).httpStatus).toBe(403);
      expect((await failure(user.api.adminDeleteAnnouncement(1))).httpStatus).toBe(403);
      expect((await failure(testClient(server.url).api.adminListAnnouncements())).httpStatus).toBe(401);
    });
  });
});
