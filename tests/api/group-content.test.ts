import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupAuth, GroupRole } from '../../shared/constants/groups';
import { ProblemAuth } from '../../shared/constants/problems';
import { Role } from '../../shared/constants/roles';
import { TrainingAuth } from '../../shared/constants/trainings';
import type { GroupContestCreateForm, GroupTrainingDtoForm } from '../../shared/schemas/group-content';
import { failure, type TestClient, testClient } from '../helpers/api';
import { at } from '../helpers/contests';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * A group's trainings and contests (docs/architecture.md, Group trainings and contests): what a
 * visitor, a user, a member, a group admin, a group root and the site's root see and may do; the
 * site's lists never show them; detail, board and problems answer members only, and a member who is
 * removed loses access with the next request; a group admin manages only their group's content.
 */
describe.each(DATABASES)('group trainings and contests on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let anon: TestClient;
  /** owner of group A (a group root without a member row) */
  let owner: TestClient & { uid: string };
  /** group A admins (role 4): the author of the content below, and a colleague */
  let gadmin: TestClient & { uid: string };
  let gadmin2: TestClient & { uid: string };
  /** group A root (role 5) */
  let groot: TestClient & { uid: string };
  let member: TestClient & { uid: string };
  let applicant: TestClient & { uid: string };
  let outsider: TestClient & { uid: string };
  /** a site admin outside group A */
  let siteAdmin: TestClient & { uid: string };
  /** group B's owner */
  let bOwner: TestClient & { uid: string };
  let gidA = 0;
  let gidB = 0;
  const pids: Record<string, number> = {};

  const db = () => server.server.ctx.db.kysely;
  const now = () => new Date().toISOString();

  async function insertGroup(shortName: string, ownerClient: { uid: string }, ownerName: string) {
    const row = await db()
      .insertInto('group_info')
      .values({
        avatar: null,
        name: `Group ${shortName}`,
        short_name: shortName,
        brief: 'A group for the tests',
        description: 'A group for the tests',
        owner: ownerName,
        uid: ownerClient.uid,
        auth: GroupAuth.PRIVATE,
        visible: 1,
        status: 0,
        code: 'ABCDEF',
        gmt_create: now(),
        gmt_modified: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const addMember = (gid: number, who: { uid: string }, auth: number) =>
    db()
      .insertInto('group_member')
      .values({ gid, uid: who.uid, auth, reason: null, gmt_create: now(), gmt_modified: now() })
      .execute();
  const removeMember = (gid: number, who: { uid: string }) =>
    db().deleteFrom('group_member').where('gid', '=', gid).where('uid', '=', who.uid).execute();
  /** a copy of problem 1000 under a new display id, owned by a group (or the site: gid null) */
  async function insertProblem(problemId: string, gid: number | null, auth: number = ProblemAuth.PUBLIC) {
    const base = await db()
      .selectFrom('problem')
      .selectAll()
      .where('problem_id', '=', '1000')
      .executeTakeFirstOrThrow();
    const { id: _id, apply_public_progress: _apply, ...columns } = base;
    const row = await db()
      .insertInto('problem')
      .values({ ...columns, problem_id: problemId, title: `Problem ${problemId}`, gid, auth })
      .returning('id')
      .executeTakeFirstOrThrow();
    pids[problemId] = row.id;
    return row.id;
  }
  const trainingDto = (
    gid: number,
    over: Partial<GroupTrainingDtoForm['training']> = {},
  ): GroupTrainingDtoForm => ({
    training: {
      title: 'Group warm-up',
      description: 'For **members**.',
      auth: TrainingAuth.PUBLIC,
      rank: 1,
      gid,
      ...over,
    },
    trainingCategory: { id: starter },
  });
  const contestForm = (gid: number, over: Partial<GroupContestCreateForm> = {}): GroupContestCreateForm => ({
    title: 'Group round',
    description: 'Members only',
    type: 0,
    auth: 0,
    startTime: at(-60_000),
    endTime: at(3_600_000),
    gid,
    ...over,
  });
  let starter = 0;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    anon = testClient(server.url);
    owner = await userClient(server, 'gcowner');
    gadmin = await userClient(server, 'gcadmin');
    gadmin2 = await userClient(server, 'gcadmin2');
    groot = await userClient(server, 'gcroot');
    member = await userClient(server, 'gcmember');
    applicant = await userClient(server, 'gcapplicant');
    outsider = await userClient(server, 'gcoutsider');
    siteAdmin = await userClient(server, 'gcsiteadmin', { roleId: Role.ADMIN });
    bOwner = await userClient(server, 'gcbowner');
    gidA = await insertGroup('alpha', owner, 'gcowner');
    gidB = await insertGroup('bravo', bOwner, 'gcbowner');
    await addMember(gidA, gadmin, GroupRole.ADMIN);
    await addMember(gidA, gadmin2, GroupRole.ADMIN);
    await addMember(gidA, groot, GroupRole.ROOT);
    await addMember(gidA, member, GroupRole.MEMBER);
    await addMember(gidA, applicant, GroupRole.APPLICANT);
    await addMember(gidB, bOwner, GroupRole.ROOT);
    for (const p of await db().selectFrom('problem').select(['id', 'problem_id']).execute())
      pids[p.problem_id] = p.id;
    await insertProblem('alpha1', gidA);
    await insertProblem('bravo1', gidB);
    await insertProblem('hidden1', null, ProblemAuth.PRIVATE);
    starter = (await anon.api.getTrainingCategories())[0]?.id ?? 0;
    expect(starter).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('trainings', () => {
    let tid = 0;
    let hiddenTid = 0;

    it('lets a group admin create trainings in their group, and nobody below', async () => {
      const made = await gadmin.api.addGroupTraining(trainingDto(gidA));
      tid = made.training.id;
      expect(made.training).toMatchObject({ isGroup: true, gid: gidA, author: 'gcadmin', status: true });
      const hidden = await gadmin.api.addGroupTraining(
        trainingDto(gidA, { title: 'Draft list', status: false }),
      );
      hiddenTid = hidden.training.id;
      for (const c of [member, applicant, outsider]) {
        const refused = await failure(c.api.addGroupTraining(trainingDto(gidA)));
        expect([refused.httpStatus, refused.message]).toEqual([
          403,
          "Sorry, only the group's administrators may do this.",
        ]);
      }
      const other = await failure(bOwner.api.addGroupTraining(trainingDto(gidA)));
      expect(other.httpStatus).toBe(403);
      const missing = await failure(gadmin.api.addGroupTraining(trainingDto(987654)));
      expect([missing.httpStatus, missing.message]).toEqual([
        404,
        'The group does not exist or has been banned.',
      ]);
      const visitor = await failure(anon.api.addGroupTraining(trainingDto(gidA)));
      expect(visitor.httpStatus).toBe(401);
    });

    it('lists the visible trainings to members, all of them to group admins, none to others', async () => {
      const list = await member.api.getGroupTrainingList({ gid: gidA });
      expect(list.records.map((t) => t.title)).toEqual(['Group warm-up']);
      expect(list.records[0]).toMatchObject({ gid: gidA, author: 'gcadmin', problemCount: 0 });
      const adminList = await gadmin2.api.getGroupAdminTrainingList({ gid: gidA });
      expect(adminList.records.map((t) => t.title).sort()).toEqual(['Draft list', 'Group warm-up']);
      expect(adminList.records.every((t) => t.privatePwd === null)).toBe(true);
      expect((await root.api.getGroupAdminTrainingList({ gid: gidA })).total).toBe(2);
      const notAdmin = await failure(member.api.getGroupAdminTrainingList({ gid: gidA }));
      expect(notAdmin.httpStatus).toBe(403);
      for (const c of [outsider, applicant, bOwner, siteAdmin]) {
        const refused = await failure(c.api.getGroupTrainingList({ gid: gidA }));
        expect([refused.httpStatus, refused.message]).toEqual([
          403,
          "Sorry, only the group's members may see this.",
        ]);
      }
      expect((await failure(anon.api.getGroupTrainingList({ gid: gidA }))).httpStatus).toBe(401);
    });

    it('keeps group trainings out of the site’s lists, for root too', async () => {
      for (const c of [anon, member, root]) {
        const titles = (await c.api.getTrainingList({ limit: 100 })).records.map((t) => t.title);
        expect(titles).not.toContain('Group warm-up');
      }
      const console = await root.api.adminGetTrainingList({ limit: 100 });
      expect(console.records.map((t) => t.title)).not.toContain('Group warm-up');
      // and the site's console does not manage them
      const viaConsole = await failure(root.api.adminGetTraining(tid));
      expect(viaConsole.httpStatus).toBe(404);
    });

    it('fills the training from the public list and from its own group, never from another group', async () => {
      await gadmin.api.addGroupTrainingProblemFromPublic({ tid, pid: pids['1000'] ?? 0 });
      await gadmin.api.addGroupTrainingProblemFromGroup({ problemId: 'alpha1', tid });
      const otherGroup = await failure(
        gadmin.api.addGroupTrainingProblemFromGroup({ problemId: 'bravo1', tid }),
      );
      expect([otherGroup.httpStatus, otherGroup.message]).toEqual([
        404,
        'The problem does not exist or is not a problem of this group.',
      ]);
      const siteProblem = await failure(
        gadmin.api.addGroupTrainingProblemFromGroup({ problemId: '1001', tid }),
      );
      expect(siteProblem.httpStatus).toBe(404);
      const groupAsPublic = await failure(
        gadmin.api.addGroupTrainingProblemFromPublic({ tid, pid: pids.bravo1 ?? 0 }),
      );
      expect([groupAsPublic.httpStatus, groupAsPublic.message]).toEqual([
        400,
        'Only public problems can be added to a training.',
      ]);
      const twice = await failure(gadmin.api.addGroupTrainingProblemFromGroup({ problemId: 'alpha1', tid }));
      expect(twice.httpStatus).toBe(400);
      const own = await gadmin.api.getGroupTrainingProblemList({ tid });
      expect(own.problemList.records.map((p) => p.problemId)).toEqual(['1000', 'alpha1']);
      const candidates = await gadmin.api.getGroupTrainingProblemList({
        tid,
        queryExisted: false,
        limit: 100,
      });
      const offered = candidates.problemList.records.map((p) => p.problemId);
      expect(offered).toContain('1001');
      expect(offered).not.toContain('alpha1');
      expect(offered).not.toContain('bravo1');
      expect(offered).not.toContain('hidden1');
    });

    it('serves the training’s detail, problems and rank to members and the site’s root only', async () => {
      const detail = await member.api.getTrainingDetail(tid);
      expect(detail).toMatchObject({ title: 'Group warm-up', gid: gidA, problemCount: 2 });
      expect((await member.api.getTrainingProblemList(tid)).map((p) => p.problemId)).toEqual([
        '1000',
        'alpha1',
      ]);
      expect((await root.api.getTrainingProblemList(tid)).length).toBe(2);
      expect((await member.api.getTrainingRank({ tid })).records).toEqual([]);
      for (const c of [outsider, applicant, bOwner, siteAdmin]) {
        for (const call of [
          () => c.api.getTrainingDetail(tid),
          () => c.api.getTrainingProblemList(tid),
          () => c.api.getTrainingRank({ tid }),
          () => c.api.getTrainingAccess(tid),
          () => c.api.getFullScreenProblemList({ tid }),
        ]) {
          const refused = await failure(call());
          expect([refused.httpStatus, refused.message]).toEqual([
            403,
            'Sorry, you are not a member of this group, so you cannot see its training.',
          ]);
        }
      }
      expect((await failure(anon.api.getTrainingDetail(tid))).httpStatus).toBe(401);
      // a hidden one exists for its managers only
      expect((await failure(member.api.getTrainingDetail(hiddenTid))).httpStatus).toBe(404);
      expect((await gadmin.api.getTrainingDetail(hiddenTid)).title).toBe('Draft list');
    });

    it('lets the author, a group root and the site’s root manage it; other admins only list it', async () => {
      for (const c of [gadmin, groot, owner, root]) {
        expect((await c.api.getGroupTraining(tid)).training.title).toBe('Group warm-up');
      }
      for (const c of [gadmin2, member, bOwner, siteAdmin]) {
        const refused = await failure(c.api.getGroupTraining(tid));
        expect(refused.httpStatus).toBe(403);
      }
      const colleague = await failure(gadmin2.api.changeGroupTrainingStatus(tid, false));
      expect(colleague.message).toBe(
        "Sorry, only the training's author (while a group administrator), the group's owner and roots and the super administrator may manage it.",
      );
      const fromB = await failure(
        bOwner.api.updateGroupTraining({
          training: { ...trainingDto(gidB).training, id: tid },
          trainingCategory: { id: starter },
        }),
      );
      expect(fromB.httpStatus).toBe(403);
      const renamed = await groot.api.updateGroupTraining({
        training: { ...trainingDto(gidB).training, id: tid, title: 'Group warm-up 2' },
        trainingCategory: { id: starter },
      });
      // the group's id in the body changes nothing: it stays in its group
      expect(renamed.training).toMatchObject({ title: 'Group warm-up 2', gid: gidA, isGroup: true });
      const order = await gadmin.api.getGroupTrainingProblemList({ tid });
      const alphaRow = order.trainingProblemMap[String(pids.alpha1)];
      await gadmin.api.updateGroupTrainingProblem({ id: alphaRow?.id ?? 0, rank: 0, tid });
      await gadmin.api.updateGroupTrainingProblem({
        id: order.trainingProblemMap[String(pids['1000'])]?.id ?? 0,
        rank: 5,
        tid,
      });
      expect((await member.api.getTrainingProblemList(tid)).map((p) => p.problemId)).toEqual([
        'alpha1',
        '1000',
      ]);
      await gadmin.api.deleteGroupTrainingProblem(pids['1000'] ?? 0, tid);
      expect((await member.api.getTrainingDetail(tid)).problemCount).toBe(1);
      // the site's console cannot reach a group's training, nor the group calls a site training
      const siteTraining = (await anon.api.getTrainingList({})).records[0]?.id ?? 0;
      const notGroup = await failure(root.api.getGroupTraining(siteTraining));
      expect([notGroup.httpStatus, notGroup.message]).toEqual([
        403,
        'This training does not belong to a group: manage it in the admin console.',
      ]);
    });

    it('a demoted author stops managing, a removed member stops seeing, at once', async () => {
      await db()
        .updateTable('group_member')
        .set({ auth: GroupRole.MEMBER })
        .where('gid', '=', gidA)
        .where('uid', '=', gadmin.uid)
        .execute();
      expect((await failure(gadmin.api.getGroupTraining(tid))).httpStatus).toBe(403);
      await db()
        .updateTable('group_member')
        .set({ auth: GroupRole.ADMIN })
        .where('gid', '=', gidA)
        .where('uid', '=', gadmin.uid)
        .execute();
      expect((await gadmin.api.getGroupTraining(tid)).training.id).toBe(tid);

      expect((await member.api.getTrainingDetail(tid)).id).toBe(tid);
      await removeMember(gidA, member);
      const gone = await failure(member.api.getTrainingDetail(tid));
      expect(gone.httpStatus).toBe(403);
      expect((await failure(member.api.getGroupTrainingList({ gid: gidA }))).httpStatus).toBe(403);
      await addMember(gidA, member, GroupRole.MEMBER);
      expect((await member.api.getTrainingDetail(tid)).id).toBe(tid);
    });

    it('private group trainings: members register with the password, group roots pass', async () => {
      const made = await gadmin.api.addGroupTraining(
        trainingDto(gidA, { title: 'Secret list', auth: TrainingAuth.PRIVATE, privatePwd: 'letmein' }),
      );
      const secret = made.training.id;
      expect((await groot.api.getTrainingAccess(secret)).access).toBe(true);
      expect((await member.api.getTrainingAccess(secret)).access).toBe(false);
      const locked = await failure(member.api.getTrainingProblemList(secret));
      expect(locked.httpStatus).toBe(403);
      await member.api.registerTraining({ tid: secret, password: 'letmein' });
      expect(await member.api.getTrainingProblemList(secret)).toEqual([]);
      const stranger = await failure(outsider.api.registerTraining({ tid: secret, password: 'letmein' }));
      expect(stranger.httpStatus).toBe(403);
      await gadmin.api.deleteGroupTraining(secret);
      expect((await failure(member.api.getTrainingDetail(secret))).httpStatus).toBe(404);
    });

    it('deletes a training by its author', async () => {
      await gadmin.api.deleteGroupTraining(hiddenTid);
      expect((await gadmin.api.getGroupAdminTrainingList({ gid: gidA })).total).toBe(1);
    });
  });

  describe('contests', () => {
    let cid = 0;

    it('lets a group admin create a contest in their group, and nobody below', async () => {
      const made = await gadmin.api.addGroupContest(contestForm(gidA));
      cid = made.id;
      expect(made).toMatchObject({ gid: gidA, author: 'gcadmin', visible: true, status: 0 });
      for (const c of [member, outsider, bOwner, siteAdmin]) {
        const refused = await failure(c.api.addGroupContest(contestForm(gidA)));
        expect(refused.httpStatus).toBe(403);
      }
      const bad = await failure(gadmin.api.addGroupContest(contestForm(gidA, { endTime: at(-120_000) })));
      expect(bad.httpStatus).toBe(400);
    });

    it('fills the contest from the public list and its own group, never from another group', async () => {
      await gadmin.api.addGroupContestProblemFromPublic({ cid, pid: pids['1000'] ?? 0, displayId: 'A' });
      await gadmin.api.addGroupContestProblemFromGroup({ problemId: 'alpha1', cid, displayId: 'B' });
      const otherGroup = await failure(
        gadmin.api.addGroupContestProblemFromGroup({ problemId: 'bravo1', cid, displayId: 'C' }),
      );
      expect([otherGroup.httpStatus, otherGroup.message]).toEqual([
        404,
        'The problem does not exist or is not a problem of this group.',
      ]);
      const viaPublic = await failure(
        gadmin.api.addGroupContestProblemFromPublic({ cid, pid: pids.bravo1 ?? 0, displayId: 'C' }),
      );
      expect([viaPublic.httpStatus, viaPublic.message]).toEqual([
        403,
        'This problem belongs to another group and cannot be added here.',
      ]);
      const hidden = await failure(
        gadmin.api.addGroupContestProblemFromPublic({ cid, pid: pids.hidden1 ?? 0, displayId: 'C' }),
      );
      expect(hidden.httpStatus).toBe(400);
      const viaPut = await failure(
        gadmin.api.updateGroupContestProblem({ cid, pid: pids.bravo1 ?? 0, displayId: 'C' }),
      );
      expect(viaPut.httpStatus).toBe(403);
      const list = await gadmin.api.getGroupContestProblemList({ cid });
      expect(list.problemList.records.map((p) => p.problemId)).toEqual(['1000', 'alpha1']);
      const offered = (
        await gadmin.api.getGroupContestProblemList({ cid, problemType: 0, limit: 100 })
      ).problemList.records.map((p) => p.problemId);
      expect(offered.length).toBeGreaterThan(0);
      expect(offered).not.toContain('1000');
      expect(offered).not.toContain('bravo1');
      expect(offered).not.toContain('hidden1');
      const row = await gadmin.api.getGroupContestProblem(pids.alpha1 ?? 0, cid);
      expect(row).toMatchObject({ displayId: 'B', displayTitle: 'Problem alpha1' });
      const renamed = await groot.api.updateGroupContestProblem({
        cid,
        pid: pids.alpha1 ?? 0,
        displayId: 'B',
        displayTitle: 'Alpha',
        color: '#ff0000',
      });
      expect(renamed.displayTitle).toBe('Alpha');
      // a new problem written for the contest: the group's, kept for contests, then placed in it
      const fresh = await gadmin.api.addGroupContestProblem({
        problem: {
          problemId: 'C1',
          title: 'Fresh one',
          timeLimit: 1000,
          memoryLimit: 256,
          description: 'Add $a$ and $b$.',
          examples: '<input>1 2</input><output>3</output>',
          auth: ProblemAuth.PUBLIC,
          gid: gidA,
        },
        samples: [{ input: '1 2\n', output: '3\n' }],
        tags: [],
        languages: [{ name: 'Python3' }],
      });
      expect(fresh.problemId).toBe('alphaC1');
      const freshRow = await db()
        .selectFrom('problem')
        .select(['auth', 'gid'])
        .where('id', '=', fresh.pid)
        .executeTakeFirstOrThrow();
      expect(freshRow).toEqual({ auth: ProblemAuth.CONTEST, gid: gidA });
      await gadmin.api.updateGroupContestProblem({ cid, pid: fresh.pid, displayId: 'C' });
      await gadmin.api.deleteGroupContestProblem(fresh.pid, cid);
      const notAdmin = await failure(
        bOwner.api.addGroupContestProblem({
          problem: {
            problemId: 'C2',
            title: 'x',
            timeLimit: 1000,
            memoryLimit: 256,
            description: 'x',
            auth: 1,
            gid: gidA,
          },
          samples: [{ input: '1\n', output: '1\n' }],
          tags: [],
          languages: [{ name: 'Python3' }],
        }),
      );
      expect(notAdmin.httpStatus).toBe(403);
      // the group's own problem keeps its visibility (HOJ makes it contest-only)
      const stored = await db()
        .selectFrom('problem')
        .select('auth')
        .where('id', '=', pids.alpha1 ?? 0)
        .executeTakeFirstOrThrow();
      expect(stored.auth).toBe(ProblemAuth.PUBLIC);
    });

    it('keeps group contests out of the site’s lists and home page, for root too', async () => {
      for (const c of [anon, member, root]) {
        expect((await c.api.getContestList({ limit: 100 })).records.map((r) => r.id)).not.toContain(cid);
        expect((await c.api.getRecentContests()).map((r) => r.id)).not.toContain(cid);
      }
      const groupList = await member.api.getGroupContestList({ gid: gidA });
      expect(groupList.records.map((r) => r.id)).toEqual([cid]);
      expect((await failure(outsider.api.getGroupContestList({ gid: gidA }))).httpStatus).toBe(403);
      expect((await gadmin2.api.getGroupAdminContestList({ gid: gidA })).records[0]).toMatchObject({
        id: cid,
        visible: true,
      });
      expect((await failure(member.api.getGroupAdminContestList({ gid: gidA }))).httpStatus).toBe(403);
    });

    it('serves the contest, its problems, board and announcements to members only', async () => {
      expect((await member.api.getContestInfo(cid)).gid).toBe(gidA);
      expect((await member.api.getContestProblems(cid)).map((p) => p.displayId)).toEqual(['A', 'B']);
      expect((await member.api.getContestProblems(cid)).map((p) => p.displayTitle)).toEqual([
        'A+B Problem',
        'Alpha',
      ]);
      expect((await member.api.getContestProblemDetails(cid, 'B')).problem.problemId).toBe('alpha1');
      expect((await member.api.getContestRank({ cid })).records).toEqual([]);
      await member.api.registerContest({ cid });
      const submitted = await member.api.submitProblemJudge({
        pid: 'A',
        cid,
        language: 'Python3',
        code: 'print(1)',
      });
      expect(submitted.cid).toBe(cid);
      expect((await member.api.getContestSubmissions({ contestID: cid })).total).toBe(1);
      // a group root's tries stay off the board (HOJ), a member's are on it
      await groot.api.submitProblemJudge({ pid: 'A', cid, language: 'Python3', code: 'print(2)' });
      const board = await member.api.getContestRank({ cid });
      // (the caller's own row is pinned on top and keeps its place, as HOJ)
      expect([...new Set(board.records.map((r) => r.uid))]).toEqual([member.uid]);
      const membersOnly =
        'Sorry, you are not a member of this group, so you cannot take part in its contest.';
      for (const c of [outsider, applicant, bOwner, siteAdmin]) {
        const calls: (() => Promise<unknown>)[] = [
          () => c.api.getSubmissionDetail(submitted.submitId),
          () => c.api.getContestInfo(cid),
          () => c.api.getContestAccess(cid),
          () => c.api.registerContest({ cid }),
          () => c.api.getContestProblems(cid),
          () => c.api.getContestProblemDetails(cid, 'A'),
          () => c.api.getContestRank({ cid }),
          () => c.api.getContestOutsideScoreboard({ cid }),
          () => c.api.getContestSubmissions({ contestID: cid }),
          () => c.api.getContestAnnouncements({ cid }),
          () => c.api.submitProblemJudge({ pid: 'A', cid, language: 'Python3', code: 'print(1)' }),
        ];
        for (const call of calls) {
          const refused = await failure(call());
          expect([refused.httpStatus, refused.message]).toEqual([403, membersOnly]);
        }
      }
      expect((await failure(anon.api.getContestProblems(cid))).httpStatus).toBe(401);
      expect((await failure(anon.api.getContestOutsideScoreboard({ cid }))).httpStatus).toBe(401);
      expect((await root.api.getContestInfo(cid)).id).toBe(cid);
      // no public landing page for a group's contest
      const landing = await failure(anon.api.getContestHome({ contestId: cid }));
      expect(landing.httpStatus).toBe(404);
    });

    it('makes the author and the group’s roots its admins, not other group admins or site admins', async () => {
      for (const c of [gadmin, groot, owner, root]) {
        expect((await c.api.getContestAcInfo({ cid })).records).toEqual([]);
        expect((await c.api.getGroupContest(cid)).id).toBe(cid);
      }
      for (const c of [gadmin2, member]) {
        const refused = await failure(c.api.getContestAcInfo({ cid }));
        expect(refused.httpStatus).toBe(403);
        expect((await failure(c.api.getGroupContest(cid))).message).toBe(
          "Sorry, only the contest's author (while a group administrator), the group's owner and roots and the super administrator may manage it.",
        );
      }
      expect((await failure(siteAdmin.api.getContestAcInfo({ cid }))).httpStatus).toBe(403);
      // a group admin of group B cannot change group A's contest
      const fromB = await failure(bOwner.api.updateGroupContest({ ...contestForm(gidB), id: cid }));
      expect(fromB.httpStatus).toBe(403);
      expect((await failure(bOwner.api.changeGroupContestVisible(cid, false))).httpStatus).toBe(403);
      expect((await failure(bOwner.api.deleteGroupContest(cid))).httpStatus).toBe(403);
      // a contest admin sees a hidden contest; members do not
      await groot.api.changeGroupContestVisible(cid, false);
      expect((await failure(member.api.getContestInfo(cid))).httpStatus).toBe(404);
      expect((await gadmin.api.getContestInfo(cid)).id).toBe(cid);
      expect((await member.api.getGroupContestList({ gid: gidA })).total).toBe(0);
      await gadmin.api.changeGroupContestVisible(cid, true);
      const updated = await gadmin.api.updateGroupContest({
        ...contestForm(gidB),
        id: cid,
        title: 'Group round 2',
      });
      expect(updated).toMatchObject({ title: 'Group round 2', gid: gidA });
      // the site's console is for site contests and site roles
      expect((await failure(gadmin.api.adminGetContest(cid))).httpStatus).toBe(403);
      const siteContest = (await anon.api.getContestList({})).records[0]?.id ?? 0;
      const notGroup = await failure(root.api.getGroupContest(siteContest));
      expect([notGroup.httpStatus, notGroup.message]).toEqual([
        403,
        'This contest does not belong to a group: manage it in the admin console.',
      ]);
    });

    it('keeps the contest’s announcements for its admins to write and its members to read', async () => {
      const made = await gadmin.api.addGroupContestAnnouncement({
        cid,
        announcement: { title: 'Clarification', content: 'B reads two numbers.' },
      });
      expect((await member.api.getContestAnnouncements({ cid })).records.map((a) => a.title)).toEqual([
        'Clarification',
      ]);
      await groot.api.updateGroupContestAnnouncement({ cid, announcement: { id: made.id, status: 1 } });
      expect((await member.api.getContestAnnouncements({ cid })).total).toBe(0);
      expect((await gadmin.api.getGroupContestAnnouncementList({ cid })).total).toBe(1);
      expect((await failure(member.api.getGroupContestAnnouncementList({ cid }))).httpStatus).toBe(403);
      expect((await failure(bOwner.api.deleteGroupContestAnnouncement(made.id, cid))).httpStatus).toBe(403);
      await gadmin.api.deleteGroupContestAnnouncement(made.id, cid);
      expect((await gadmin.api.getGroupContestAnnouncementList({ cid })).total).toBe(0);
    });

    it('a removed member loses the contest and its cached board at once', async () => {
      // the board is cached after this read: the cache must not answer a non-member
      expect((await member.api.getContestRank({ cid })).total).toBeGreaterThanOrEqual(0);
      await removeMember(gidA, member);
      for (const call of [
        () => member.api.getContestInfo(cid),
        () => member.api.getContestRank({ cid }),
        () => member.api.getContestProblems(cid),
      ]) {
        expect((await failure(call())).httpStatus).toBe(403);
      }
      await addMember(gidA, member, GroupRole.MEMBER);
      expect((await member.api.getContestInfo(cid)).id).toBe(cid);
    });

    it('a banned group’s contest and training exist for the site’s root alone', async () => {
      await db().updateTable('group_info').set({ status: 1 }).where('id', '=', gidA).execute();
      expect((await failure(member.api.getContestInfo(cid))).httpStatus).toBe(404);
      expect((await failure(gadmin.api.getGroupContest(cid))).httpStatus).toBe(404);
      expect((await failure(member.api.getGroupContestList({ gid: gidA }))).httpStatus).toBe(404);
      expect((await root.api.getContestInfo(cid)).id).toBe(cid);
      await db().updateTable('group_info').set({ status: 0 }).where('id', '=', gidA).execute();
    });

    it('lets the contest’s admins take problems out and delete it', async () => {
      await gadmin.api.deleteGroupContestProblem(pids['1000'] ?? 0, cid);
      expect((await member.api.getContestProblems(cid)).map((p) => p.displayId)).toEqual(['B']);
      await owner.api.deleteGroupContest(cid);
      expect((await failure(member.api.getContestInfo(cid))).httpStatus).toBe(404);
    });

    it('speaks the caller’s language', async () => {
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(outsider.token);
      const refused = await failure(zh.api.getGroupContestList({ gid: gidA }));
      expect(refused.message).toBe('对不起，只有团队成员才能查看！');
    });
  });
});
