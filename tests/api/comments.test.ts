import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CommentVO } from '../../shared/api/comment-types';
import type { AdminContestVO } from '../../shared/api/contest-types';
import { Role } from '../../shared/constants/roles';
import type { ContestForm } from '../../shared/schemas/contests';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** A public ACM contest from offset `from` lasting `length` (running by default). */
function form(overrides: Partial<ContestForm> = {}, from = -HOUR, length = 3 * HOUR): ContestForm {
  return {
    title: 'Comment Cup',
    description: 'Comments.',
    type: 0,
    auth: 0,
    startTime: at(from),
    endTime: at(from + length),
    ...overrides,
  };
}

describe.each(DATABASES)('comments and replies on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  /** creates the contests: their contest admin */
  let owner: TestClient;
  /** a site admin who is not an admin of owner's contests */
  let siteAdmin: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  let zhBob: TestClient;
  let anon: TestClient;
  let running: AdminContestVO;
  let ended: AdminContestVO;
  let scheduled: AdminContestVO;
  let privateC: AdminContestVO;

  const db = () => server.server.ctx.db.kysely;
  const uidOf = async (username: string) =>
    (
      await db()
        .selectFrom('user_info')
        .select('uuid')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).uuid;

  const client = (username: string, roleId?: (typeof Role)[keyof typeof Role], language = 'en-US') =>
    userClient(server, username, { roleId, language });

  const setCommentsOpen = (open: boolean) => root.api.adminSetWebConfig({ openContestComment: open });
  const reminders = (username: string) =>
    uidOf(username).then((uid) =>
      db().selectFrom('msg_remind').selectAll().where('recipient_id', '=', uid).orderBy('id').execute(),
    );

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    owner = await client('cmowner', Role.ADMIN);
    siteAdmin = await client('cmadmin', Role.ADMIN);
    alice = await client('cmalice');
    bob = await client('cmbob');
    zhBob = testClient(server.url, 'zh-CN');
    zhBob.setToken(bob.token);
    anon = testClient(server.url);
    await db()
      .updateTable('user_info')
      .set({ title_name: 'Gold', title_color: '#ffaa00' })
      .where('username', '=', 'cmalice')
      .execute();
    running = await owner.api.adminAddContest(form({ title: 'Comments Running' }));
    ended = await owner.api.adminAddContest(form({ title: 'Comments Ended' }, -3 * HOUR, HOUR));
    scheduled = await owner.api.adminAddContest(form({ title: 'Comments Later' }, HOUR, HOUR));
    privateC = await owner.api.adminAddContest(form({ title: 'Comments Private', auth: 1, pwd: 'letmein' }));
  });
  afterAll(async () => {
    await server?.destroy();
  });
  // each test starts with fresh posting limits, as if some time had passed (the limits: contest-abuse.test.ts)
  beforeEach(async () => {
    await db()
      .deleteFrom('rate_window')
      .where((eb) => eb.or([eb('key', 'like', 'comment-%'), eb('key', 'like', 'reply-%')]))
      .execute();
  });

  it('posts a comment with the author badge and title, and lists it for its author', async () => {
    const posted = await alice.api.addComment({ cid: ended.id, content: '**Is n ≤ 10^9?**' });
    expect(posted).toMatchObject({
      cid: ended.id,
      did: null,
      content: '**Is n ≤ 10^9?**',
      fromName: 'cmalice',
      fromRole: 'user',
      fromTitleName: 'Gold',
      fromTitleColor: '#ffaa00',
      likeNum: 0,
      totalReplyNum: 0,
      replyList: [],
    });
    const byRoot = await root.api.addComment({ cid: ended.id, content: 'Yes.' });
    expect(byRoot.fromRole).toBe('root');
    const byAdmin = await siteAdmin.api.addComment({ cid: ended.id, content: 'From a site admin.' });
    expect(byAdmin.fromRole).toBe('admin');

    const list = await bob.api.getComments({ cid: ended.id });
    // newest first when no one liked anything
    expect(list.commentList.records.map((c) => c.id)).toEqual([byAdmin.id, byRoot.id, posted.id]);
    expect([list.commentList.total, list.commentList.size, list.commentList.current]).toEqual([3, 10, 1]);
    expect(list.commentLikeMap).toEqual({});
  });

  it('checks the content: empty after trimming, over 10000 characters (both languages)', async () => {
    const empty = await failure(alice.api.addComment({ cid: running.id, content: '  \n\t ' }));
    expect([empty.httpStatus, empty.message]).toEqual([400, 'Content cannot be empty']);
    const zhEmpty = await failure(zhBob.api.addComment({ cid: running.id, content: '' }));
    expect([zhEmpty.httpStatus, zhEmpty.message]).toEqual([400, '内容不能为空']);
    const long = await failure(alice.api.addComment({ cid: running.id, content: 'x'.repeat(10001) }));
    expect([long.httpStatus, long.message]).toEqual([400, 'Can not exceed 10000 characters']);
    const zhLong = await failure(zhBob.api.addComment({ cid: running.id, content: 'x'.repeat(10001) }));
    expect(zhLong.message).toBe('不能超过10000个字符');
    // exactly 10000 is fine
    const max = await alice.api.addComment({ cid: ended.id, content: '字'.repeat(10000) });
    expect(max.content.length).toBe(10000);
    await alice.api.deleteComment({ id: max.id });

    const replyTarget = await alice.api.addComment({ cid: ended.id, content: 'reply target' });
    const emptyReply = await failure(
      alice.api.addReply({ reply: { commentId: replyTarget.id, content: ' ' }, quoteType: 'Comment' }),
    );
    expect([emptyReply.httpStatus, emptyReply.message]).toEqual([400, 'Content cannot be empty']);
    const longReply = await failure(
      alice.api.addReply({ reply: { commentId: replyTarget.id, content: 'y'.repeat(10001) } }),
    );
    expect([longReply.httpStatus, longReply.message]).toEqual([400, 'Can not exceed 10000 characters']);
    await alice.api.deleteComment({ id: replyTarget.id });

    const noSource = await failure(alice.api.addComment({ content: 'where?' }));
    expect(noSource.httpStatus).toBe(400);
  });

  it('needs a login to post, reply, like and delete, and to read contest comments', async () => {
    const c = await alice.api.addComment({ cid: ended.id, content: 'login test' });
    for (const call of [
      () => anon.api.addComment({ cid: ended.id, content: 'hi' }),
      () => anon.api.addReply({ reply: { commentId: c.id, content: 'hi' } }),
      () => anon.api.likeComment({ cid: c.id, toLike: true }),
      () => anon.api.deleteComment({ id: c.id }),
      () => anon.api.deleteReply({ reply: { id: 1 } }),
      () => anon.api.getComments({ cid: ended.id }),
      () => anon.api.getAllReply({ commentId: c.id }),
    ]) {
      const e = await failure(call());
      expect([e.httpStatus, e.status]).toEqual([401, 401]);
    }
    const e = await failure(anon.api.addComment({ cid: ended.id, content: 'hi' }));
    expect(e.message).toMatch(/login/i);
    await alice.api.deleteComment({ id: c.id });
  });

  it('refuses muted roles (1005, 1007) and lets the no-discussion roles (1004, 1006) comment', async () => {
    const target = await root.api.addComment({ cid: ended.id, content: 'role test' });
    for (const role of [Role.MUTE, Role.NO_SUBMIT_MUTE]) {
      const muted = await client(`cmmuted${role}`, role);
      const c = await failure(muted.api.addComment({ cid: ended.id, content: 'let me speak' }));
      expect([c.httpStatus, c.message]).toEqual([403, 'Your account may not post comments or replies.']);
      const r = await failure(muted.api.addReply({ reply: { commentId: target.id, content: 'me too' } }));
      expect(r.httpStatus).toBe(403);
      // reading and liking stay open
      expect((await muted.api.getComments({ cid: ended.id })).commentList.total).toBeGreaterThan(0);
      await muted.api.likeComment({ cid: target.id, toLike: true });
    }
    for (const role of [Role.NO_DISCUSS, Role.NO_SUBMIT_NO_DISCUSS]) {
      const user = await client(`cmnodisc${role}`, role);
      const c = await user.api.addComment({ cid: ended.id, content: `posted by ${role}` });
      await user.api.addReply({ reply: { commentId: target.id, content: 'reply' } });
      await user.api.deleteComment({ id: c.id });
    }
    const rows = await db()
      .selectFrom('comment')
      .select('id')
      .where('content', '=', 'let me speak')
      .execute();
    expect(rows).toEqual([]);
    await root.api.deleteComment({ id: target.id });
  });

  it('refuses reading and posting when the site switch is off, with its message', async () => {
    const c = await alice.api.addComment({ cid: ended.id, content: 'before the switch' });
    await setCommentsOpen(false);
    try {
      for (const call of [
        () => alice.api.getComments({ cid: ended.id }),
        () => alice.api.addComment({ cid: ended.id, content: 'now?' }),
        () => alice.api.addReply({ reply: { commentId: c.id, content: 'now?' } }),
        () => alice.api.likeComment({ cid: c.id, toLike: true }),
        () => alice.api.getAllReply({ commentId: c.id }),
        // admins too: the area is closed
        () => root.api.getComments({ cid: ended.id }),
      ]) {
        const e = await failure(call());
        expect([e.httpStatus, e.message]).toEqual([
          403,
          'No Access: There is no open contest comment area on the website!',
        ]);
      }
      const zh = await failure(zhBob.api.getComments({ cid: ended.id }));
      expect(zh.message).toBe('无权访问：网站当前未开启比赛评论区！');
      // the author can still clean up
      await alice.api.deleteComment({ id: c.id });
    } finally {
      await setCommentsOpen(true);
    }
    expect((await root.api.getWebsiteConfig()).openContestComment).toBe(true);
  });

  it('needs contest access: missing 404, scheduled 403, private without registration 403', async () => {
    const missing = await failure(alice.api.getComments({ cid: 987654 }));
    expect(missing.httpStatus).toBe(404);
    const missingPost = await failure(alice.api.addComment({ cid: 987654, content: 'x' }));
    expect(missingPost.httpStatus).toBe(404);
    const later = await failure(alice.api.addComment({ cid: scheduled.id, content: 'early' }));
    expect(later.httpStatus).toBe(403);
    expect((await failure(alice.api.getComments({ cid: scheduled.id }))).httpStatus).toBe(403);
    // its admin may already talk there
    const early = await owner.api.addComment({ cid: scheduled.id, content: 'Welcome, soon.' });
    expect(early.fromRole).toBe('admin');
    const priv = await failure(alice.api.addComment({ cid: privateC.id, content: 'let me in' }));
    expect(priv.httpStatus).toBe(403);
    expect((await failure(alice.api.getComments({ cid: privateC.id }))).httpStatus).toBe(403);
    await alice.api.registerContest({ cid: privateC.id, password: 'letmein' });
    const inside = await alice.api.addComment({ cid: privateC.id, content: 'registered now' });
    expect(inside.cid).toBe(privateC.id);
  });

  it('answers 404 for discussion comments (discussions are not open yet)', async () => {
    const e = await failure(alice.api.getComments({ did: 424242 }));
    expect([e.httpStatus, e.message]).toEqual([404, 'This discussion does not exist.']);
    const p = await failure(alice.api.addComment({ did: 424242, content: 'hello' }));
    expect(p.httpStatus).toBe(404);
  });

  it('in a running contest shows non-admins only their own, root and author comments, and limits replies', async () => {
    const fromAlice = await alice.api.addComment({ cid: running.id, content: 'Alice asks' });
    const fromBob = await bob.api.addComment({ cid: running.id, content: 'Bob asks' });
    const fromOwner = await owner.api.addComment({ cid: running.id, content: 'Owner clarifies' });
    const fromRoot = await root.api.addComment({ cid: running.id, content: 'Root clarifies' });
    const fromSiteAdmin = await siteAdmin.api.addComment({ cid: running.id, content: 'Site admin talks' });

    const ids = async (c: TestClient) =>
      (await c.api.getComments({ cid: running.id })).commentList.records
        .map((r) => r.id)
        .sort((a, b) => a - b);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(await ids(alice)).toEqual(sorted([fromAlice.id, fromOwner.id, fromRoot.id]));
    expect((await alice.api.getComments({ cid: running.id })).commentList.total).toBe(3);
    expect(await ids(bob)).toEqual(sorted([fromBob.id, fromOwner.id, fromRoot.id]));
    // site admins are not admins of someone else's contest
    expect(await ids(siteAdmin)).toEqual(sorted([fromSiteAdmin.id, fromOwner.id, fromRoot.id]));
    const all = sorted([fromAlice.id, fromBob.id, fromOwner.id, fromRoot.id, fromSiteAdmin.id]);
    expect(await ids(owner)).toEqual(all);
    expect(await ids(root)).toEqual(all);

    // replies: only to one's own comment; another's hidden comment is simply not there
    const own = await alice.api.addReply({ reply: { commentId: fromAlice.id, content: 'more details' } });
    expect(own).toMatchObject({
      commentId: fromAlice.id,
      toUid: await uidOf('cmalice'),
      fromName: 'cmalice',
    });
    const toOwner = await failure(
      alice.api.addReply({ reply: { commentId: fromOwner.id, content: 'thanks' } }),
    );
    expect([toOwner.httpStatus, toOwner.message]).toEqual([
      403,
      'While the contest is running you can only reply to your own comments.',
    ]);
    const toRoot = await failure(zhBob.api.addReply({ reply: { commentId: fromRoot.id, content: '谢谢' } }));
    expect([toRoot.httpStatus, toRoot.message]).toEqual([403, '比赛进行中，您只能回复自己的评论。']);
    const hidden = await failure(alice.api.addReply({ reply: { commentId: fromBob.id, content: 'peek' } }));
    expect(hidden.httpStatus).toBe(404);
    expect((await failure(alice.api.getAllReply({ commentId: fromBob.id }))).httpStatus).toBe(404);
    expect((await failure(alice.api.likeComment({ cid: fromBob.id, toLike: true }))).httpStatus).toBe(404);
    // the contest admin answers anyone
    const answer = await owner.api.addReply({
      reply: { commentId: fromBob.id, content: 'Read the statement.' },
    });
    expect(answer.toName).toBe('cmbob');
    const bobView = (await bob.api.getComments({ cid: running.id })).commentList.records.find(
      (c) => c.id === fromBob.id,
    );
    expect(bobView?.replyList.map((r) => r.id)).toEqual([answer.id]);

    // after the end everyone sees everything and may reply to anyone
    expect((await ended.id) > 0).toBe(true);
    const endedRoot = await root.api.addComment({ cid: ended.id, content: 'ended root comment' });
    const endedReply = await bob.api.addReply({ reply: { commentId: endedRoot.id, content: 'thanks!' } });
    expect(endedReply.toName).toBe('root');
  });

  it('collapses replies to the newest 3 and lists them all; quotes a reply', async () => {
    const c = await alice.api.addComment({ cid: ended.id, content: 'Many replies here' });
    const made = [];
    for (let i = 1; i <= 5; i++) {
      made.push(
        await (i % 2 ? bob : owner).api.addReply({ reply: { commentId: c.id, content: `reply ${i}` } }),
      );
    }
    const view = (await alice.api.getComments({ cid: ended.id })).commentList.records.find(
      (x) => x.id === c.id,
    );
    expect(view?.totalReplyNum).toBe(5);
    expect(view?.replyList.map((r) => r.content)).toEqual(['reply 5', 'reply 4', 'reply 3']);
    const all = await alice.api.getAllReply({ commentId: c.id, cid: ended.id });
    expect(all.map((r) => r.content)).toEqual(['reply 5', 'reply 4', 'reply 3', 'reply 2', 'reply 1']);

    // quoting a reply answers its author, whatever the client says
    const quoted = await alice.api.addReply({
      reply: { commentId: c.id, content: '@owner thanks', toUid: 'someone-else', toName: 'nobody' },
      quoteId: made[1].id,
      quoteType: 'Reply',
    });
    expect([quoted.toUid, quoted.toName]).toEqual([await uidOf('cmowner'), 'cmowner']);
    // a reply of another comment cannot be quoted here
    const other = await bob.api.addComment({ cid: ended.id, content: 'other' });
    const wrong = await failure(
      alice.api.addReply({
        reply: { commentId: other.id, content: 'x' },
        quoteId: made[0].id,
        quoteType: 'Reply',
      }),
    );
    expect(wrong.httpStatus).toBe(404);
    const missing = await failure(alice.api.addReply({ reply: { commentId: 987654, content: 'x' } }));
    expect([missing.httpStatus, missing.message]).toEqual([
      404,
      'This comment does not exist or has been deleted.',
    ]);
  });

  it('writes reply reminders the message centre counts and lists', async () => {
    const before = (await alice.api.getUnreadCounts()).reply;
    const c = await alice.api.addComment({ cid: ended.id, content: 'Ping me' });
    const r = await bob.api.addReply({ reply: { commentId: c.id, content: 'Pong' }, quoteType: 'Comment' });
    // replying to oneself reminds nobody
    await alice.api.addReply({ reply: { commentId: c.id, content: 'self note' } });
    expect((await alice.api.getUnreadCounts()).reply).toBe(before + 1);
    const rows = (await reminders('cmalice')).filter((m) => m.action === 'Reply');
    expect(rows.at(-1)).toMatchObject({
      action: 'Reply',
      source_id: ended.id,
      source_type: 'Contest',
      source_content: 'Pong',
      quote_id: c.id,
      quote_type: 'Comment',
      url: `/contest/${ended.id}/comment`,
      sender_id: await uidOf('cmbob'),
      state: 0,
    });
    const page = await alice.api.getUserMessages('reply');
    expect(page.records[0]).toMatchObject({ sourceContent: 'Pong', senderUsername: 'cmbob', state: false });
    expect((await alice.api.getUnreadCounts()).reply).toBe(0);
    // a quoted reply reminds its author
    await owner.api.addReply({
      reply: { commentId: c.id, content: 'Re: pong' },
      quoteId: r.id,
      quoteType: 'Reply',
    });
    const bobRows = (await reminders('cmbob')).filter((m) => m.action === 'Reply');
    expect(bobRows.at(-1)).toMatchObject({ quote_id: r.id, quote_type: 'Reply', source_content: 'Re: pong' });
  });

  it('toggles likes once per user, keeps likeNum, orders by likes, reminds the author once', async () => {
    const c = await alice.api.addComment({ cid: ended.id, content: 'Like me' });
    const likeCount = async () =>
      (await alice.api.getComments({ cid: ended.id, limit: 100 })).commentList.records.find(
        (x) => x.id === c.id,
      )?.likeNum;
    expect(
      await bob.api.likeComment({ cid: c.id, toLike: true, sourceId: ended.id, sourceType: 'Contest' }),
    ).toEqual({
      liked: true,
      likeNum: 1,
    });
    // a second like is no second count
    expect(await bob.api.likeComment({ cid: c.id, toLike: true })).toEqual({ liked: true, likeNum: 1 });
    await owner.api.likeComment({ cid: c.id, toLike: true });
    expect(await likeCount()).toBe(2);
    const bobList = await bob.api.getComments({ cid: ended.id, limit: 100 });
    expect(bobList.commentLikeMap[String(c.id)]).toBe(true);
    // only the caller's likes are in the map
    const aliceList = await alice.api.getComments({ cid: ended.id, limit: 100 });
    expect(aliceList.commentLikeMap[String(c.id)]).toBeUndefined();
    // the most liked comes first
    expect(aliceList.commentList.records[0].id).toBe(c.id);

    const likes = (await reminders('cmalice')).filter(
      (m) => m.action === 'Like_Discuss' && m.quote_id === c.id,
    );
    expect(likes.map((m) => m.sender_id).sort()).toEqual(
      [await uidOf('cmbob'), await uidOf('cmowner')].sort(),
    );
    expect(likes[0]).toMatchObject({ source_type: 'Contest', source_id: ended.id, quote_type: 'Comment' });
    expect((await alice.api.getUnreadCounts()).like).toBeGreaterThanOrEqual(2);

    expect(await bob.api.likeComment({ cid: c.id, toLike: false })).toEqual({ liked: false, likeNum: 1 });
    expect(await bob.api.likeComment({ cid: c.id, toLike: false })).toEqual({ liked: false, likeNum: 1 });
    expect(
      (await bob.api.getComments({ cid: ended.id, limit: 100 })).commentLikeMap[String(c.id)],
    ).toBeUndefined();
    // liking again counts again but does not remind again
    await bob.api.likeComment({ cid: c.id, toLike: true });
    expect(await likeCount()).toBe(2);
    const again = (await reminders('cmalice')).filter(
      (m) => m.action === 'Like_Discuss' && m.quote_id === c.id,
    );
    expect(again).toHaveLength(2);
    // liking one's own comment counts but reminds nobody
    await alice.api.likeComment({ cid: c.id, toLike: true });
    expect(await likeCount()).toBe(3);
    expect(
      (await reminders('cmalice')).filter((m) => m.action === 'Like_Discuss' && m.quote_id === c.id),
    ).toHaveLength(2);
    const missing = await failure(bob.api.likeComment({ cid: 987654, toLike: true }));
    expect(missing.httpStatus).toBe(404);
  });

  it('lets authors and contest admins delete; others get 403; a comment takes its replies and likes', async () => {
    const c = await alice.api.addComment({ cid: ended.id, content: 'Delete test' });
    const r1 = await bob.api.addReply({ reply: { commentId: c.id, content: 'bob reply' } });
    const r2 = await alice.api.addReply({ reply: { commentId: c.id, content: 'alice reply' } });
    await bob.api.likeComment({ cid: c.id, toLike: true });

    const byBob = await failure(bob.api.deleteComment({ id: c.id, fromUid: await uidOf('cmbob') }));
    expect([byBob.httpStatus, byBob.message]).toEqual([
      403,
      'You can only delete your own comments and replies.',
    ]);
    // a site admin is no admin of this contest
    expect((await failure(siteAdmin.api.deleteComment({ id: c.id }))).httpStatus).toBe(403);
    expect((await failure(alice.api.deleteReply({ reply: { id: r1.id } }))).httpStatus).toBe(403);
    expect((await failure(siteAdmin.api.deleteReply({ reply: { id: r1.id } }))).httpStatus).toBe(403);

    await bob.api.deleteReply({ reply: { id: r1.id } });
    expect((await failure(bob.api.deleteReply({ reply: { id: r1.id } }))).httpStatus).toBe(404);
    // the contest's author deletes anyone's reply and comment
    const r3 = await bob.api.addReply({ reply: { commentId: c.id, content: 'again' } });
    await owner.api.deleteReply({ reply: { id: r3.id } });
    await owner.api.deleteComment({ id: c.id, cid: ended.id });
    expect((await failure(alice.api.deleteComment({ id: c.id }))).httpStatus).toBe(404);
    const left = await db().selectFrom('reply').select('id').where('comment_id', '=', c.id).execute();
    expect(left).toEqual([]);
    const likes = await db().selectFrom('comment_like').select('id').where('cid', '=', c.id).execute();
    expect(likes).toEqual([]);
    expect(r2.id).toBeGreaterThan(0);

    // root deletes in any contest; authors delete their own
    const c2 = await bob.api.addComment({ cid: ended.id, content: 'root removes this' });
    await root.api.deleteComment({ id: c2.id });
    const c3: CommentVO = await bob.api.addComment({ cid: ended.id, content: 'bob removes this' });
    await bob.api.deleteComment({ id: c3.id });
    const ids = (await bob.api.getComments({ cid: ended.id, limit: 100 })).commentList.records.map(
      (x) => x.id,
    );
    expect(ids).not.toContain(c2.id);
    expect(ids).not.toContain(c3.id);
  });

  it('pages 10 comments by default', async () => {
    const contest = await owner.api.adminAddContest(form({ title: 'Paging' }, -3 * HOUR, HOUR));
    // three authors: one user may post only 5 comments a minute
    const authors = [bob, alice, siteAdmin];
    for (let i = 0; i < 12; i++) await authors[i % 3]?.api.addComment({ cid: contest.id, content: `c${i}` });
    const first = await alice.api.getComments({ cid: contest.id });
    expect([first.commentList.records.length, first.commentList.total, first.commentList.pages]).toEqual([
      10, 12, 2,
    ]);
    const second = await alice.api.getComments({ cid: contest.id, currentPage: 2 });
    expect(second.commentList.records.map((c) => c.content)).toEqual(['c1', 'c0']);
  });
});
