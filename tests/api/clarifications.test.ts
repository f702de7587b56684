import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLARIFICATION_LIMITS } from '../../shared/constants/clarifications';
import { GroupAuth, GroupRole } from '../../shared/constants/groups';
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
    title: 'Clar Cup',
    description: 'Ask away.',
    type: 0,
    auth: 0,
    startTime: at(from),
    endTime: at(from + length),
    ...overrides,
  };
}

describe.each(DATABASES)('contest clarifications on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  /** creates the contests: their admin */
  let owner: TestClient;
  /** another site admin: no admin of owner's contests */
  let otherAdmin: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let dave: TestClient;
  let zhBob: TestClient;
  let anon: TestClient;
  let running = 0;
  let privateC = 0;
  let ended = 0;
  let scheduled = 0;
  let otherRunning = 0;

  const client = (username: string, roleId?: (typeof Role)[keyof typeof Role]) =>
    userClient(server, username, { roleId });

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    owner = await client('clarowner', Role.ADMIN);
    otherAdmin = await client('clarother', Role.ADMIN);
    alice = await client('claralice');
    bob = await client('clarbob');
    carol = await client('clarcarol');
    dave = await client('clardave');
    zhBob = testClient(server.url, 'zh-CN');
    zhBob.setToken(bob.token);
    anon = testClient(server.url);

    const problems = await server.server.ctx.db.kysely
      .selectFrom('problem')
      .select(['id', 'problem_id'])
      .where('problem_id', 'in', ['1000', '1001'])
      .orderBy('problem_id')
      .execute();
    expect(problems).toHaveLength(2);
    const withProblems = async (cid: number) => {
      for (const [i, p] of problems.entries()) {
        await owner.api.adminAddContestProblemFromPublic({
          cid,
          pid: p.id,
          displayId: String.fromCharCode(65 + i),
        });
      }
      return cid;
    };
    running = await withProblems((await owner.api.adminAddContest(form({ title: 'Clar Running' }))).id);
    otherRunning = await withProblems((await owner.api.adminAddContest(form({ title: 'Clar Other' }))).id);
    privateC = (await owner.api.adminAddContest(form({ title: 'Clar Private', auth: 1, pwd: 'letmein' }))).id;
    await alice.api.registerContest({ cid: privateC, password: 'letmein' });
    ended = (await owner.api.adminAddContest(form({ title: 'Clar Ended' }, -3 * HOUR, HOUR))).id;
    scheduled = (await owner.api.adminAddContest(form({ title: 'Clar Later' }, HOUR, HOUR))).id;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('a participant asks about a problem; the question waits in the queue and only its asker sees it', async () => {
    const asked = await alice.api.askContestClarification({
      cid: running,
      displayId: 'A',
      content: '  Is n at most 10^9?  ',
    });
    expect(asked).toMatchObject({
      cid: running,
      displayId: 'A',
      problemTitle: expect.any(String),
      question: 'Is n at most 10^9?',
      mine: true,
      answer: null,
      toAll: false,
      answeredAt: null,
      read: true,
    });
    const mine = await alice.api.getContestClarifications({ cid: running });
    expect(mine.records.map((c) => [c.id, c.question, c.answer])).toEqual([
      [asked.id, 'Is n at most 10^9?', null],
    ]);
    expect((await bob.api.getContestClarifications({ cid: running })).records).toEqual([]);
    const queue = await owner.api.adminGetClarificationQueue({ cid: running });
    expect(queue.records[0]).toMatchObject({
      id: asked.id,
      question: 'Is n at most 10^9?',
      username: 'claralice',
      displayId: 'A',
      answered: false,
      answer: null,
      answeredBy: null,
    });
    expect((await owner.api.getContestClarificationUnread(running)).unanswered).toBe(1);
    expect((await alice.api.getContestClarificationUnread(running)).unanswered).toBeNull();
  });

  it('answers privately: the asker alone sees it, unread until they read their list', async () => {
    const asked = await alice.api.askContestClarification({ cid: running, content: 'May I use STL?' });
    expect(asked.displayId).toBeNull();
    const answered = await owner.api.adminAnswerClarification({
      cid: running,
      id: asked.id,
      content: 'Yes.',
      toAll: false,
    });
    expect(answered).toMatchObject({
      id: asked.id,
      answered: true,
      answer: 'Yes.',
      toAll: false,
      answeredBy: 'clarowner',
      answeredAt: expect.any(String),
    });

    const unread = await alice.api.getContestClarificationUnread(running);
    expect(unread.count).toBe(1);
    expect(unread.records.map((c) => [c.id, c.answer, c.toAll, c.read])).toEqual([
      [asked.id, 'Yes.', false, false],
    ]);
    // asking for the count marks nothing read
    expect((await alice.api.getContestClarificationUnread(running)).count).toBe(1);
    // nobody else sees a private answer
    expect((await bob.api.getContestClarificationUnread(running)).count).toBe(0);
    expect((await bob.api.getContestClarifications({ cid: running })).records.map((c) => c.id)).not.toContain(
      asked.id,
    );

    // the list answers with what was unread, newest change first, and marks it read
    const first = await alice.api.getContestClarifications({ cid: running });
    expect(first.records[0]).toMatchObject({ id: asked.id, answer: 'Yes.', mine: true, read: false });
    expect((await alice.api.getContestClarificationUnread(running)).count).toBe(0);
    const again = await alice.api.getContestClarifications({ cid: running });
    expect(again.records[0]).toMatchObject({ id: asked.id, read: true });
  });

  it('answers to everyone: every participant sees the question, without its asker, and the answer', async () => {
    const asked = await bob.api.askContestClarification({
      cid: running,
      displayId: 'B',
      content: 'Can the graph have loops?',
    });
    await owner.api.adminAnswerClarification({
      cid: running,
      id: asked.id,
      content: 'No loops, no multiple edges.',
      toAll: true,
    });
    const seen = (await alice.api.getContestClarifications({ cid: running })).records.find(
      (c) => c.id === asked.id,
    );
    expect(seen).toEqual({
      id: asked.id,
      cid: running,
      displayId: 'B',
      problemTitle: expect.any(String),
      question: 'Can the graph have loops?',
      mine: false,
      gmtCreate: expect.any(String),
      answer: 'No loops, no multiple edges.',
      toAll: true,
      answeredAt: expect.any(String),
      read: false,
    });
    expect(JSON.stringify(seen)).not.toContain('clarbob');
    const bobs = (await bob.api.getContestClarifications({ cid: running })).records.find(
      (c) => c.id === asked.id,
    );
    expect(bobs).toMatchObject({ mine: true, toAll: true, read: false });
    // dave never asked anything and takes part in the public contest: the answer is his too
    expect((await dave.api.getContestClarificationUnread(running)).count).toBe(1);
  });

  it('an admin sends a clarification nobody asked for to everyone; it lists newest first', async () => {
    const sent = await root.api.adminSendClarification({
      cid: running,
      displayId: 'A',
      content: 'Problem A: the sample output was fixed.',
    });
    expect(sent).toMatchObject({
      question: null,
      answer: 'Problem A: the sample output was fixed.',
      toAll: true,
    });
    for (const c of [alice, bob, dave]) {
      const list = await c.api.getContestClarifications({ cid: running });
      expect(list.records[0]).toMatchObject({
        id: sent.id,
        question: null,
        mine: false,
        displayId: 'A',
        answer: 'Problem A: the sample output was fixed.',
        toAll: true,
        read: false,
      });
      expect(await c.api.getContestClarificationUnread(running)).toMatchObject({ count: 0 });
    }
    // the sender's own message is no news to them (the owner's answer to everyone is)
    const rootUnread = await root.api.getContestClarificationUnread(running);
    expect(rootUnread.records.map((c) => [c.question, c.answer])).toEqual([
      ['Can the graph have loops?', 'No loops, no multiple edges.'],
    ]);
    // pages: size and total
    const paged = await dave.api.getContestClarifications({ cid: running, currentPage: 1, limit: 1 });
    expect([paged.records.length, paged.total, paged.size]).toEqual([1, 2, 1]);
  });

  it('orders the queue unanswered first, then newest; filters by problem and general; records who answered', async () => {
    const q1 = await carol.api.askContestClarification({ cid: otherRunning, displayId: 'A', content: 'q1' });
    const q2 = await carol.api.askContestClarification({ cid: otherRunning, content: 'q2' });
    const q3 = await carol.api.askContestClarification({ cid: otherRunning, displayId: 'B', content: 'q3' });
    const q4 = await bob.api.askContestClarification({ cid: otherRunning, displayId: 'A', content: 'q4' });
    await root.api.adminAnswerClarification({ cid: otherRunning, id: q3.id, content: 'a3', toAll: false });
    const queue = await owner.api.adminGetClarificationQueue({ cid: otherRunning });
    expect(queue.records.map((q) => [q.question, q.answered])).toEqual([
      ['q4', false],
      ['q2', false],
      ['q1', false],
      ['q3', true],
    ]);
    expect(queue.records[3]).toMatchObject({ answeredBy: 'root', answer: 'a3', toAll: false });
    expect(queue.total).toBe(4);
    const onlyA = await owner.api.adminGetClarificationQueue({ cid: otherRunning, displayId: 'A' });
    expect(onlyA.records.map((q) => q.id)).toEqual([q4.id, q1.id]);
    const general = await owner.api.adminGetClarificationQueue({ cid: otherRunning, general: true });
    expect(general.records.map((q) => q.id)).toEqual([q2.id]);
    const paged = await owner.api.adminGetClarificationQueue({ cid: otherRunning, currentPage: 2, limit: 3 });
    expect([paged.records.map((q) => q.id), paged.total, paged.pages]).toEqual([[q3.id], 4, 2]);
    expect((await owner.api.getContestClarificationUnread(otherRunning)).unanswered).toBe(3);
    // the other contest's queue is its own
    expect(
      (await owner.api.adminGetClarificationQueue({ cid: running })).records.map((q) => q.id),
    ).not.toContain(q1.id);
  });

  it('gives a question one answer: a second answer, or two at once, is refused with who answered', async () => {
    const asked = await dave.api.askContestClarification({ cid: otherRunning, content: 'Twice?' });
    const results = await Promise.allSettled([
      owner.api.adminAnswerClarification({
        cid: otherRunning,
        id: asked.id,
        content: 'From owner',
        toAll: false,
      }),
      root.api.adminAnswerClarification({
        cid: otherRunning,
        id: asked.id,
        content: 'From root',
        toAll: true,
      }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    const winner = results.find((r) => r.status === 'fulfilled');
    if (refused?.status !== 'rejected' || winner?.status !== 'fulfilled') throw new Error('one of each');
    const by = winner.value.answeredBy;
    expect([refused.reason.httpStatus, refused.reason.message]).toEqual([
      409,
      `${by} has already answered this question.`,
    ]);
    const later = await failure(
      owner.api.adminAnswerClarification({ cid: otherRunning, id: asked.id, content: 'Again', toAll: true }),
    );
    expect([later.httpStatus, later.message]).toEqual([409, `${by} has already answered this question.`]);
    const rows = await server.server.ctx.db.kysely
      .selectFrom('contest_clarification')
      .select('id')
      .where('reply_to_id', '=', asked.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses empty, blank and too long texts, and a problem not in the contest', async () => {
    const cases: [string, string][] = [
      ['', 'The text cannot be empty.'],
      ['   \n  ', 'The text cannot be empty.'],
      ['x'.repeat(CLARIFICATION_LIMITS.textMax + 1), 'The text can be at most 2000 characters.'],
    ];
    for (const [content, message] of cases) {
      const e = await failure(alice.api.askContestClarification({ cid: running, content }));
      expect([e.httpStatus, e.message]).toEqual([400, message]);
      const answer = await failure(
        owner.api.adminAnswerClarification({ cid: running, id: 1, content, toAll: true }),
      );
      expect([answer.httpStatus, answer.message]).toEqual([400, message]);
      const send = await failure(owner.api.adminSendClarification({ cid: running, content }));
      expect([send.httpStatus, send.message]).toEqual([400, message]);
    }
    // 2000 characters (plus blanks around them) are fine
    const longest = await dave.api.askContestClarification({
      cid: running,
      content: ` ${'y'.repeat(CLARIFICATION_LIMITS.textMax)} `,
    });
    expect(longest.question).toHaveLength(CLARIFICATION_LIMITS.textMax);
    const zh = await failure(zhBob.api.askContestClarification({ cid: running, content: ' ' }));
    expect(zh.message).toBe('内容不能为空。');
    const missing = await failure(
      alice.api.askContestClarification({ cid: running, displayId: 'Z', content: 'About Z?' }),
    );
    expect([missing.httpStatus, missing.message]).toEqual([404, 'This problem is not in the contest.']);
  });

  it('refuses questions after the end, before the start and from outside a private contest', async () => {
    const after = await failure(alice.api.askContestClarification({ cid: ended, content: 'Too late?' }));
    expect([after.httpStatus, after.message]).toEqual([
      400,
      'The contest has ended: questions can no longer be asked.',
    ]);
    const zhAfter = await failure(zhBob.api.askContestClarification({ cid: ended, content: '太晚了？' }));
    expect(zhAfter.message).toBe('比赛已结束，不能再提问。');
    const before = await failure(alice.api.askContestClarification({ cid: scheduled, content: 'Early?' }));
    expect([before.httpStatus, before.message]).toEqual([403, 'The contest has not started yet.']);
    // dave did not register with the private contest's password
    for (const call of [
      () => dave.api.askContestClarification({ cid: privateC, content: 'Let me in?' }),
      () => dave.api.getContestClarifications({ cid: privateC }),
      () => dave.api.getContestClarificationUnread(privateC),
    ]) {
      const e = await failure(call());
      expect([e.httpStatus, e.message]).toEqual([403, 'Register for the contest with its password first.']);
    }
    // alice did
    const inside = await alice.api.askContestClarification({ cid: privateC, content: 'Inside.' });
    expect(inside.mine).toBe(true);
    // the ended contest's list still reads
    expect((await alice.api.getContestClarifications({ cid: ended })).records).toEqual([]);
    const missing = await failure(alice.api.askContestClarification({ cid: 987654, content: 'Where?' }));
    expect([missing.httpStatus, missing.message]).toEqual([404, 'The contest does not exist.']);
    const loggedOut = await failure(anon.api.askContestClarification({ cid: running, content: 'Hi' }));
    expect(loggedOut.httpStatus).toBe(401);
  });

  it("lets only the contest's admins answer, send and read the queue", async () => {
    const asked = await bob.api.askContestClarification({ cid: running, content: 'Who answers?' });
    const juryOnly = "Only the contest's administrators may answer clarifications.";
    for (const c of [bob, otherAdmin]) {
      for (const call of [
        () => c.api.adminAnswerClarification({ cid: running, id: asked.id, content: 'Me!', toAll: true }),
        () => c.api.adminSendClarification({ cid: running, content: 'Everyone listen.' }),
        () => c.api.adminGetClarificationQueue({ cid: running }),
      ]) {
        const e = await failure(call());
        expect([e.httpStatus, e.message]).toEqual([403, juryOnly]);
      }
    }
    const zh = await failure(zhBob.api.adminGetClarificationQueue({ cid: running }));
    expect(zh.message).toBe('只有比赛管理员可以回答答疑。');
    // a question of another contest, or none, is not found through this contest
    const elsewhere = await carol.api.askContestClarification({ cid: otherRunning, content: 'Elsewhere.' });
    for (const id of [elsewhere.id, 987654]) {
      const e = await failure(
        owner.api.adminAnswerClarification({ cid: running, id, content: 'x', toAll: true }),
      );
      expect([e.httpStatus, e.message]).toEqual([404, 'This question does not exist in the contest.']);
    }
    // a jury message is no question to answer
    const sent = await owner.api.adminSendClarification({ cid: running, content: 'Note.' });
    const notQuestion = await failure(
      owner.api.adminAnswerClarification({ cid: running, id: sent.id, content: 'x', toAll: true }),
    );
    expect(notQuestion.httpStatus).toBe(404);
    // still waiting: the refused answers wrote nothing
    const queue = await owner.api.adminGetClarificationQueue({ cid: running });
    expect(queue.records.find((q) => q.id === asked.id)?.answered).toBe(false);
  });

  it("answers in a group's contest come from its group admins; its members ask, others may not", async () => {
    const db = server.server.ctx.db.kysely;
    const now = new Date().toISOString();
    const gowner = await client('clargowner');
    const gadmin = await client('clargadmin');
    const gmember = await client('clargmember');
    const outsider = await client('clargout');
    const group = await db
      .insertInto('group_info')
      .values({
        avatar: null,
        name: 'Clarification group',
        short_name: 'clarg',
        brief: 'For the tests',
        description: 'For the tests',
        owner: 'clargowner',
        uid: gowner.uid,
        auth: GroupAuth.PRIVATE,
        visible: 1,
        status: 0,
        code: 'ABCDEF',
        gmt_create: now,
        gmt_modified: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [who, auth] of [
      [gadmin, GroupRole.ADMIN],
      [gmember, GroupRole.MEMBER],
    ] as const) {
      await db
        .insertInto('group_member')
        .values({ gid: group.id, uid: who.uid, auth, reason: null, gmt_create: now, gmt_modified: now })
        .execute();
    }
    const contest = await gadmin.api.addGroupContest({
      title: 'Group Clar Round',
      description: '',
      type: 0,
      auth: 0,
      startTime: at(-MINUTE),
      endTime: at(HOUR),
      gid: group.id,
    });
    const asked = await gmember.api.askContestClarification({ cid: contest.id, content: 'Group question?' });
    const refused = await failure(
      outsider.api.askContestClarification({ cid: contest.id, content: 'Me too?' }),
    );
    expect([refused.httpStatus, refused.message]).toEqual([
      403,
      'Sorry, you are not a member of this group, so you cannot take part in its contest.',
    ]);
    // the member is no admin of the group's contest; the contest's author, a group admin without any site role, is
    const notJury = await failure(
      gmember.api.adminAnswerClarification({ cid: contest.id, id: asked.id, content: 'Me?', toAll: true }),
    );
    expect([notJury.httpStatus, notJury.message]).toEqual([
      403,
      "Only the contest's administrators may answer clarifications.",
    ]);
    expect((await gadmin.api.getContestClarificationUnread(contest.id)).unanswered).toBe(1);
    const answered = await gadmin.api.adminAnswerClarification({
      cid: contest.id,
      id: asked.id,
      content: 'Group answer.',
      toAll: false,
    });
    expect(answered).toMatchObject({ answeredBy: 'clargadmin', toAll: false });
    expect((await gmember.api.getContestClarificationUnread(contest.id)).count).toBe(1);
    // a site admin outside the group learns nothing of its contest's queue
    const siteAdmin = await failure(otherAdmin.api.adminGetClarificationQueue({ cid: contest.id }));
    expect(siteAdmin.httpStatus).toBe(403);
  });

  it('limits how many questions one user asks (the contest admins answer without that limit)', async () => {
    const limiter = await client('clarlimit');
    const { max } = CLARIFICATION_LIMITS.ask;
    for (let i = 0; i < max; i++) {
      await limiter.api.askContestClarification({ cid: running, content: `Question ${i + 1}` });
    }
    const e = await failure(limiter.api.askContestClarification({ cid: otherRunning, content: 'One more' }));
    expect(e.httpStatus).toBe(429);
    expect(e.message).toMatch(
      new RegExp(
        `^You have asked ${max} questions in 10 minutes, the most allowed\\. Please try again in \\d+ min\\.$`,
      ),
    );
    const questions = await server.server.ctx.db.kysely
      .selectFrom('contest_clarification')
      .innerJoin('user_info', 'user_info.uuid', 'contest_clarification.uid')
      .select('contest_clarification.id')
      .where('user_info.username', '=', 'clarlimit')
      .execute();
    expect(questions).toHaveLength(max);
    // a refused question (a blank one) costs nothing of another user's allowance
    const fresh = await client('clarfresh');
    await failure(fresh.api.askContestClarification({ cid: running, content: ' ' }));
    for (let i = 0; i < max; i++) {
      await fresh.api.askContestClarification({ cid: running, content: `Fresh ${i + 1}` });
    }
    for (const q of (await owner.api.adminGetClarificationQueue({ cid: running, limit: 100 })).records) {
      if (!q.answered) {
        await owner.api.adminAnswerClarification({
          cid: running,
          id: q.id,
          content: 'Read the statement.',
          toAll: false,
        });
      }
    }
    expect((await owner.api.getContestClarificationUnread(running)).unanswered).toBe(0);
  });
});
