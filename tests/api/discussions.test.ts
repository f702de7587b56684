import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DiscussionItem } from '../../shared/api/discussion-types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import type { DiscussionCreateForm } from '../../shared/schemas/discussions';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { insertJudgeRows } from '../helpers/judge-rows';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * Discussions at HOJ's paths (docs/architecture.md, Discussions): list, detail, post, edit, delete,
 * likes, reports, the console's calls, HOJ's posting rules (accepted problems, posts a day, roles,
 * the public area switch) and comments on a discussion with their reminders.
 */
describe.each(DATABASES)('discussions on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let admin: TestClient & { uid: string };
  let alice: TestClient & { uid: string };
  let bob: TestClient & { uid: string };
  let zhBob: TestClient;
  let noDiscuss: TestClient & { uid: string };
  let muted: TestClient & { uid: string };
  let anon: TestClient;
  let solutions = 0;
  let chat = 0;

  const db = () => server.server.ctx.db.kysely;
  const rules = (r: {
    defaultCreateDiscussionDailyLimit?: number;
    defaultCreateDiscussionACInitValue?: number;
    defaultCreateCommentACInitValue?: number;
  }) => root.api.adminUpdateSwitches(r);
  const reminders = (uid: string, action: string) =>
    db()
      .selectFrom('msg_remind')
      .selectAll()
      .where('recipient_id', '=', uid)
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const post = (c: TestClient, over: Partial<DiscussionCreateForm> = {}) =>
    c.api.addDiscussion({
      title: 'How to read input fast',
      description: 'Reading 10^6 numbers',
      content: 'Use $O(n)$ reading: `scanf`.',
      categoryId: chat,
      ...over,
    });
  /** one accepted submission of a demo problem per user, so a threshold of 1 is met */
  const accept = async (uid: string, username: string) => {
    const problem = await db()
      .selectFrom('problem')
      .select('id')
      .where('problem_id', '=', '1000')
      .executeTakeFirstOrThrow();
    await insertJudgeRows(server.server.ctx.db, [
      {
        uid,
        username,
        pid: problem.id,
        displayPid: '1000',
        status: JudgeStatus.ACCEPTED,
        submitTime: new Date().toISOString(),
      },
    ]);
  };

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    admin = await userClient(server, 'dsadmin', { roleId: Role.ADMIN });
    alice = await userClient(server, 'dsalice');
    bob = await userClient(server, 'dsbob');
    zhBob = testClient(server.url, 'zh-CN');
    zhBob.setToken(bob.token);
    noDiscuss = await userClient(server, 'dsnodiscuss', { roleId: Role.NO_DISCUSS });
    muted = await userClient(server, 'dsmuted', { roleId: Role.MUTE });
    anon = testClient(server.url);
    for (const u of [
      [alice.uid, 'dsalice'],
      [bob.uid, 'dsbob'],
      [noDiscuss.uid, 'dsnodiscuss'],
      [muted.uid, 'dsmuted'],
    ] as const)
      await accept(u[0], u[1]);
    const categories = await anon.api.getDiscussionCategories();
    solutions = categories.find((c) => c.name.includes('Solutions'))?.id ?? 0;
    chat = categories.find((c) => c.name.includes('Chat'))?.id ?? 0;
    expect([solutions, chat].every((id) => id > 0)).toBe(true);
    await db()
      .updateTable('user_info')
      .set({ title_name: 'Gold', title_color: '#ffaa00' })
      .where('uuid', '=', alice.uid)
      .execute();
  });
  afterAll(async () => {
    await server?.destroy();
  });
  // every test starts with HOJ's rules relaxed to one accepted problem and fresh windows
  beforeEach(async () => {
    await db().deleteFrom('rate_window').where('key', 'like', 'discussion-%').execute();
    await db().deleteFrom('rate_window').where('key', 'like', 'comment-%').execute();
    await rules({
      defaultCreateDiscussionDailyLimit: 5,
      defaultCreateDiscussionACInitValue: 1,
      defaultCreateCommentACInitValue: 1,
    });
    await root.api.adminSetWebConfig({ openPublicDiscussion: true });
  });

  it('has HOJ’s five categories and HOJ’s rules by default', async () => {
    const categories = await anon.api.getDiscussionCategories();
    expect(categories.map((c) => c.name)).toEqual([
      '闲聊 Chat',
      '题解 Solutions',
      '求助 Help',
      '建议 Suggestions',
      '记录 Notes',
    ]);
    const fresh = await startTestServer({ judgeWorkers: 0, demo: false });
    try {
      const r = testClient(fresh.url);
      await r.login('root', fresh.rootPassword);
      expect(await r.api.adminGetSwitches()).toMatchObject({
        defaultCreateDiscussionDailyLimit: 5,
        defaultCreateDiscussionACInitValue: 10,
        defaultCreateCommentACInitValue: 10,
      });
    } finally {
      await fresh.destroy();
    }
  });

  it('refuses posting below the accepted-problem threshold with HOJ’s message, in both languages', async () => {
    await rules({ defaultCreateDiscussionACInitValue: 10 });
    const e = await failure(post(bob));
    expect([e.httpStatus, e.message]).toEqual([
      403,
      'Sorry, you cannot post yet! Please get at least 10 problems accepted first.',
    ]);
    const zh = await failure(post(zhBob));
    expect(zh.message).toBe('对不起，您暂时不能发帖！请先去提交题目通过10道以上！');
    // admin roles are exempt (HOJ)
    const byAdmin = await post(admin, { title: 'Admin needs no AC' });
    expect(byAdmin.role).toBe('admin');
    await rules({ defaultCreateDiscussionACInitValue: 1 });
    expect((await post(bob, { title: 'Bob has one AC' })).author).toBe('dsbob');
  });

  it('posts, lists (text only for its author), and shows the detail with a view counted once', async () => {
    const posted = await post(alice, {
      title: 'Prefix sums',
      description: 'Sum of a range in $O(1)$',
      content: '# Idea\n\n$$s_i = \\sum_{j \\le i} a_j$$\n\n<script>alert(1)</script>',
      categoryId: solutions,
    });
    expect(posted).toMatchObject({
      title: 'Prefix sums',
      categoryId: solutions,
      author: 'dsalice',
      role: 'user',
      viewNum: 0,
      likeNum: 0,
      commentNum: 0,
      topPriority: false,
      status: 0,
      pid: null,
    });
    const asBob = await bob.api.getDiscussionList({ keyword: 'Prefix sums' });
    expect(asBob.records.map((d) => [d.id, d.content])).toEqual([[posted.id, null]]);
    const asAlice = await alice.api.getDiscussionList({ keyword: 'Prefix sums' });
    expect(asAlice.records[0]?.content).toContain('# Idea');

    const detail = await bob.api.getDiscussionDetail(posted.id);
    expect(detail).toMatchObject({
      id: posted.id,
      categoryName: '题解 Solutions',
      hasLike: false,
      titleName: 'Gold',
      titleColor: '#ffaa00',
      viewNum: 1,
    });
    // Markdown with KaTeX, sanitised like statements: no script survives
    expect(detail.contentHtml).toContain('<h1>Idea</h1>');
    expect(detail.contentHtml).toContain('class="katex');
    expect(detail.contentHtml).not.toContain('<script');
    // the same viewer again within the window: not counted; another viewer: counted
    expect((await bob.api.getDiscussionDetail(posted.id)).viewNum).toBe(1);
    expect((await anon.api.getDiscussionDetail(posted.id)).viewNum).toBe(2);
    const missing = await failure(anon.api.getDiscussionDetail(987654));
    expect([missing.httpStatus, missing.message]).toEqual([404, 'This discussion does not exist.']);
  });

  it('filters by category, problem, keyword and “mine”; pinned first, then newest', async () => {
    const general = await post(bob, { title: 'Filter general', categoryId: chat });
    const solution = await post(bob, { title: '[1000] Filter solution', categoryId: solutions, pid: '1000' });
    const pinned = await post(admin, { title: 'Filter pinned', topPriority: true });
    // an ordinary user cannot pin (HOJ resets the flag)
    const notPinned = await post(alice, { title: 'Filter not pinned', topPriority: true });
    expect([pinned.topPriority, notPinned.topPriority]).toEqual([true, false]);

    const all = await anon.api.getDiscussionList({ keyword: 'Filter' });
    expect(all.records.map((d) => d.id)).toEqual([pinned.id, notPinned.id, solution.id, general.id]);
    const byCategory = await anon.api.getDiscussionList({ keyword: 'Filter', cid: solutions });
    expect(byCategory.records.map((d) => d.id)).toEqual([solution.id]);
    const byProblem = await anon.api.getDiscussionList({ pid: '1000', keyword: 'Filter' });
    expect(byProblem.records.map((d) => d.id)).toEqual([solution.id]);
    const mine = await bob.api.getDiscussionList({ keyword: 'Filter', onlyMine: true });
    expect(mine.records.map((d) => d.id)).toEqual([solution.id, general.id]);
    const byId = await anon.api.getDiscussionList({ keyword: String(general.id) });
    expect(byId.records.map((d) => d.id)).toContain(general.id);
    const paged = await anon.api.getDiscussionList({ keyword: 'Filter', limit: 2, currentPage: 2 });
    expect([paged.total, paged.size, paged.current, paged.records.length]).toEqual([4, 2, 2, 2]);
    // a solution names an existing problem (HOJ)
    const noProblem = await failure(post(bob, { pid: 'NOPE-1' }));
    expect([noProblem.httpStatus, noProblem.message]).toEqual([
      404,
      'Sorry, this problem does not exist, so nothing can be posted about it!',
    ]);
    const badCategory = await failure(post(bob, { categoryId: 987654 }));
    expect([badCategory.httpStatus, badCategory.message]).toEqual([404, 'This category does not exist.']);
    const empty = await failure(post(bob, { title: '   ' }));
    expect([empty.httpStatus, empty.message]).toEqual([400, 'The title is required.']);
  });

  it('limits posts a day (HOJ’s switch) with HOJ’s message; admins are not limited', async () => {
    await rules({ defaultCreateDiscussionDailyLimit: 2 });
    await post(bob, { title: 'Daily 1' });
    await post(bob, { title: 'Daily 2' });
    const e = await failure(post(bob, { title: 'Daily 3' }));
    expect([e.httpStatus, e.message]).toEqual([
      429,
      'Sorry, you have posted 2 times today, the most a day allows. Please try again tomorrow.',
    ]);
    expect((await failure(post(zhBob, { title: 'Daily 4' }))).message).toBe(
      '对不起，您今天发帖次数已超过2次，已被限制！',
    );
    expect((await anon.api.getDiscussionList({ keyword: 'Daily' })).total).toBe(2);
    for (let i = 0; i < 3; i++) await post(admin, { title: `Admin daily ${i}` });
  });

  it('refuses posting to roles 1004 and 1005; 1004 may still comment, 1005 may not', async () => {
    for (const c of [noDiscuss, muted]) {
      const e = await failure(post(c));
      expect([e.httpStatus, e.message]).toEqual([403, 'Your account may not post discussions.']);
    }
    const d = await post(alice, { title: 'Roles target' });
    expect((await noDiscuss.api.addComment({ did: d.id, content: 'I may comment' })).did).toBe(d.id);
    const m = await failure(muted.api.addComment({ did: d.id, content: 'I may not' }));
    expect(m.httpStatus).toBe(403);
    expect((await failure(post(anon))).httpStatus).toBe(401);
  });

  it('closes the whole public area with the switch; the console still lists', async () => {
    const d = await post(alice, { title: 'Switch target' });
    await root.api.adminSetWebConfig({ openPublicDiscussion: false });
    const closed = 'No Access: There is no open discussion area on the website!';
    for (const call of [
      () => anon.api.getDiscussionList({}),
      () => bob.api.getDiscussionDetail(d.id),
      () => post(bob),
      () => bob.api.likeDiscussion({ did: d.id, toLike: true }),
      () => bob.api.reportDiscussion({ did: d.id, content: 'spam' }),
      () => bob.api.getComments({ did: d.id }),
      () => bob.api.addComment({ did: d.id, content: 'closed?' }),
      () => root.api.getDiscussionDetail(d.id),
      // the problem page's Explain tab is a view of the same area
      () => anon.api.getExplainList({ pid: '1000' }),
    ]) {
      const e = await failure(call());
      expect([e.httpStatus, e.message]).toEqual([403, closed]);
    }
    const consoleList = await admin.api.getDiscussionList({ admin: true, keyword: 'Switch target' });
    expect(consoleList.records.map((r) => r.id)).toEqual([d.id]);
    // `admin` from anyone else is no way around the switch
    expect((await failure(bob.api.getDiscussionList({ admin: true }))).httpStatus).toBe(403);
  });

  it('counts a like once per user, reminds the author once, and takes it back', async () => {
    const d = await post(alice, { title: 'Like target' });
    expect(await bob.api.likeDiscussion({ did: d.id, toLike: true })).toEqual({ liked: true, likeNum: 1 });
    expect(await bob.api.likeDiscussion({ did: d.id, toLike: true })).toEqual({ liked: true, likeNum: 1 });
    expect((await bob.api.getDiscussionDetail(d.id)).hasLike).toBe(true);
    expect(await bob.api.likeDiscussion({ did: d.id, toLike: false })).toEqual({ liked: false, likeNum: 0 });
    expect(await bob.api.likeDiscussion({ did: d.id, toLike: false })).toEqual({ liked: false, likeNum: 0 });
    await bob.api.likeDiscussion({ did: d.id, toLike: true });
    // liking one's own post reminds nobody
    await alice.api.likeDiscussion({ did: d.id, toLike: true });
    expect((await anon.api.getDiscussionDetail(d.id)).likeNum).toBe(2);
    const likes = (await reminders(alice.uid, 'Like_Post')).filter((r) => r.source_id === d.id);
    expect(likes.map((r) => [r.sender_id, r.url, r.source_type, r.source_content])).toEqual([
      [bob.uid, `/discussion-detail/${d.id}`, 'Discussion', 'Like target'],
    ]);
    expect((await alice.api.getUnreadCounts()).like).toBeGreaterThanOrEqual(1);
    expect((await failure(anon.api.likeDiscussion({ did: d.id, toLike: true }))).httpStatus).toBe(401);
  });

  it('limits likes in a window', async () => {
    const d = await post(alice, { title: 'Like burst' });
    for (let i = 0; i < 60; i++) await bob.api.likeDiscussion({ did: d.id, toLike: i % 2 === 0 });
    const e = await failure(bob.api.likeDiscussion({ did: d.id, toLike: true }));
    expect(e.httpStatus).toBe(429);
    expect(e.message).toMatch(/^Too many likes: at most 60 in a while/);
  });

  it('takes a report once until handled; admins list and handle reports', async () => {
    const d = await post(alice, { title: 'Report target' });
    await bob.api.reportDiscussion({ did: d.id, content: '#spam# sells things', reporter: 'someone-else' });
    const again = await failure(bob.api.reportDiscussion({ did: d.id, content: 'again' }));
    expect([again.httpStatus, again.message]).toEqual([
      409,
      'You have reported this discussion already: an administrator will look at it.',
    ]);
    const empty = await failure(bob.api.reportDiscussion({ did: d.id, content: ' ' }));
    expect(empty.httpStatus).toBe(400);
    const reports = await admin.api.adminGetDiscussionReports({});
    const mine = reports.records.find((r) => r.did === d.id);
    expect(mine).toMatchObject({
      reporter: 'dsbob',
      content: '#spam# sells things',
      status: false,
      discussionTitle: 'Report target',
      discussionAuthor: 'dsalice',
    });
    const handled = await admin.api.adminUpdateDiscussionReport({ id: mine?.id ?? 0, status: true });
    expect(handled.status).toBe(true);
    // handled: a new report may come
    await bob.api.reportDiscussion({ did: d.id, content: 'still spam' });
    expect((await failure(bob.api.adminGetDiscussionReports({}))).httpStatus).toBe(403);
  });

  it('admins pin and block; a blocked discussion is closed to everyone else, comments included', async () => {
    const d = await post(alice, { title: 'Moderated target' });
    const c = await bob.api.addComment({ did: d.id, content: 'before the block' });
    const pinned = await admin.api.adminUpdateDiscussion({ id: d.id, topPriority: true });
    expect(pinned.topPriority).toBe(true);
    expect((await anon.api.getDiscussionList({})).records[0]?.id).toBe(d.id);

    await admin.api.adminUpdateDiscussion({ id: d.id, status: 1 });
    const blocked = 'Sorry, this discussion has been blocked!';
    for (const call of [
      () => bob.api.getDiscussionDetail(d.id),
      () => alice.api.getDiscussionDetail(d.id),
      () => bob.api.getComments({ did: d.id }),
      () => bob.api.addComment({ did: d.id, content: 'after the block' }),
      () => bob.api.addReply({ reply: { commentId: c.id, content: 'reply after the block' }, did: d.id }),
    ]) {
      const e = await failure(call());
      expect([e.httpStatus, e.message]).toEqual([403, blocked]);
    }
    // admins still read it (to decide) but nobody posts in it
    expect((await admin.api.getDiscussionDetail(d.id)).status).toBe(1);
    expect((await admin.api.getComments({ did: d.id })).commentList.total).toBe(1);
    expect((await failure(admin.api.addComment({ did: d.id, content: 'x' }))).message).toBe(blocked);
    expect((await anon.api.getDiscussionList({ keyword: 'Moderated target' })).total).toBe(0);
    const consoleList = await admin.api.getDiscussionList({ admin: true, keyword: 'Moderated target' });
    expect(consoleList.records.map((r) => [r.id, r.status])).toEqual([[d.id, 1]]);
    expect((await failure(bob.api.adminUpdateDiscussion({ id: d.id, status: 0 }))).httpStatus).toBe(403);
    await admin.api.adminUpdateDiscussion({ id: d.id, status: 0, topPriority: false });
    expect((await bob.api.getDiscussionDetail(d.id)).status).toBe(0);
  });

  it('comments and replies on a discussion: counted, reminded, moderated by admins', async () => {
    const d = await post(alice, { title: 'Comment target' });
    const c = await bob.api.addComment({ did: d.id, content: 'Why $O(n)$?' });
    expect(c).toMatchObject({ did: d.id, cid: null, fromName: 'dsbob' });
    const r = await alice.api.addReply({
      reply: { commentId: c.id, content: 'Because each is read once.' },
      did: d.id,
      quoteId: c.id,
      quoteType: 'Comment',
    });
    await alice.api.likeComment({ cid: c.id, toLike: true, sourceId: d.id, sourceType: 'Discussion' });
    expect((await anon.api.getDiscussionDetail(d.id)).commentNum).toBe(2);
    const list = await anon.api.getComments({ did: d.id });
    expect(list.commentList.records.map((x) => [x.id, x.totalReplyNum])).toEqual([[c.id, 1]]);

    const discuss = (await reminders(alice.uid, 'Discuss')).filter((m) => m.source_id === d.id);
    expect(discuss.map((m) => [m.sender_id, m.source_type, m.url, m.source_content])).toEqual([
      [bob.uid, 'Discussion', `/discussion-detail/${d.id}`, 'Why $O(n)$?'],
    ]);
    const replies = (await reminders(bob.uid, 'Reply')).filter((m) => m.source_id === d.id);
    expect(replies.map((m) => [m.sender_id, m.url])).toEqual([[alice.uid, `/discussion-detail/${d.id}`]]);
    const likes = (await reminders(bob.uid, 'Like_Discuss')).filter((m) => m.source_id === d.id);
    expect(likes.map((m) => [m.source_type, m.url])).toEqual([['Discussion', `/discussion-detail/${d.id}`]]);
    const counts = await alice.api.getUnreadCounts();
    expect(counts.comment).toBeGreaterThanOrEqual(1);
    expect((await alice.api.getUserMessages('comment')).records.some((m) => m.sourceId === d.id)).toBe(true);

    // the discussion's author does not moderate others' comments; admins do
    expect((await failure(alice.api.deleteComment({ id: c.id, did: d.id }))).httpStatus).toBe(403);
    await alice.api.deleteReply({ reply: { id: r.id }, did: d.id });
    expect((await anon.api.getDiscussionDetail(d.id)).commentNum).toBe(1);
    await admin.api.deleteComment({ id: c.id, did: d.id });
    expect((await anon.api.getDiscussionDetail(d.id)).commentNum).toBe(0);
  });

  it('asks HOJ’s accepted problems of commenters too', async () => {
    const d = await post(alice, { title: 'Comment threshold' });
    await rules({ defaultCreateCommentACInitValue: 3 });
    const e = await failure(bob.api.addComment({ did: d.id, content: 'hi' }));
    expect([e.httpStatus, e.message]).toEqual([
      403,
      'Sorry, you cannot comment yet! Please get at least 3 problems accepted first.',
    ]);
    expect((await admin.api.addComment({ did: d.id, content: 'admins are exempt' })).did).toBe(d.id);
  });

  it('lets only the author or an admin edit or delete; a refused edit changes nothing', async () => {
    const d = await post(alice, { title: 'Edit target', content: 'original' });
    const form = { id: d.id, title: 'Hacked', description: 'x', content: 'x', categoryId: chat };
    const e = await failure(bob.api.updateDiscussion(form));
    expect([e.httpStatus, e.message]).toEqual([403, 'Sorry, you can only change your own discussions!']);
    expect((await failure(bob.api.deleteDiscussion(d.id))).httpStatus).toBe(403);
    const after = await alice.api.getDiscussionDetail(d.id);
    expect([after.title, after.content]).toEqual(['Edit target', 'original']);

    const edited = await alice.api.updateDiscussion({
      ...form,
      title: 'Edit target v2',
      content: 'better',
      categoryId: solutions,
      topPriority: true,
    });
    expect([edited.title, edited.categoryId, edited.topPriority, edited.author]).toEqual([
      'Edit target v2',
      solutions,
      false,
      'dsalice',
    ]);
    const byAdmin = await admin.api.updateDiscussion({ ...form, title: 'Edit target v3', topPriority: true });
    expect([byAdmin.title, byAdmin.topPriority, byAdmin.author]).toEqual(['Edit target v3', true, 'dsalice']);

    await bob.api.addComment({ did: d.id, content: 'goes with it' });
    await alice.api.deleteDiscussion(d.id);
    expect((await failure(anon.api.getDiscussionDetail(d.id))).httpStatus).toBe(404);
    const left = await db().selectFrom('comment').select('id').where('did', '=', d.id).execute();
    expect(left).toEqual([]);
  });

  it('admins delete many at once and manage categories (one in use cannot go)', async () => {
    const a = await post(bob, { title: 'Batch a' });
    const b = await post(bob, { title: 'Batch b' });
    await admin.api.adminDeleteDiscussions([a.id, b.id]);
    expect((await anon.api.getDiscussionList({ keyword: 'Batch' })).total).toBe(0);
    expect((await failure(admin.api.adminDeleteDiscussions([a.id]))).httpStatus).toBe(404);

    const added = await admin.api.adminAddDiscussionCategory({ name: '  Contests  ' });
    expect(added.name).toBe('Contests');
    const renamed = await admin.api.adminUpdateDiscussionCategory({ id: added.id, name: 'Contest talk' });
    expect(renamed.name).toBe('Contest talk');
    const used = await post(bob, { title: 'In a new category', categoryId: added.id });
    const inUse = await failure(admin.api.adminDeleteDiscussionCategory(added.id));
    expect([inUse.httpStatus, inUse.message]).toEqual([
      409,
      'This category still holds 1 discussions: move or delete them first.',
    ]);
    await bob.api.deleteDiscussion(used.id);
    await admin.api.adminDeleteDiscussionCategory(added.id);
    expect((await anon.api.getDiscussionCategories()).some((c) => c.id === added.id)).toBe(false);
    expect((await failure(bob.api.adminAddDiscussionCategory({ name: 'Nope' }))).httpStatus).toBe(403);

    // HOJ's upsert of the whole list: root only; blank names skipped, missing ones kept
    expect((await failure(admin.api.upsertDiscussionCategories([{ name: 'x' }]))).httpStatus).toBe(403);
    const list = await root.api.upsertDiscussionCategories([
      { id: chat, name: '闲聊 Chat' },
      { name: 'Upserted' },
      { name: '  ' },
    ]);
    expect(list.map((c) => c.name)).toContain('Upserted');
    expect(list.map((c) => c.name)).toContain('题解 Solutions');
  });

  it('hides discussions of problems the caller may not see', async () => {
    const d = await post(admin, { title: '[1001] Hidden later', pid: '1001', categoryId: solutions });
    await db().updateTable('problem').set({ auth: 2 }).where('problem_id', '=', '1001').execute();
    try {
      expect((await failure(bob.api.getDiscussionDetail(d.id))).httpStatus).toBe(404);
      expect((await anon.api.getDiscussionList({ keyword: 'Hidden later' })).total).toBe(0);
      expect((await failure(bob.api.getDiscussionList({ pid: '1001' }))).httpStatus).toBe(403);
      expect((await admin.api.getDiscussionDetail(d.id)).id).toBe(d.id);
      const hiddenPost = await failure(post(bob, { pid: '1001' }));
      expect(hiddenPost.httpStatus).toBe(404);
    } finally {
      await db().updateTable('problem').set({ auth: 1 }).where('problem_id', '=', '1001').execute();
    }
  });

  it('the Explain tab lists a problem’s discussions with their links’ ids', async () => {
    const d: DiscussionItem = await post(bob, {
      title: '[1002] Explain me',
      pid: '1002',
      categoryId: solutions,
    });
    const explain = await anon.api.getExplainList({ pid: '1002' });
    expect(explain.records.map((r) => r.id)).toContain(d.id);
  });
});
