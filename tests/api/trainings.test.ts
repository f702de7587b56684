import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TrainingVO } from '../../shared/api/training-types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { ProblemAuth } from '../../shared/constants/problems';
import { Role } from '../../shared/constants/roles';
import { TRAINING_PASSWORD_GUARD, TrainingAuth } from '../../shared/constants/trainings';
import { isReservedShortName } from '../../shared/schemas/contests';
import type { TrainingDtoForm } from '../../shared/schemas/trainings';
import { A_PLUS_B, failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { insertJudgeRows } from '../helpers/judge-rows';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * Trainings at HOJ's paths (docs/architecture.md, Trainings): the list and its filters, the detail,
 * a training's problems in its order, private trainings behind a password (and the limit on wrong
 * ones), submissions through a training with its progress and rank, the focus-mode list, and the
 * console's trainings, problems and categories with who may do what.
 */
describe.each(DATABASES)('trainings on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient & { uid?: string };
  let admin: TestClient & { uid: string };
  let problemAdmin: TestClient & { uid: string };
  let alice: TestClient & { uid: string };
  let bob: TestClient & { uid: string };
  let carol: TestClient & { uid: string };
  let zhBob: TestClient;
  let anon: TestClient;
  let starter = 0;
  let graphs = 0;
  const pids: Record<string, number> = {};

  const db = () => server.server.ctx.db.kysely;
  const dto = (over: Partial<TrainingDtoForm['training']> = {}, category = starter): TrainingDtoForm => ({
    training: {
      title: 'Warm-up list',
      description: 'Solve these **in order**: $a+b$ first.',
      auth: TrainingAuth.PUBLIC,
      rank: 10,
      ...over,
    },
    trainingCategory: { id: category },
  });
  const addProblem = (c: TestClient, tid: number, problemId: string) =>
    c.api.adminAddTrainingProblem({ tid, pid: pids[problemId] ?? 0 });
  /** judges a queued submission the way a worker would finish it */
  const judge = (submitId: number, status: number, time = 10) =>
    db().updateTable('judge').set({ status, time, memory: 1024 }).where('submit_id', '=', submitId).execute();
  const submit = (c: TestClient, problemId: string, tid?: number) =>
    c.api.submitProblemJudge({ pid: problemId, language: 'Python3', code: A_PLUS_B.Python3 ?? '', tid });
  const titles = (records: TrainingVO[]) => records.map((r) => r.title);

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    admin = await userClient(server, 'tradmin', { roleId: Role.ADMIN });
    problemAdmin = await userClient(server, 'trpadmin', { roleId: Role.PROBLEM_ADMIN });
    alice = await userClient(server, 'tralice');
    bob = await userClient(server, 'trbob');
    carol = await userClient(server, 'trcarol');
    zhBob = testClient(server.url, 'zh-CN');
    zhBob.setToken(bob.token);
    anon = testClient(server.url);
    // submissions come one after another in these tests: no interval between them
    await root.api.adminUpdateSwitches({ defaultSubmitInterval: 0 });
    for (const p of await db().selectFrom('problem').select(['id', 'problem_id']).execute())
      pids[p.problem_id] = p.id;
    const categories = await anon.api.getTrainingCategories();
    starter = categories.find((c) => c.name.includes('Getting started'))?.id ?? 0;
    graphs = (await problemAdmin.api.adminAddTrainingCategory({ name: 'Graphs 图论', color: '#67c23a' })).id;
    expect([starter, graphs].every((id) => id > 0)).toBe(true);
  });
  afterAll(async () => {
    await server?.destroy();
  });
  beforeEach(async () => {
    await db().deleteFrom('training_password_try').execute();
  });

  it('lists the demo training to visitors with its category and counts', async () => {
    const categories = await anon.api.getTrainingCategories();
    expect(categories[0]).toMatchObject({ name: '入门 Getting started', color: '#409eff', gid: null });
    const list = await anon.api.getTrainingList({});
    const demo = list.records.find((t) => t.title === 'First steps / 新手入门');
    expect(demo).toMatchObject({
      auth: 'Public',
      author: 'root',
      categoryName: '入门 Getting started',
      categoryColor: '#409eff',
      problemCount: 4,
      acCount: 0,
    });
    expect(demo).not.toHaveProperty('privatePwd');
    const problems = await anon.api.getTrainingProblemList(demo?.id ?? 0);
    expect(problems.map((p) => p.problemId)).toEqual(['1000', '1001', '1002', '1003']);
    expect(problems[0]).toMatchObject({ title: 'A+B Problem', total: 0, ac: 0 });
    expect(isReservedShortName('Training')).toBe(true);
  });

  it('filters the list by category, access and keyword, pages it, and hides hidden trainings', async () => {
    const publicOne = await admin.api.adminAddTraining(dto({ title: 'Filter public', rank: 20 }, graphs));
    const privateOne = await admin.api.adminAddTraining(
      dto(
        { title: 'Filter private', auth: TrainingAuth.PRIVATE, privatePwd: 'open sesame', rank: 21 },
        graphs,
      ),
    );
    const hidden = await admin.api.adminAddTraining(dto({ title: 'Filter hidden', status: false }, graphs));
    const inGraphs = await anon.api.getTrainingList({ categoryId: graphs, limit: 50 });
    expect(titles(inGraphs.records)).toEqual(['Filter public', 'Filter private']);
    const privates = await anon.api.getTrainingList({ categoryId: graphs, auth: TrainingAuth.PRIVATE });
    expect(titles(privates.records)).toEqual(['Filter private']);
    const byAuthor = await anon.api.getTrainingList({ keyword: 'TRADMIN', categoryId: graphs });
    expect(byAuthor.total).toBe(2);
    const paged = await anon.api.getTrainingList({ categoryId: graphs, limit: 1, currentPage: 2 });
    expect([paged.total, paged.pages, titles(paged.records)]).toEqual([2, 2, ['Filter private']]);
    const bad = await failure(
      anon.raw.request('GET', '/api/get-training-list', { query: { auth: 'Secret' } }),
    );
    expect([bad.httpStatus, bad.message]).toEqual([400, 'A training is either public or private.']);
    // a hidden training exists for its managers only
    const gone = await failure(alice.api.getTrainingDetail(hidden.training.id));
    expect([gone.httpStatus, gone.message]).toEqual([404, 'The training does not exist or is not shown.']);
    expect((await admin.api.getTrainingDetail(hidden.training.id)).title).toBe('Filter hidden');
    for (const t of [publicOne, privateOne, hidden]) await root.api.adminDeleteTraining(t.training.id);
  });

  it('shows a public training’s introduction and problems in its order to visitors', async () => {
    const made = await admin.api.adminAddTraining(dto({ title: 'Order check' }));
    const tid = made.training.id;
    for (const p of ['1002', '1000', '1001']) await addProblem(admin, tid, p);
    const detail = await anon.api.getTrainingDetail(tid);
    expect(detail).toMatchObject({ title: 'Order check', problemCount: 3, acCount: 0, author: 'tradmin' });
    expect(detail.descriptionHtml).toContain('<strong>in order</strong>');
    expect(detail.descriptionHtml).toContain('class="katex');
    expect((await anon.api.getTrainingProblemList(tid)).map((p) => p.problemId)).toEqual([
      '1002',
      '1000',
      '1001',
    ]);
    // the console moves 1001 to the front
    const rows = (await admin.api.adminGetTrainingProblemList({ tid, queryExisted: true }))
      .trainingProblemMap;
    const row1001 = rows[String(pids['1001'])];
    await admin.api.adminUpdateTrainingProblem({ id: row1001?.id ?? 0, rank: 0, tid });
    await admin.api.adminUpdateTrainingProblem({ id: rows[String(pids['1002'])]?.id ?? 0, rank: 5 });
    expect((await anon.api.getTrainingProblemList(tid)).map((p) => p.problemId)).toEqual([
      '1001',
      '1000',
      '1002',
    ]);
    const missing = await failure(anon.api.getTrainingDetail(987654));
    expect(missing.httpStatus).toBe(404);
    await root.api.adminDeleteTraining(tid);
  });

  it('keeps a private training’s problems and rank behind its password', async () => {
    const made = await admin.api.adminAddTraining(
      dto({ title: 'Private drills', auth: TrainingAuth.PRIVATE, privatePwd: 'drill-42' }),
    );
    const tid = made.training.id;
    await addProblem(admin, tid, '1000');
    // everyone reads the introduction (the page asks for the password there)
    expect((await anon.api.getTrainingDetail(tid)).problemCount).toBe(1);
    const visitor = await failure(anon.api.getTrainingProblemList(tid));
    expect([visitor.httpStatus, visitor.message]).toEqual([
      401,
      'This training is private: please log in first.',
    ]);
    const outsider = await failure(bob.api.getTrainingProblemList(tid));
    expect([outsider.httpStatus, outsider.message]).toEqual([
      403,
      'This training is private: enter its password first.',
    ]);
    expect((await failure(zhBob.api.getTrainingRank({ tid }))).message).toBe(
      '该训练属于私有，请先使用专属密码注册！',
    );
    expect(await bob.api.getTrainingAccess(tid)).toEqual({ access: false });
    expect((await failure(anon.api.getTrainingAccess(tid))).httpStatus).toBe(401);
    // its creator and root enter without a password
    expect(await admin.api.getTrainingAccess(tid)).toEqual({ access: true });
    expect((await root.api.getTrainingProblemList(tid)).length).toBe(1);

    const wrong = await failure(bob.api.registerTraining({ tid, password: 'drill-41' }));
    expect([wrong.httpStatus, wrong.message]).toEqual([400, 'Wrong training password, please try again.']);
    expect((await failure(zhBob.api.registerTraining({ tid, password: 'x' }))).message).toBe(
      '训练密码错误，请重新输入！',
    );
    const blank = await failure(bob.api.registerTraining({ tid, password: '   ' }));
    expect([blank.httpStatus, blank.message]).toEqual([400, "Enter the training's password."]);
    await bob.api.registerTraining({ tid, password: 'drill-42' });
    expect(await bob.api.getTrainingAccess(tid)).toEqual({ access: true });
    expect((await bob.api.getTrainingProblemList(tid)).map((p) => p.problemId)).toEqual(['1000']);
    const again = await failure(bob.api.registerTraining({ tid, password: 'drill-42' }));
    expect([again.httpStatus, again.message]).toEqual([
      400,
      'You have registered for this training already.',
    ]);
    // a public training needs no password
    const publicOne = await admin.api.adminAddTraining(dto({ title: 'Open list' }));
    const needless = await failure(bob.api.registerTraining({ tid: publicOne.training.id, password: 'x' }));
    expect([needless.httpStatus, needless.message]).toEqual([
      400,
      'This training is public: it needs no password.',
    ]);
    // a new password sends everyone who registered back to the form (HOJ)
    const changed = dto({ title: 'Private drills', auth: TrainingAuth.PRIVATE, privatePwd: 'drill-43' });
    await admin.api.adminUpdateTraining({ ...changed, training: { ...changed.training, id: tid } });
    expect(await bob.api.getTrainingAccess(tid)).toEqual({ access: false });
    // a registration an admin barred opens nothing
    await bob.api.registerTraining({ tid, password: 'drill-43' });
    await db().updateTable('training_register').set({ status: 0 }).where('tid', '=', tid).execute();
    const barred = await failure(bob.api.getTrainingProblemList(tid));
    expect([barred.httpStatus, barred.message]).toEqual([403, 'You have been barred from this training.']);
    for (const t of [tid, publicOne.training.id]) await root.api.adminDeleteTraining(t);
  });

  it('limits wrong password guesses per user and training, as contest passwords', async () => {
    const made = await admin.api.adminAddTraining(
      dto({ title: 'Guarded', auth: TrainingAuth.PRIVATE, privatePwd: 'right-one' }),
    );
    const tid = made.training.id;
    for (let i = 1; i < TRAINING_PASSWORD_GUARD.freeTries; i++) {
      expect((await failure(carol.api.registerTraining({ tid, password: `guess${i}` }))).httpStatus).toBe(
        400,
      );
    }
    const last = await failure(carol.api.registerTraining({ tid, password: 'guess-last' }));
    expect([last.httpStatus, last.message]).toEqual([
      400,
      `Wrong training password. Please wait ${TRAINING_PASSWORD_GUARD.firstWaitSeconds} seconds before the next try.`,
    ]);
    // while the wait runs even the right password is not looked at
    const waiting = await failure(carol.api.registerTraining({ tid, password: 'right-one' }));
    expect(waiting.httpStatus).toBe(429);
    expect(waiting.message).toMatch(/^Too many wrong passwords\. Please try again in \d+ seconds\.$/);
    // another user is not held up, and the wait ends
    await bob.api.registerTraining({ tid, password: 'right-one' });
    await db()
      .updateTable('training_password_try')
      .set({ retry_at: new Date(0).toISOString() })
      .execute();
    await carol.api.registerTraining({ tid, password: 'right-one' });
    expect(
      await db().selectFrom('training_password_try').selectAll().where('tid', '=', tid).execute(),
    ).toEqual([]);
    await root.api.adminDeleteTraining(tid);
  });

  it('counts submissions through a private training in its progress and rank', async () => {
    const made = await admin.api.adminAddTraining(
      dto({ title: 'Ranked drills', auth: TrainingAuth.PRIVATE, privatePwd: 'rank-me' }),
    );
    const tid = made.training.id;
    for (const p of ['1000', '1001']) await addProblem(admin, tid, p);
    await db()
      .updateTable('user_info')
      .set({ realname: 'Alice Real', school: 'North School' })
      .where('uuid', '=', alice.uid)
      .execute();
    // before registering: refused, with HOJ's words
    const early = await failure(
      alice.api.submitProblemJudge({ pid: '1000', language: 'Python3', code: 'x=1', tid }),
    );
    expect([early.httpStatus, early.message]).toEqual([
      403,
      'This training is private: enter its password first.',
    ]);
    await alice.api.registerTraining({ tid, password: 'rank-me' });
    const notHeld = await failure(submit(alice, '1002', tid));
    expect([notHeld.httpStatus, notHeld.message]).toEqual([404, 'This problem is not in the training.']);

    const wa = await submit(alice, '1000', tid);
    await judge(wa.submitId, JudgeStatus.WRONG_ANSWER);
    let rank = await alice.api.getTrainingRank({ tid });
    expect(rank.records[0]?.submissionInfo['1000']).toEqual({
      status: JudgeStatus.WRONG_ANSWER,
      score: null,
      isAC: false,
      runTime: null,
    });
    const ac = await submit(alice, '1000', tid);
    await judge(ac.submitId, JudgeStatus.ACCEPTED, 30);
    // a faster accepted run later, from the problem's own page: counted too (HOJ records it)
    const again = await submit(alice, '1000');
    await judge(again.submitId, JudgeStatus.ACCEPTED, 12);
    // a pending submission counts for nothing yet
    await submit(alice, '1001', tid);

    // bob solved 1001 before he registered: his accepted submission joins the rank when he does
    await insertJudgeRows(server.server.ctx.db, [
      {
        uid: bob.uid,
        username: 'trbob',
        pid: pids['1001'] ?? 0,
        displayPid: '1001',
        status: 0,
        submitTime: new Date().toISOString(),
      },
    ]);
    await bob.api.registerTraining({ tid, password: 'rank-me' });
    // the creator's and root's submissions never rank (HOJ)
    await submit(admin, '1000', tid).then((s) => judge(s.submitId, JudgeStatus.ACCEPTED, 1));
    await submit(root, '1000', tid).then((s) => judge(s.submitId, JudgeStatus.ACCEPTED, 1));

    rank = await admin.api.getTrainingRank({ tid });
    // equal solved counts: the smaller total of fastest runs first
    expect(rank.records.map((r) => [r.rank, r.username, r.ac, r.totalRunTime])).toEqual([
      [1, 'trbob', 1, 10],
      [2, 'tralice', 1, 12],
    ]);
    const aliceRow = rank.records.find((r) => r.username === 'tralice');
    expect(aliceRow?.submissionInfo['1000']).toEqual({
      status: JudgeStatus.ACCEPTED,
      score: null,
      isAC: true,
      runTime: 12,
    });
    expect(aliceRow?.submissionInfo['1001']).toBeUndefined();
    expect(aliceRow?.realname).toBe('Alice Real');
    // real names are for the training's managers
    const asBob = await bob.api.getTrainingRank({ tid });
    expect(asBob.records.find((r) => r.username === 'tralice')?.realname).toBeNull();
    expect((await bob.api.getTrainingRank({ tid, keyword: 'north' })).records.map((r) => r.username)).toEqual(
      ['tralice'],
    );
    expect((await bob.api.getTrainingRank({ tid, limit: 1, currentPage: 2 })).records.length).toBe(1);
    // progress: the list and the detail count what the caller solved
    expect((await alice.api.getTrainingDetail(tid)).acCount).toBe(1);
    const listed = (await alice.api.getTrainingList({ auth: TrainingAuth.PRIVATE, limit: 50 })).records;
    expect(listed.find((t) => t.id === tid)).toMatchObject({ problemCount: 2, acCount: 1 });
    // a public training records nothing: its page has no rank (HOJ)
    const open = await admin.api.adminAddTraining(dto({ title: 'Open ranks' }));
    await addProblem(admin, open.training.id, '1000');
    await submit(alice, '1000', open.training.id);
    expect((await alice.api.getTrainingRank({ tid: open.training.id })).total).toBe(0);
    for (const t of [tid, open.training.id]) await root.api.adminDeleteTraining(t);
  });

  it('serves the focus-mode problem list of a training and of a contest', async () => {
    const made = await admin.api.adminAddTraining(dto({ title: 'Focus list' }));
    const tid = made.training.id;
    for (const p of ['1001', '1000']) await addProblem(admin, tid, p);
    const tried = await submit(carol, '1001');
    await judge(tried.submitId, JudgeStatus.WRONG_ANSWER);
    expect(await carol.api.getFullScreenProblemList({ tid })).toEqual([
      {
        pid: pids['1001'],
        problemId: '1001',
        title: 'Sum of a List',
        status: JudgeStatus.WRONG_ANSWER,
        score: null,
      },
      { pid: pids['1000'], problemId: '1000', title: 'A+B Problem', status: null, score: null },
    ]);
    const contest = (await carol.api.getContestList({})).records.find(
      (c) => c.title === 'Verdict Warm-up Round',
    );
    const inContest = await carol.api.getFullScreenProblemList({ cid: contest?.id ?? 0 });
    expect(inContest.map((p) => [p.problemId, p.status])).toEqual([
      ['A', null],
      ['B', null],
    ]);
    expect((await failure(anon.api.getFullScreenProblemList({ tid }))).httpStatus).toBe(401);
    const neither = await failure(carol.api.getFullScreenProblemList({}));
    expect([neither.httpStatus, neither.message]).toEqual([400, 'Name a training (tid) or a contest (cid).']);
    await root.api.adminDeleteTraining(tid);
  });

  it('lets admins create trainings and only their creator and root change them', async () => {
    // the client names another author (HOJ's sends its own username): the caller is the author
    const asked = dto({ title: '  Console made  ', auth: TrainingAuth.PRIVATE, privatePwd: 'pw' });
    const made = await admin.api.adminAddTraining({
      ...asked,
      training: { ...asked.training, author: 'root' } as TrainingDtoForm['training'],
    });
    expect(made.training).toMatchObject({
      title: 'Console made',
      author: 'tradmin',
      privatePwd: 'pw',
      status: true,
    });
    expect(made.trainingCategory?.id).toBe(starter);
    const tid = made.training.id;
    // the list never carries passwords
    const list = await problemAdmin.api.adminGetTrainingList({ keyword: 'Console made' });
    expect(list.records.map((t) => [t.title, t.privatePwd])).toEqual([['Console made', null]]);
    expect((await problemAdmin.api.adminGetTrainingList({ keyword: String(tid) })).records[0]?.id).toBe(tid);
    // another admin may not read or change it
    const notYours = await failure(problemAdmin.api.adminGetTraining(tid));
    expect([notYours.httpStatus, notYours.message]).toEqual([
      403,
      "Sorry, only the training's creator and the super administrator may change it.",
    ]);
    expect((await failure(problemAdmin.api.adminChangeTrainingStatus(tid, false))).httpStatus).toBe(403);
    expect(
      (await failure(problemAdmin.api.adminAddTrainingProblem({ tid, pid: pids['1000'] ?? 0 }))).httpStatus,
    ).toBe(403);
    expect((await root.api.adminGetTraining(tid)).training.privatePwd).toBe('pw');
    // hiding it takes it off the site
    await admin.api.adminChangeTrainingStatus(tid, false);
    expect((await anon.api.getTrainingList({ keyword: 'Console made' })).total).toBe(0);
    await admin.api.adminChangeTrainingStatus(tid, true);
    expect((await anon.api.getTrainingList({ keyword: 'Console made' })).total).toBe(1);
    // rules the form and the server share
    const empty = await failure(admin.api.adminAddTraining(dto({ title: ' ' })));
    expect([empty.httpStatus, empty.message]).toEqual([400, 'The training needs a title.']);
    const noPassword = await failure(admin.api.adminAddTraining(dto({ auth: TrainingAuth.PRIVATE })));
    expect([noPassword.httpStatus, noPassword.message]).toEqual([400, "Enter the training's password."]);
    const long = await failure(admin.api.adminAddTraining(dto({ title: 'x'.repeat(256) })));
    expect(long.message).toBe('The title may have at most 255 characters.');
    const badRank = await failure(admin.api.adminAddTraining(dto({ rank: -1 })));
    expect(badRank.message).toBe('The order number is a whole number from 0 to 2147483647.');
    const noCategory = await failure(admin.api.adminAddTraining(dto({}, 987654)));
    expect([noCategory.httpStatus, noCategory.message]).toEqual([
      404,
      'The training category does not exist.',
    ]);
    const zh = testClient(server.url, 'zh-CN');
    zh.setToken(admin.token);
    expect((await failure(zh.api.adminAddTraining(dto({ title: '' })))).message).toBe('训练标题不能为空。');
    // deleting is root's
    const del = await failure(admin.api.adminDeleteTraining(tid));
    expect([del.httpStatus, del.message]).toEqual([
      403,
      'Only the super administrator can delete a training.',
    ]);
    await root.api.adminDeleteTraining(tid);
    expect((await failure(admin.api.adminGetTraining(tid))).httpStatus).toBe(404);
    expect((await failure(alice.api.adminGetTrainingList({}))).httpStatus).toBe(403);
  });

  it('fills a training from the public problem list, moves and removes its problems', async () => {
    const made = await admin.api.adminAddTraining(
      dto({ title: 'Filled', auth: TrainingAuth.PRIVATE, privatePwd: 'fill' }),
    );
    const tid = made.training.id;
    await carol.api.registerTraining({ tid, password: 'fill' });
    const solved = await submit(carol, '1003');
    await judge(solved.submitId, JudgeStatus.ACCEPTED, 7);
    await db()
      .updateTable('problem')
      .set({ auth: ProblemAuth.PRIVATE })
      .where('problem_id', '=', '1002')
      .execute();

    const candidates = await admin.api.adminGetTrainingProblemList({ tid, limit: 50 });
    const offered = candidates.problemList.records.map((p) => p.problemId);
    expect(offered).toEqual(expect.arrayContaining(['1000', '1001', '1003']));
    expect(offered).not.toContain('1002');
    const hidden = await failure(addProblem(admin, tid, '1002'));
    expect([hidden.httpStatus, hidden.message]).toEqual([
      400,
      'Only public problems can be added to a training.',
    ]);
    const row = await addProblem(admin, tid, '1003');
    expect(row).toMatchObject({ tid, pid: pids['1003'], displayId: '1003', rank: 0 });
    expect((await addProblem(admin, tid, '1000')).rank).toBe(1);
    const dup = await failure(addProblem(admin, tid, '1003'));
    expect([dup.httpStatus, dup.message]).toEqual([
      400,
      'The problem is in the training already, or its display id is taken.',
    ]);
    const dupId = await failure(
      admin.api.adminAddTrainingProblem({ tid, pid: pids['1001'] ?? 0, displayId: '1000' }),
    );
    expect(dupId.httpStatus).toBe(400);
    // carol's earlier accepted submission joined the rank with the problem (HOJ)
    const rank = await carol.api.getTrainingRank({ tid });
    expect(rank.records.map((r) => [r.username, r.ac, r.totalRunTime])).toEqual([['trcarol', 1, 7]]);
    // the training's own list, searchable; the candidates no longer offer its problems
    const existing = await admin.api.adminGetTrainingProblemList({ tid, queryExisted: true });
    expect(existing.problemList.records.map((p) => p.problemId)).toEqual(['1003', '1000']);
    expect(
      (await admin.api.adminGetTrainingProblemList({ tid, queryExisted: true, keyword: 'inversions' }))
        .problemList.records.length,
    ).toBe(1);
    expect(
      (await admin.api.adminGetTrainingProblemList({ tid, limit: 50 })).problemList.records.map(
        (p) => p.problemId,
      ),
    ).not.toContain('1003');
    // a problem hidden after it was added drops out of the site's lists, not the console's
    await db()
      .updateTable('problem')
      .set({ auth: ProblemAuth.PRIVATE })
      .where('problem_id', '=', '1000')
      .execute();
    expect((await carol.api.getTrainingProblemList(tid)).map((p) => p.problemId)).toEqual(['1003']);
    expect((await carol.api.getTrainingDetail(tid)).problemCount).toBe(1);
    expect(
      (await admin.api.adminGetTrainingProblemList({ tid, queryExisted: true })).problemList.records.length,
    ).toBe(2);
    await db()
      .updateTable('problem')
      .set({ auth: ProblemAuth.PUBLIC })
      .where('problem_id', 'in', ['1000', '1002'])
      .execute();
    // moving a row of another training is refused; removing takes its records along
    const other = await admin.api.adminAddTraining(dto({ title: 'Other' }));
    const wrongTraining = await failure(
      admin.api.adminUpdateTrainingProblem({ id: row.id, rank: 3, tid: other.training.id }),
    );
    expect([wrongTraining.httpStatus, wrongTraining.message]).toEqual([
      404,
      'This problem is not in the training.',
    ]);
    await admin.api.adminRemoveTrainingProblem(tid, pids['1003'] ?? 0);
    expect((await carol.api.getTrainingRank({ tid })).total).toBe(0);
    const again = await failure(admin.api.adminRemoveTrainingProblem(tid, pids['1003'] ?? 0));
    expect(again.httpStatus).toBe(404);
    const noTid = await failure(
      admin.raw.request('DELETE', '/api/admin/training/problem', {
        query: { pid: pids['1000'] },
        urlType: 'admin',
      }),
    );
    expect([noTid.httpStatus, noTid.message]).toEqual([400, 'Choose a training.']);
    expect(
      await db()
        .selectFrom('problem')
        .select('id')
        .where('id', '=', pids['1000'] ?? 0)
        .execute(),
    ).toHaveLength(1);
    for (const t of [tid, other.training.id]) await root.api.adminDeleteTraining(t);
  });

  it('keeps training categories for root and problem admins, with unique names and in-use ones kept', async () => {
    const byAdmin = await failure(admin.api.adminAddTrainingCategory({ name: 'Nope', color: '#000000' }));
    expect(byAdmin.httpStatus).toBe(403);
    const made = await problemAdmin.api.adminAddTrainingCategory({
      name: 'Dynamic programming',
      color: '#e6a23c',
    });
    expect(made).toMatchObject({ name: 'Dynamic programming', color: '#e6a23c', gid: null });
    const dup = await failure(
      root.api.adminAddTrainingCategory({ name: 'Dynamic programming', color: '#e6a23c' }),
    );
    expect([dup.httpStatus, dup.message]).toEqual([400, 'A category with this name exists already.']);
    const badColor = await failure(root.api.adminAddTrainingCategory({ name: 'Colour', color: 'red;x:y' }));
    expect([badColor.httpStatus, badColor.message]).toEqual([
      400,
      'The colour is a hex colour such as #409eff.',
    ]);
    const renamed = await root.api.adminUpdateTrainingCategory({
      id: made.id,
      name: 'DP 动态规划',
      color: '#f56c6c',
    });
    expect(renamed.name).toBe('DP 动态规划');
    const used = await admin.api.adminAddTraining(dto({ title: 'Uses DP' }, made.id));
    const inUse = await failure(root.api.adminDeleteTrainingCategory(made.id));
    expect([inUse.httpStatus, inUse.message]).toEqual([
      409,
      '1 training(s) use this category: move them to another one first.',
    ]);
    await root.api.adminDeleteTraining(used.training.id);
    await problemAdmin.api.adminDeleteTrainingCategory(made.id);
    expect((await anon.api.getTrainingCategories()).some((c) => c.id === made.id)).toBe(false);
    expect((await failure(root.api.adminDeleteTrainingCategory(made.id))).httpStatus).toBe(404);
  });
});
