import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPersonalNotice } from '../../server/services/messages/notices';
import type { UnreadCounts } from '../../shared/api/types';
import { Role } from '../../shared/constants/roles';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const NONE: UnreadCounts = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };

describe.each(DATABASES)('message centre on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  let adam: TestClient;
  const uids: Record<string, string> = {};

  const db = () => server.server.ctx.db;

  /** A reminder as comments and replies write it (services/comments/reminders.ts). */
  async function remind(
    to: string,
    from: string,
    action: string,
    extra: { state?: number; url?: string } = {},
  ) {
    const now = new Date().toISOString();
    const row = await db()
      .kysely.insertInto('msg_remind')
      .values({
        action,
        source_id: 7,
        source_type: 'Discussion',
        source_content: `${action} from ${from}`,
        quote_id: null,
        quote_type: null,
        url: extra.url ?? '/discussion-detail/7',
        recipient_id: uids[to] as string,
        sender_id: uids[from] as string,
        state: extra.state ?? 0,
        gmt_create: now,
        gmt_modified: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function client(username: string, password: string, roleId?: (typeof Role)[keyof typeof Role]) {
    const c = await userClient(server, username, { password, roleId });
    uids[username] = c.uid;
    return c;
  }

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    const rootRow = await db()
      .kysely.selectFrom('user_info')
      .select('uuid')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    uids.root = rootRow.uuid;
    alice = await client('alice', 'alice123');
    bob = await client('bob', 'bob12345');
    adam = await client('adam', 'adam1234', Role.ADMIN);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('reminders (comment, reply, like)', () => {
    it('are counted per kind from the unread rows of the caller only', async () => {
      expect(await alice.api.getUnreadCounts()).toEqual(NONE);
      await remind('alice', 'bob', 'Discuss', { state: 1 });
      await remind('alice', 'bob', 'Discuss');
      await remind('alice', 'adam', 'Discuss');
      await remind('alice', 'bob', 'Reply');
      await remind('alice', 'bob', 'Like_Post');
      await remind('alice', 'adam', 'Like_Discuss');
      await remind('bob', 'alice', 'Discuss');
      expect(await alice.api.getUnreadCounts()).toEqual({ ...NONE, comment: 2, reply: 1, like: 2 });
      expect(await bob.api.getUnreadCounts()).toEqual({ ...NONE, comment: 1 });
    });

    it('list newest first with the sender, and mark only the page returned as read', async () => {
      const first = await alice.api.getUserMessages('comment', { currentPage: 1, limit: 1 });
      expect(first).toMatchObject({ total: 3, size: 1, current: 1, pages: 3 });
      expect(first.records).toHaveLength(1);
      expect(first.records[0]).toMatchObject({
        action: 'Discuss',
        senderId: uids.adam,
        senderUsername: 'adam',
        senderAvatar: null,
        sourceId: 7,
        sourceType: 'Discussion',
        sourceContent: 'Discuss from adam',
        url: '/discussion-detail/7',
        // unread when fetched: the answer says so, the row is now read
        state: false,
      });
      expect(await alice.api.getUnreadCounts()).toEqual({ ...NONE, comment: 1, reply: 1, like: 2 });
      // bob's reminder of the same kind is untouched
      expect((await bob.api.getUnreadCounts()).comment).toBe(1);

      const again = await alice.api.getUserMessages('comment', { currentPage: 1, limit: 1 });
      expect(again.records[0]?.state).toBe(true);
      const second = await alice.api.getUserMessages('comment', { currentPage: 2, limit: 1 });
      expect(second.records.map((r) => [r.senderUsername, r.state])).toEqual([['bob', false]]);
      const third = await alice.api.getUserMessages('comment', { currentPage: 3, limit: 1 });
      expect(third.records.map((r) => [r.senderUsername, r.state])).toEqual([['bob', true]]);
      expect(await alice.api.getUnreadCounts()).toEqual({ ...NONE, reply: 1, like: 2 });
    });

    it('lists both kinds of like under like, and replies under reply', async () => {
      const likes = await alice.api.getUserMessages('like');
      expect(likes.records.map((r) => r.action).sort()).toEqual(['Like_Discuss', 'Like_Post']);
      const replies = await alice.api.getUserMessages('reply');
      expect(replies.records.map((r) => r.action)).toEqual(['Reply']);
      expect(await alice.api.getUnreadCounts()).toEqual(NONE);
    });

    it("are cleaned one by one or all of a kind, never someone else's", async () => {
      const bobs = await remind('bob', 'alice', 'Reply');
      const refused = await failure(alice.api.cleanMessages('reply', bobs));
      expect(refused.httpStatus).toBe(404);
      expect(refused.message).toBe('You have no such message.');
      expect((await bob.api.getUnreadCounts()).reply).toBe(1);

      const comments = await alice.api.getUserMessages('comment');
      const one = comments.records[0]?.id as number;
      // an id of another kind is not found under this kind
      expect((await failure(alice.api.cleanMessages('reply', one))).httpStatus).toBe(404);
      await alice.api.cleanMessages('comment', one);
      expect((await alice.api.getUserMessages('comment')).total).toBe(2);

      // HOJ's type names work too; without id every like of the caller goes
      const res = await alice.raw.requestRaw<null>('DELETE', '/api/msg/clean', { query: { type: 'Like' } });
      expect(res.msg).toBe('The messages have been cleared.');
      expect((await alice.api.getUserMessages('like')).total).toBe(0);
      await remind('bob', 'alice', 'Like_Post');
      expect((await bob.api.getUnreadCounts()).like).toBe(1);
      await alice.api.cleanMessages('like');
      expect((await bob.api.getUserMessages('like')).total).toBe(1);
    });

    it('refuses a bad type or id with a clear message', async () => {
      const type = await failure(alice.raw.request('DELETE', '/api/msg/clean', { query: { type: 'spam' } }));
      expect(type.httpStatus).toBe(400);
      expect(type.message).toBe('The message type is comment, reply, like, sys or mine.');
      const id = await failure(
        alice.raw.request('DELETE', '/api/msg/clean', { query: { type: 'reply', id: 'x' } }),
      );
      expect(id.httpStatus).toBe(400);
      expect(id.message).toBe('The message id is a positive whole number.');
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(alice.token);
      expect((await failure(zh.raw.request('DELETE', '/api/msg/clean', {}))).message).toBe(
        '消息类型只能是 comment、reply、like、sys 或 mine。',
      );
    });
  });

  describe('notices', () => {
    it('reach everyone (All), the admins (Admin) or one user (Single)', async () => {
      const all = await root.api.adminAddNotice({
        title: 'Maintenance',
        content: 'Down at **noon**.',
        type: 'All',
      });
      expect(all).toMatchObject({ type: 'All', state: true, adminUsername: 'root', recipientId: null });
      // a broadcast writes no row per user when sent
      const rows = () =>
        db()
          .kysely.selectFrom('user_sys_notice')
          .select('recipient_id')
          .where('sys_notice_id', '=', all.id)
          .execute();
      expect(await rows()).toHaveLength(0);

      const admins = await root.api.adminAddNotice({
        title: 'Admins only',
        content: 'Review queue.',
        type: 'Admin',
      });
      const single = await root.api.adminAddNotice({
        title: 'Hello Bob',
        content: 'Just you.',
        type: 'Single',
        recipient: 'BOB',
      });
      expect(single).toMatchObject({ type: 'Single', recipientId: uids.bob, recipientUsername: 'bob' });

      expect((await alice.api.getUnreadCounts()).sys).toBe(1);
      expect((await bob.api.getUnreadCounts()).sys).toBe(2);
      expect((await adam.api.getUnreadCounts()).sys).toBe(2);
      expect((await root.api.getUnreadCounts()).sys).toBe(2);
      expect((await rows()).map((r) => r.recipient_id).sort()).toEqual(
        [uids.alice, uids.bob, uids.adam, uids.root].sort(),
      );

      const box = await bob.api.getNoticeMessages('sys');
      expect(box.records.map((r) => [r.title, r.state, r.type])).toEqual([
        ['Hello Bob', false, 'Sys'],
        ['Maintenance', false, 'Sys'],
      ]);
      expect(box.records[1]).toMatchObject({ content: 'Down at **noon**.', gmtCreate: all.gmtCreate });
      expect(await bob.api.getUnreadCounts()).toEqual({ ...NONE, comment: 1, reply: 1 });
      expect((await adam.api.getNoticeMessages('sys')).records.map((r) => r.title)).toEqual([
        'Admins only',
        'Maintenance',
      ]);
      expect(admins.type).toBe('Admin');
    });

    it('reach a user who registered later only when sent after the registration', async () => {
      const carol = await client('carol', 'carol123');
      expect(await carol.api.getUnreadCounts()).toEqual(NONE);
      await root.api.adminAddNotice({ title: 'Welcome all', content: 'New term.', type: 'All' });
      expect((await carol.api.getUnreadCounts()).sys).toBe(1);
      expect((await carol.api.getNoticeMessages('sys')).records.map((r) => r.title)).toEqual(['Welcome all']);
    });

    it('are delivered once even when several reads race', async () => {
      const dave = await client('dave', 'dave1234');
      const notice = await root.api.adminAddNotice({ title: 'Race', content: 'x', type: 'All' });
      const counts = await Promise.all(Array.from({ length: 6 }, () => dave.api.getUnreadCounts()));
      expect(counts.map((c) => c.sys)).toEqual([1, 1, 1, 1, 1, 1]);
      const copies = await db()
        .kysely.selectFrom('user_sys_notice')
        .select('id')
        .where('sys_notice_id', '=', notice.id)
        .where('recipient_id', '=', uids.dave as string)
        .execute();
      expect(copies).toHaveLength(1);
    });

    it('stay cleaned: a cleaned broadcast is not delivered again', async () => {
      const before = await alice.api.getNoticeMessages('sys');
      expect(before.records.map((r) => r.title)).toEqual(['Race', 'Welcome all', 'Maintenance']);
      const maintenance = before.records[2];
      await alice.api.cleanMessages('sys', maintenance?.id);
      expect(await alice.api.getUnreadCounts()).toEqual(NONE);
      const after = await alice.api.getNoticeMessages('sys');
      expect(after.records.map((r) => r.title)).toEqual(['Race', 'Welcome all']);
      // cleaning it again: it is gone
      expect((await failure(alice.api.cleanMessages('sys', maintenance?.id))).httpStatus).toBe(404);
      // another user's box entry cannot be cleaned by alice
      const bobsBox = await bob.api.getNoticeMessages('sys');
      const bobs = bobsBox.records[0]?.id as number;
      expect((await failure(alice.api.cleanMessages('sys', bobs))).httpStatus).toBe(404);
      expect((await bob.api.getNoticeMessages('sys')).total).toBe(bobsBox.total);
      // clean all takes the broadcasts not yet delivered too
      await root.api.adminAddNotice({ title: 'Late', content: 'x', type: 'All' });
      await alice.api.cleanMessages('sys');
      expect((await alice.api.getNoticeMessages('sys')).total).toBe(0);
      expect((await alice.api.getUnreadCounts()).sys).toBe(0);
    });

    it("personal notices from the site land under mine, outside root's notice list", async () => {
      const id = await sendPersonalNotice(db(), {
        recipientUid: uids.bob as string,
        title: 'Your report was handled',
        content: 'Thanks.',
      });
      expect((await bob.api.getUnreadCounts()).mine).toBe(1);
      expect((await alice.api.getUnreadCounts()).mine).toBe(0);
      const mine = await bob.api.getNoticeMessages('mine');
      expect(mine.records).toHaveLength(1);
      expect(mine.records[0]).toMatchObject({
        title: 'Your report was handled',
        type: 'Mine',
        state: false,
        sysNoticeId: id,
      });
      expect((await bob.api.getUnreadCounts()).mine).toBe(0);
      expect((await bob.api.getNoticeMessages('sys')).records.map((r) => r.title)).not.toContain(
        'Your report was handled',
      );
      const list = await root.api.adminListNotices({ limit: 100 });
      expect(list.records.map((r) => r.id)).not.toContain(id);
      expect((await failure(root.api.adminDeleteNotice(id))).httpStatus).toBe(404);
      await expect(
        sendPersonalNotice(db(), { recipientUid: 'no-such-user', title: 't', content: 'c' }),
      ).rejects.toThrow('messages.recipientNotFound');
      await bob.api.cleanMessages('mine', mine.records[0]?.id);
      expect((await bob.api.getNoticeMessages('mine')).total).toBe(0);
    });
  });

  describe("root's notice admin", () => {
    it('lists newest first, searches title and content, filters by type', async () => {
      const page = await root.api.adminListNotices({ currentPage: 1, limit: 2 });
      expect(page).toMatchObject({ size: 2, current: 1 });
      expect(page.total).toBeGreaterThanOrEqual(6);
      expect(page.records[0]?.title).toBe('Late');
      const found = await root.api.adminListNotices({ keyword: 'NOON' });
      expect(found.records.map((r) => r.title)).toEqual(['Maintenance']);
      // LIKE wildcards are searched for literally
      expect((await root.api.adminListNotices({ keyword: '%' })).total).toBe(0);
      const singles = await root.api.adminListNotices({ type: 'Single' });
      expect(singles.records.map((r) => r.title)).toEqual(['Hello Bob']);
    });

    it('edits the text everyone sees, and re-targets a notice', async () => {
      const [hello] = (await root.api.adminListNotices({ type: 'Single' })).records;
      if (!hello) throw new Error('no Single notice');
      const edited = await root.api.adminUpdateNotice({ id: hello.id, title: 'Hello again' });
      expect(edited).toMatchObject({ title: 'Hello again', content: 'Just you.', recipientUsername: 'bob' });
      expect((await bob.api.getNoticeMessages('sys')).records.map((r) => r.title)).toContain('Hello again');
      expect((await bob.api.getUnreadCounts()).sys).toBe(0);

      await root.api.adminUpdateNotice({ id: hello.id, recipient: 'alice' });
      expect((await bob.api.getNoticeMessages('sys')).records.map((r) => r.title)).not.toContain(
        'Hello again',
      );
      expect((await alice.api.getUnreadCounts()).sys).toBe(1);
      expect((await alice.api.getNoticeMessages('sys')).records.map((r) => r.title)).toEqual(['Hello again']);

      // to the admins: alice loses it, adam (who has read the others) gets it
      await adam.api.getNoticeMessages('sys');
      expect((await adam.api.getUnreadCounts()).sys).toBe(0);
      await root.api.adminUpdateNotice({ id: hello.id, type: 'Admin' });
      expect((await alice.api.getNoticeMessages('sys')).total).toBe(0);
      expect((await adam.api.getUnreadCounts()).sys).toBe(1);
      const missing = await failure(root.api.adminUpdateNotice({ id: 987654, title: 'x' }));
      expect(missing.httpStatus).toBe(404);
      expect(missing.message).toBe('The notice does not exist.');
      const noRecipient = await failure(root.api.adminUpdateNotice({ id: hello.id, type: 'Single' }));
      expect(noRecipient.httpStatus).toBe(400);
      expect(noRecipient.message).toBe('Enter the username of the user to notify.');
    });

    it('deletes a notice from every box', async () => {
      const n = await root.api.adminAddNotice({ title: 'Oops', content: 'wrong', type: 'All' });
      expect((await bob.api.getUnreadCounts()).sys).toBe(1);
      const res = await root.raw.requestRaw<null>('DELETE', '/api/admin/msg/notice', {
        query: { id: n.id },
        urlType: 'admin',
      });
      expect(res.msg).toBe('The notice has been deleted.');
      expect((await bob.api.getUnreadCounts()).sys).toBe(0);
      expect((await bob.api.getNoticeMessages('sys')).records.map((r) => r.title)).not.toContain('Oops');
      const again = await failure(root.api.adminDeleteNotice(n.id));
      expect(again.httpStatus).toBe(404);
    });

    it('validates notices with clear messages', async () => {
      const sent = (await root.api.adminListNotices()).total;
      const cases: [Parameters<typeof root.api.adminAddNotice>[0], string][] = [
        [{ title: ' ', content: 'c', type: 'All' }, 'The notice title is required.'],
        [
          { title: 'x'.repeat(256), content: 'c', type: 'All' },
          'The notice title is at most 255 characters.',
        ],
        [{ title: 't', content: '  ', type: 'All' }, 'The notice content is required.'],
        [
          { title: 't', content: 'x'.repeat(65536), type: 'All' },
          'The notice content is at most 65535 characters.',
        ],
        [{ title: 't', content: 'c', type: 'Everyone' as 'All' }, 'Send a notice to All, Single or Admin.'],
        [{ title: 't', content: 'c', type: 'Single' }, 'Enter the username of the user to notify.'],
        [
          { title: 't', content: 'c', type: 'Single', recipient: '' },
          'Enter the username of the user to notify.',
        ],
      ];
      for (const [body, message] of cases) {
        const e = await failure(root.api.adminAddNotice(body));
        expect([e.httpStatus, e.message]).toEqual([400, message]);
      }
      const nobody = await failure(
        root.api.adminAddNotice({ title: 't', content: 'c', type: 'Single', recipient: 'nobody' }),
      );
      expect([nobody.httpStatus, nobody.message]).toEqual([404, 'No user has this username.']);
      const noId = await failure(root.raw.request('PUT', '/api/admin/msg/notice', { body: { title: 'x' } }));
      expect([noId.httpStatus, noId.message]).toEqual([400, 'The notice id is required.']);
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(root.token);
      expect((await failure(zh.api.adminAddNotice({ title: '', content: 'c', type: 'All' }))).message).toBe(
        '请填写通知标题。',
      );
      // nothing was sent by the refused calls
      expect((await root.api.adminListNotices()).total).toBe(sent);
    });

    it('is for root only: 403 for admins and users, 401 for visitors', async () => {
      expect((await failure(adam.api.adminListNotices())).httpStatus).toBe(403);
      expect(
        (await failure(adam.api.adminAddNotice({ title: 't', content: 'c', type: 'All' }))).httpStatus,
      ).toBe(403);
      expect((await failure(alice.api.adminDeleteNotice(1))).httpStatus).toBe(403);
      const anon = testClient(server.url);
      expect((await failure(anon.api.adminListNotices())).httpStatus).toBe(401);
      expect((await failure(anon.api.getUnreadCounts())).httpStatus).toBe(401);
      expect((await failure(anon.api.getNoticeMessages('sys'))).httpStatus).toBe(401);
      expect((await failure(anon.api.cleanMessages('sys'))).httpStatus).toBe(401);
    });
  });
});
