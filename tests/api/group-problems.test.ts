import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupRole } from '../../shared/constants/groups';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { ProblemAuth } from '../../shared/constants/problems';
import { Role } from '../../shared/constants/roles';
import type { GroupProblemDtoForm } from '../../shared/schemas/group-problems';
import { makeZip } from '../fixtures/packages/zip';
import { A_PLUS_B, failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { insertJudgeRows } from '../helpers/judge-rows';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * A group's problems (docs/architecture.md, Group problems and judging): its admins write them at
 * HOJ's /api/group/* paths, its members open, submit and list them with `gid`, and nobody else sees
 * them anywhere: not the site's lists, searches, tags, random pick, home page, submission list or
 * ranks. Membership is read on every request, so a member who is removed loses it all at once.
 * Groups and members are rows written straight into the database; nothing judges here (verdicts
 * are set on the rows).
 */

const GROUP = 'This problem belongs to a group: open it from the group.';
const NOT_PUBLIC = 'This problem is not public.';
const SUBMISSION_HIDDEN = 'This submission belongs to a problem that is not public.';
const MEMBERS_ONLY = "Only the group's members may see its problems and submissions.";
const ADMINS_ONLY = "Only the group's admins may manage its problems.";
const NOT_EDITOR =
  "Only the group's root, or the problem's author while a group admin, may change this problem.";
const NO_GROUP = 'The group does not exist or has been banned.';
const NO_PERMISSION = 'You have no permission for this operation.';
const code = A_PLUS_B['C++'] ?? '';

function dto(problemId: string, extra: Partial<GroupProblemDtoForm['problem']> = {}): GroupProblemDtoForm {
  return {
    problem: {
      problemId,
      title: `Group sum ${problemId}`,
      timeLimit: 1000,
      memoryLimit: 256,
      description: 'Add $a$ and $b$.',
      examples: '<input>1 2</input><output>3</output>',
      auth: ProblemAuth.PUBLIC,
      ...extra,
    },
    samples: [{ input: '1 2\n', output: '3\n' }],
    tags: [{ name: 'Beginner' }, { name: 'ClubOnlyTag' }],
    languages: [{ name: 'C++' }, { name: 'Python3' }],
  };
}

describe.each(DATABASES)('group problems on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let anon: TestClient;
  let root: TestClient;
  let siteAdmin: TestClient;
  let problemAdmin: TestClient;
  /** owner of the club (group root) */
  let owner: TestClient & { uid: string };
  /** club admin (role 4) */
  let clubAdmin: TestClient & { uid: string };
  /** club member (role 3) */
  let alice: TestClient & { uid: string };
  /** applicant to the club (role 1): not a member */
  let applicant: TestClient & { uid: string };
  /** nobody in the club */
  let bob: TestClient & { uid: string };
  /** admin of the other team */
  let rival: TestClient & { uid: string };
  let club = 0;
  let other = 0;
  let banned = 0;
  /** the club's problems, by display id */
  const pid: Record<string, number> = {};
  let aliceSubmission = 0;

  const db = () => server.server.ctx.db.kysely;
  const now = () => new Date().toISOString();

  async function addGroup(
    shortName: string,
    groupName: string,
    ownerUser: { uid: string },
    ownerName: string,
  ) {
    const row = await db()
      .insertInto('group_info')
      .values({
        avatar: null,
        name: groupName,
        short_name: shortName,
        brief: 'a group',
        description: 'a group of people',
        owner: ownerName,
        uid: ownerUser.uid,
        auth: 1,
        visible: 1,
        status: 0,
        code: null,
        gmt_create: now(),
        gmt_modified: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addMember(row.id, ownerUser.uid, GroupRole.ROOT);
    return row.id;
  }

  async function addMember(gid: number, uid: string, auth: number) {
    await db()
      .insertInto('group_member')
      .values({ gid, uid, auth, reason: null, gmt_create: now(), gmt_modified: now() })
      .execute();
  }

  const removeMember = (gid: number, uid: string) =>
    db().deleteFrom('group_member').where('gid', '=', gid).where('uid', '=', uid).execute();

  /** the submit and test-run intervals, spent by the previous call */
  const clearRateLocks = () => db().deleteFrom('rate_lock').execute();

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    anon = testClient(server.url);
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    siteAdmin = await userClient(server, 'gsiteadmin', { roleId: Role.ADMIN });
    problemAdmin = await userClient(server, 'gproblems', { roleId: Role.PROBLEM_ADMIN });
    owner = await userClient(server, 'gowner');
    clubAdmin = await userClient(server, 'gclubadmin');
    alice = await userClient(server, 'galice');
    applicant = await userClient(server, 'gapplicant');
    bob = await userClient(server, 'gbob');
    rival = await userClient(server, 'grival');
    await db()
      .updateTable('user_info')
      .set({ realname: 'Alice Real' })
      .where('uuid', '=', alice.uid)
      .execute();

    club = await addGroup('ALGOC', 'Algorithm Club', owner, 'gowner');
    await addMember(club, clubAdmin.uid, GroupRole.ADMIN);
    await addMember(club, alice.uid, GroupRole.MEMBER);
    await addMember(club, applicant.uid, GroupRole.APPLICANT);
    other = await addGroup('OTHER', 'Other Team', rival, 'grival');
    banned = await addGroup('BANNED', 'Banned Team', bob, 'gbob');
    await db().updateTable('group_info').set({ status: 1 }).where('id', '=', banned).execute();
    await addMember(banned, alice.uid, GroupRole.MEMBER);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('lets a group’s admins add problems to it, under its short name, and no one else', async () => {
    const saved = await clubAdmin.api.addGroupProblem(dto('P1', { gid: club }));
    expect(saved.problemId).toBe('ALGOCP1');
    pid.ALGOCP1 = saved.pid;
    pid.ALGOCP2 = (
      await clubAdmin.api.addGroupProblem(dto('P2', { gid: club, auth: ProblemAuth.PRIVATE }))
    ).pid;
    pid.ALGOCP3 = (await owner.api.addGroupProblem(dto('P3', { gid: club }))).pid;
    pid.OTHERQ1 = (await rival.api.addGroupProblem(dto('Q1', { gid: other }))).pid;

    const row = await db()
      .selectFrom('problem')
      .select(['gid', 'author', 'auth', 'apply_public_progress'])
      .where('id', '=', pid.ALGOCP1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      gid: club,
      author: 'gclubadmin',
      auth: ProblemAuth.PUBLIC,
      apply_public_progress: null,
    });

    for (const [c, status, message] of [
      [alice, 403, ADMINS_ONLY],
      [applicant, 403, ADMINS_ONLY],
      [bob, 403, ADMINS_ONLY],
      [rival, 403, ADMINS_ONLY],
      [siteAdmin, 403, ADMINS_ONLY],
    ] as const) {
      const refused = await failure(c.api.addGroupProblem(dto('X9', { gid: club })));
      expect([refused.httpStatus, refused.message]).toEqual([status, message]);
    }
    expect((await failure(anon.api.addGroupProblem(dto('X9', { gid: club })))).httpStatus).toBe(401);
    const missing = await failure(clubAdmin.api.addGroupProblem(dto('X9', { gid: 987654 })));
    expect([missing.httpStatus, missing.message]).toEqual([404, NO_GROUP]);
    expect((await failure(clubAdmin.api.addGroupProblem(dto('X9')))).httpStatus).toBe(400);
    // the display id stays unique over the whole site
    const taken = await failure(clubAdmin.api.addGroupProblem(dto('P1', { gid: club })));
    expect(taken.httpStatus).toBe(400);
  });

  it('lists the group’s public problems to its members, every problem to its admins', async () => {
    const forAlice = await alice.api.getGroupProblemList({ gid: club });
    expect(forAlice.records.map((r) => r.problemId)).toEqual(['ALGOCP1', 'ALGOCP3']);
    expect(forAlice.records[0]).toMatchObject({ total: 0, ac: 0, myStatus: JudgeStatus.NOT_SUBMITTED });
    expect(forAlice.records[0]?.tags.map((t) => t.name).sort()).toEqual(['Beginner', 'ClubOnlyTag']);

    const forAdmin = await clubAdmin.api.getGroupAdminProblemList({ gid: club });
    expect(forAdmin.records.map((r) => [r.problemId, r.auth, r.applyPublicProgress])).toEqual([
      ['ALGOCP3', ProblemAuth.PUBLIC, null],
      ['ALGOCP2', ProblemAuth.PRIVATE, null],
      ['ALGOCP1', ProblemAuth.PUBLIC, null],
    ]);
    expect((await root.api.getGroupAdminProblemList({ gid: club })).total).toBe(3);

    for (const c of [applicant, bob, rival, siteAdmin]) {
      const refused = await failure(c.api.getGroupProblemList({ gid: club }));
      expect([refused.httpStatus, refused.message]).toEqual([403, MEMBERS_ONLY]);
    }
    expect((await failure(anon.api.getGroupProblemList({ gid: club }))).httpStatus).toBe(401);
    const notAdmin = await failure(alice.api.getGroupAdminProblemList({ gid: club }));
    expect([notAdmin.httpStatus, notAdmin.message]).toEqual([403, ADMINS_ONLY]);
    // a banned group exists for the site's root alone, its members included
    const gone = await failure(alice.api.getGroupProblemList({ gid: banned }));
    expect([gone.httpStatus, gone.message]).toEqual([404, NO_GROUP]);
    expect((await root.api.getGroupProblemList({ gid: banned })).records).toEqual([]);
  });

  it('opens a group’s problem to its members (its private ones to its admins) and refuses everyone else', async () => {
    for (const c of [alice, clubAdmin, owner, root, siteAdmin]) {
      expect((await c.api.getProblemDetail('ALGOCP1', club)).problem.title).toBe('Group sum P1');
    }
    // HOJ's client sends gid; the problem's own group decides either way
    expect((await alice.api.getProblemDetail('ALGOCP1')).problem.gid).toBe(club);
    for (const c of [anon, bob, applicant, rival]) {
      const refused = await failure(c.api.getProblemDetail('ALGOCP1', club));
      expect([refused.httpStatus, refused.message]).toEqual([403, GROUP]);
    }
    const privateOne = await failure(alice.api.getProblemDetail('ALGOCP2', club));
    expect([privateOne.httpStatus, privateOne.message]).toEqual([403, NOT_PUBLIC]);
    expect((await clubAdmin.api.getProblemDetail('ALGOCP2', club)).problem.auth).toBe(ProblemAuth.PRIVATE);
    // the problem page's small calls follow the page
    expect((await alice.api.adminGetProblemTags(pid.ALGOCP1)).map((t) => t.name).sort()).toEqual([
      'Beginner',
      'ClubOnlyTag',
    ]);
    expect((await failure(bob.api.adminGetProblemTags(pid.ALGOCP1))).message).toBe(GROUP);
  });

  it('keeps the group’s problems and tags out of every public list, search and pick', async () => {
    for (const c of [anon, alice, root]) {
      const ids = (await c.api.getProblemList({ limit: 100 })).records.map((r) => r.problemId);
      expect(ids).toContain('1000');
      expect(ids.filter((id) => id.startsWith('ALGOC') || id.startsWith('OTHER'))).toEqual([]);
      expect((await c.api.getProblemList({ keyword: 'ALGOC' })).total).toBe(0);
      expect((await c.api.getProblemList({ keyword: 'Group sum' })).total).toBe(0);
    }
    const tags = (await anon.api.getProblemTagsAndClassification()).flatMap((g) =>
      g.tagList.map((t) => t.name),
    );
    expect(tags).toContain('Beginner');
    expect(tags).not.toContain('ClubOnlyTag');
    // the editor's picker: the site's tags for the console, the group's own for the group's admins
    expect((await root.api.adminGetAllProblemTags()).map((t) => t.name)).not.toContain('ClubOnlyTag');
    const clubTags = await clubAdmin.api.getGroupProblemTagList(club);
    expect(clubTags.find((t) => t.name === 'ClubOnlyTag')?.gid).toBe(club);
    expect(clubTags.find((t) => t.name === 'Beginner')?.gid).toBeNull();
    expect(clubTags.map((t) => t.gid).filter((g) => g === other)).toEqual([]);
    expect((await failure(alice.api.getGroupProblemTagList(club))).message).toBe(ADMINS_ONLY);
    expect((await failure(rival.api.getGroupProblemTagList(club))).message).toBe(ADMINS_ONLY);

    const recent = (await anon.api.getRecentUpdatedProblems()).map((p) => p.problemId);
    expect(recent.filter((id) => id.startsWith('ALGOC'))).toEqual([]);

    // with every site problem hidden, the random pick has nothing left: the group's are not offered
    const site = await db().selectFrom('problem').select(['id', 'auth']).where('gid', 'is', null).execute();
    await db().updateTable('problem').set({ auth: ProblemAuth.PRIVATE }).where('gid', 'is', null).execute();
    try {
      const none = await failure(anon.api.getRandomProblem());
      expect(none.httpStatus).toBe(400);
    } finally {
      for (const p of site)
        await db().updateTable('problem').set({ auth: p.auth }).where('id', '=', p.id).execute();
    }
  });

  it('takes a member’s submission inside the group only, filed under the group', async () => {
    await clearRateLocks();
    const outside = await failure(alice.api.submitProblemJudge({ pid: 'ALGOCP1', language: 'C++', code }));
    expect([outside.httpStatus, outside.message]).toEqual([
      403,
      "This problem belongs to a group: submit it from the group's problem list.",
    ]);
    const wrongGroup = await failure(
      alice.api.submitProblemJudge({ pid: 'ALGOCP1', language: 'C++', code, gid: other }),
    );
    expect([wrongGroup.httpStatus, wrongGroup.message]).toEqual([
      404,
      "The problem is not one of this group's problems.",
    ]);
    for (const c of [bob, applicant, rival]) {
      const refused = await failure(
        c.api.submitProblemJudge({ pid: 'ALGOCP1', language: 'C++', code, gid: club }),
      );
      expect([refused.httpStatus, refused.message]).toEqual([403, GROUP]);
    }
    const submitted = await alice.api.submitProblemJudge({
      pid: 'ALGOCP1',
      language: 'C++',
      code,
      gid: club,
    });
    expect(submitted).toMatchObject({ gid: club, cid: 0, displayPid: 'ALGOCP1' });
    aliceSubmission = submitted.submitId;
    await db()
      .updateTable('judge')
      .set({ status: JudgeStatus.ACCEPTED, time: 5, memory: 1024 })
      .where('submit_id', '=', aliceSubmission)
      .execute();

    // test runs: from the group's page, or the problem's own
    await clearRateLocks();
    const run = { pid: pid.ALGOCP1, language: 'C++', code, userInput: '1 2' };
    expect(await alice.api.submitProblemTestJudge({ ...run, type: 'group', gid: club })).toMatch(
      /^TEST_JUDGE_/,
    );
    await clearRateLocks();
    const mismatch = await failure(alice.api.submitProblemTestJudge({ ...run, type: 'group', gid: other }));
    expect(mismatch.httpStatus).toBe(404);
    const bobRun = await failure(bob.api.submitProblemTestJudge({ ...run, type: 'group', gid: club }));
    expect([bobRun.httpStatus, bobRun.message]).toEqual([403, GROUP]);
  });

  it('shows the group’s status list to its members, with real names for its admins', async () => {
    const forAlice = await alice.api.getSubmissionList({ gid: club });
    expect(forAlice.records.map((r) => r.submitId)).toEqual([aliceSubmission]);
    expect(forAlice.records[0]).not.toHaveProperty('realname');
    const forAdmin = await clubAdmin.api.getSubmissionList({ gid: club });
    expect(forAdmin.records[0]).toMatchObject({ submitId: aliceSubmission, realname: 'Alice Real' });
    expect((await root.api.getSubmissionList({ gid: club })).records[0]?.realname).toBe('Alice Real');
    // the group's admins may search by author, as site admins do
    expect((await clubAdmin.api.getSubmissionList({ gid: club, username: 'galice' })).total).toBe(1);
    // a member names only themselves (that is the Mine filter)
    expect((await alice.api.getSubmissionList({ gid: club, username: 'galice' })).total).toBe(1);
    expect((await failure(alice.api.getSubmissionList({ gid: club, username: 'gowner' }))).httpStatus).toBe(
      403,
    );

    for (const c of [bob, applicant, rival, siteAdmin]) {
      const refused = await failure(c.api.getSubmissionList({ gid: club }));
      expect([refused.httpStatus, refused.message]).toEqual([403, MEMBERS_ONLY]);
    }
    expect((await failure(anon.api.getSubmissionList({ gid: club }))).httpStatus).toBe(401);

    // never on the site's list, not even the submitter's own
    for (const c of [anon, alice, root]) {
      const all = await c.api.getSubmissionList({ limit: 100 });
      expect(all.records.map((r) => r.submitId)).not.toContain(aliceSubmission);
    }
    expect((await alice.api.getSubmissionList({ onlyMine: true })).total).toBe(0);
  });

  it('gives the group’s members its submissions and their statuses, others nothing', async () => {
    const detail = await alice.api.getSubmissionDetail(aliceSubmission);
    expect(detail.submission).toMatchObject({ gid: club, code, title: 'Group sum P1' });
    // a member sees another's submission, without its code; the group's root reads the code (HOJ)
    const other = await clubAdmin.api.getSubmissionDetail(aliceSubmission);
    expect(other.submission.code).toBeNull();
    expect((await owner.api.getSubmissionDetail(aliceSubmission)).submission.code).toBe(code);
    expect(await alice.api.getAllCaseResult(aliceSubmission)).toMatchObject({ judgeCaseList: [] });
    expect(await alice.api.checkSubmissionsStatus([aliceSubmission])).toHaveProperty(String(aliceSubmission));
    expect((await alice.api.getLastAcCode(pid.ALGOCP1)).submitId).toBe(aliceSubmission);

    for (const c of [bob, applicant, anon]) {
      const refused = await failure(c.api.getSubmissionDetail(aliceSubmission));
      expect([refused.httpStatus, refused.message]).toEqual([403, SUBMISSION_HIDDEN]);
      expect((await failure(c.api.getAllCaseResult(aliceSubmission))).message).toBe(SUBMISSION_HIDDEN);
      expect(await c.api.checkSubmissionsStatus([aliceSubmission])).toEqual({});
    }
    expect((await failure(bob.api.getLastAcCode(pid.ALGOCP1))).message).toBe(GROUP);

    // statuses: inside the group with gid; outside groups the group's submissions do not count
    const inGroup = await alice.api.getUserProblemStatus({ pidList: [pid.ALGOCP1, pid.ALGOCP3], gid: club });
    expect(inGroup).toEqual({
      [String(pid.ALGOCP1)]: { status: JudgeStatus.ACCEPTED, score: null },
      [String(pid.ALGOCP3)]: { status: JudgeStatus.NOT_SUBMITTED, score: null },
    });
    const outside = await alice.api.getUserProblemStatus({ pidList: [pid.ALGOCP1] });
    expect(outside[String(pid.ALGOCP1)]?.status).toBe(JudgeStatus.NOT_SUBMITTED);
    const bobStatus = await failure(bob.api.getUserProblemStatus({ pidList: [pid.ALGOCP1], gid: club }));
    expect([bobStatus.httpStatus, bobStatus.message]).toEqual([403, MEMBERS_ONLY]);

    // the group's counts and the caller's status on its list and page
    const listed = (await alice.api.getGroupProblemList({ gid: club })).records[0];
    expect(listed).toMatchObject({ problemId: 'ALGOCP1', total: 1, ac: 1, myStatus: JudgeStatus.ACCEPTED });
    const page = await alice.api.getProblemDetail('ALGOCP1', club);
    expect([page.problemCount.total, page.problemCount.ac, page.myStatus]).toEqual([
      1,
      1,
      JudgeStatus.ACCEPTED,
    ]);
  });

  it('counts no group submission in the site’s ranks or the user home', async () => {
    const at = now();
    await insertJudgeRows(server.server.ctx.db, [
      {
        uid: bob.uid,
        username: 'gbob',
        pid: pid.ALGOCP3,
        displayPid: 'ALGOCP3',
        status: 0,
        submitTime: at,
        gid: club,
      },
      { uid: bob.uid, username: 'gbob', pid: 1, displayPid: '1000', status: 0, submitTime: at },
    ]);
    const rows = await db()
      .selectFrom('judge')
      .select(['submit_id', 'pid'])
      .where('uid', '=', bob.uid)
      .execute();
    for (const r of rows) {
      server.server.ctx.queue.events.emit('judged', {
        submitId: r.submit_id,
        pid: r.pid,
        cid: 0,
        uid: bob.uid,
        status: 0,
        manual: false,
      });
    }
    await server.server.ctx.caches.ranks.keeper.idle();
    const rank = await anon.api.getAcmRank({ searchUser: 'gbob' });
    expect(rank.records.map((r) => [r.username, r.ac])).toEqual([['gbob', 1]]);
    expect((await anon.api.getUserHomeInfo({ username: 'gbob' })).solvedList).toEqual(['1000']);
    expect((await anon.api.getUserHomeInfo({ username: 'galice' })).solvedList).toEqual([]);
  });

  it('lets the group’s root and a problem’s author (still an admin) change it; no one else', async () => {
    // HOJ's editor sends the id without the short name, which stays in front
    const edited = await clubAdmin.api.updateGroupProblem({
      ...dto('P1', { id: pid.ALGOCP1, title: 'Renamed by its author' }),
    });
    expect(edited.problemId).toBe('ALGOCP1');
    // the cached page changes at once for the group's members
    expect((await alice.api.getProblemDetail('ALGOCP1', club)).problem.title).toBe('Renamed by its author');
    const read = await clubAdmin.api.getGroupProblem(pid.ALGOCP1);
    expect(read).toMatchObject({ problemId: 'ALGOCP1', gid: club, isUploadCase: false });
    expect((await clubAdmin.api.getGroupProblemCases(pid.ALGOCP1)).map((c) => c.inputPreview)).toEqual([
      '1 2\n',
    ]);
    expect(
      (await owner.api.updateGroupProblem(dto('P3', { id: pid.ALGOCP3, title: 'By the root' }))).problemId,
    ).toBe('ALGOCP3');
    expect((await root.api.getGroupProblem(pid.ALGOCP3)).title).toBe('By the root');

    // an admin of the group who did not write it, a member, another group's admin, a site admin
    for (const [c, p] of [
      [clubAdmin, pid.ALGOCP3],
      [alice, pid.ALGOCP1],
      [rival, pid.ALGOCP1],
      [siteAdmin, pid.ALGOCP1],
    ] as const) {
      const edit = await failure(c.api.updateGroupProblem(dto('P9', { id: p })));
      expect([edit.httpStatus, edit.message]).toEqual([403, NOT_EDITOR]);
      expect((await failure(c.api.getGroupProblem(p))).message).toBe(NOT_EDITOR);
      expect((await failure(c.api.getGroupProblemCases(p))).message).toBe(NOT_EDITOR);
      expect((await failure(c.api.deleteGroupProblem(p))).message).toBe(NOT_EDITOR);
      expect((await failure(c.api.changeGroupProblemAuth(p, ProblemAuth.PRIVATE))).message).toBe(NOT_EDITOR);
      expect((await failure(c.api.applyGroupProblemPublic(p, true))).message).toBe(NOT_EDITOR);
    }
    // the group's calls are for the group's problems only
    const siteProblem = await failure(root.api.getGroupProblem(1));
    expect([siteProblem.httpStatus, siteProblem.message]).toEqual([
      404,
      'This problem does not belong to a group.',
    ]);

    // visibility inside the group
    await clubAdmin.api.changeGroupProblemAuth(pid.ALGOCP1, ProblemAuth.PRIVATE);
    expect((await failure(alice.api.getProblemDetail('ALGOCP1', club))).message).toBe(NOT_PUBLIC);
    expect((await alice.api.getGroupProblemList({ gid: club })).records.map((r) => r.problemId)).toEqual([
      'ALGOCP3',
    ]);
    await clubAdmin.api.changeGroupProblemAuth(pid.ALGOCP1, ProblemAuth.PUBLIC);
    expect((await alice.api.getProblemDetail('ALGOCP1', club)).problem.auth).toBe(ProblemAuth.PUBLIC);

    // an author who is no longer the group's admin loses the problem
    await db()
      .updateTable('group_member')
      .set({ auth: GroupRole.MEMBER })
      .where('gid', '=', club)
      .where('uid', '=', clubAdmin.uid)
      .execute();
    expect((await failure(clubAdmin.api.getGroupProblem(pid.ALGOCP1))).message).toBe(NOT_EDITOR);
    await db()
      .updateTable('group_member')
      .set({ auth: GroupRole.ADMIN })
      .where('gid', '=', club)
      .where('uid', '=', clubAdmin.uid)
      .execute();
  });

  it('takes test data and compiles checkers for the group’s admins', async () => {
    const form = () => {
      const f = new FormData();
      const zip = makeZip([
        { name: '1.in', data: '5 6\n' },
        { name: '1.out', data: '11\n' },
      ]);
      f.append('file', new Blob([new Uint8Array(zip)]), 'data.zip');
      return f;
    };
    const upload = (c: TestClient, gid: number) =>
      c.raw.request<{ fileListDir: string }>('POST', c.api.groupTestcaseUploadPath(gid), { body: form() });
    const staged = await upload(clubAdmin, club);
    const saved = await clubAdmin.api.addGroupProblem({
      ...dto('Z1', { gid: club }),
      isUploadTestCase: true,
      uploadTestcaseDir: staged.fileListDir,
      samples: [{ input: '1.in', output: '1.out', score: 0 }],
    });
    expect((await clubAdmin.api.getGroupProblemCases(saved.pid)).map((c) => c.input)).toEqual(['1.in']);
    for (const c of [alice, rival]) {
      const refused = await failure(upload(c, club));
      expect([refused.httpStatus, refused.message]).toEqual([403, ADMINS_ONLY]);
    }
    // without gid the upload stays the console's
    expect((await failure(clubAdmin.api.adminUploadTestcaseZip(form()))).httpStatus).toBe(403);

    const download = (c: TestClient) =>
      fetch(`${server.url}/api/file/download-testcase?pid=${saved.pid}`, {
        headers: { Authorization: c.token ?? '', 'Accept-Language': 'en-US' },
      });
    const zip = await download(clubAdmin);
    expect([zip.status, zip.headers.get('content-type')]).toEqual([200, 'application/zip']);
    expect((await download(alice)).status).toBe(403);

    const empty = await failure(clubAdmin.api.groupCompileSpj({ code: '', language: 'C++' }, club));
    expect([empty.httpStatus, empty.message]).toEqual([400, "The checker's code and language are required."]);
    const member = await failure(
      alice.api.groupCompileInteractive({ code: 'int main(){}', language: 'C++' }, club),
    );
    expect([member.httpStatus, member.message]).toEqual([403, ADMINS_ONLY]);
    expect((await failure(rival.api.groupCompileSpj({ code: 'x', language: 'C++' }, club))).message).toBe(
      ADMINS_ONLY,
    );

    await clubAdmin.api.deleteGroupProblem(saved.pid);
    expect(await db().selectFrom('problem').select('id').where('id', '=', saved.pid).execute()).toEqual([]);
  });

  it('publishes a group’s problem when root agrees to its request, and takes it back', async () => {
    const ask = await clubAdmin.raw.requestRaw<null>('PUT', '/api/group/apply-public', {
      query: { pid: pid.ALGOCP1, isApplied: true },
    });
    expect(ask.msg).toBe('The request to make the problem public has been sent.');
    expect((await failure(anon.api.getProblemDetail('ALGOCP1'))).message).toBe(GROUP);

    const requests = await root.api.adminGetGroupApplyProblemList({});
    expect(requests.records.map((r) => [r.problemId, r.gid, r.groupName, r.applyPublicProgress])).toEqual([
      ['ALGOCP1', club, 'Algorithm Club', 1],
    ]);
    expect((await problemAdmin.api.adminGetGroupApplyProblemList({ keyword: 'ALGOC' })).total).toBe(1);
    expect((await root.api.adminGetGroupApplyProblemList({ gid: other })).total).toBe(0);
    for (const c of [siteAdmin, clubAdmin, owner]) {
      const refused = await failure(c.api.adminGetGroupApplyProblemList({}));
      expect([refused.httpStatus, refused.message]).toEqual([403, NO_PERMISSION]);
      expect(
        (await failure(c.api.adminChangeGroupProblemApplyProgress({ pid: pid.ALGOCP1, progress: 2 })))
          .httpStatus,
      ).toBe(403);
    }
    const bad = await failure(
      root.api.adminChangeGroupProblemApplyProgress({ pid: pid.ALGOCP1, progress: 4 }),
    );
    expect([bad.httpStatus, bad.message]).toEqual([
      400,
      'The progress must be 1 (applied), 2 (agreed) or 3 (refused).',
    ]);
    const notGroup = await failure(root.api.adminChangeGroupProblemApplyProgress({ pid: 1, progress: 2 }));
    expect(notGroup.httpStatus).toBe(400);

    // agreed: public on the site, and still the group's
    await root.api.adminChangeGroupProblemApplyProgress({ pid: pid.ALGOCP1, progress: 2 });
    expect((await anon.api.getProblemList({ keyword: 'ALGOCP1' })).records.map((r) => r.problemId)).toEqual([
      'ALGOCP1',
    ]);
    expect((await anon.api.getProblemDetail('ALGOCP1')).problem.gid).toBe(club);
    expect((await bob.api.getSubmissionDetail(aliceSubmission)).submission.code).toBeNull();
    expect((await alice.api.getGroupProblemList({ gid: club })).records.map((r) => r.problemId)).toContain(
      'ALGOCP1',
    );
    // a submission from the site's page is the site's (HOJ: is_group off)
    await clearRateLocks();
    const open = await bob.api.submitProblemJudge({ pid: 'ALGOCP1', language: 'C++', code });
    expect(open.gid).toBeNull();
    expect(
      (await anon.api.getSubmissionList({ problemID: 'ALGOCP1', completeProblemID: true })).records.map(
        (r) => r.submitId,
      ),
    ).toEqual([open.submitId]);

    // refused: the group's alone again
    await problemAdmin.api.adminChangeGroupProblemApplyProgress({ pid: pid.ALGOCP1, progress: 3 });
    expect((await anon.api.getProblemList({ keyword: 'ALGOCP1' })).total).toBe(0);
    expect((await failure(anon.api.getProblemDetail('ALGOCP1'))).message).toBe(GROUP);
    expect((await failure(bob.api.getSubmissionDetail(open.submitId))).message).toBe(SUBMISSION_HIDDEN);

    // withdrawn by the group: no request left
    await root.api.adminChangeGroupProblemApplyProgress({ pid: pid.ALGOCP1, progress: 2 });
    const withdrawn = await clubAdmin.raw.requestRaw<null>('PUT', '/api/group/apply-public', {
      query: { pid: pid.ALGOCP1, isApplied: false },
    });
    expect(withdrawn.msg).toBe('The request to make the problem public has been withdrawn.');
    expect((await root.api.adminGetGroupApplyProblemList({})).total).toBe(0);
    expect((await failure(anon.api.getProblemDetail('ALGOCP1'))).message).toBe(GROUP);
  });

  it('takes everything away from a member removed from the group, at once', async () => {
    // everything is read (and cached) while alice is a member
    expect((await alice.api.getSubmissionList({ gid: club })).total).toBeGreaterThan(0);
    await alice.api.getProblemDetail('ALGOCP1', club);
    await alice.api.getGroupProblemList({ gid: club });

    await removeMember(club, alice.uid);
    expect((await failure(alice.api.getProblemDetail('ALGOCP1', club))).message).toBe(GROUP);
    expect((await failure(alice.api.getGroupProblemList({ gid: club }))).message).toBe(MEMBERS_ONLY);
    expect((await failure(alice.api.getSubmissionList({ gid: club }))).message).toBe(MEMBERS_ONLY);
    expect((await failure(alice.api.getSubmissionDetail(aliceSubmission))).message).toBe(SUBMISSION_HIDDEN);
    expect((await failure(alice.api.getAllCaseResult(aliceSubmission))).message).toBe(SUBMISSION_HIDDEN);
    expect(await alice.api.checkSubmissionsStatus([aliceSubmission])).toEqual({});
    expect((await failure(alice.api.getLastAcCode(pid.ALGOCP1))).message).toBe(GROUP);
    expect(
      (await failure(alice.api.getUserProblemStatus({ pidList: [pid.ALGOCP1], gid: club }))).message,
    ).toBe(MEMBERS_ONLY);
    await clearRateLocks();
    expect(
      (await failure(alice.api.submitProblemJudge({ pid: 'ALGOCP1', language: 'C++', code, gid: club })))
        .message,
    ).toBe(GROUP);

    // back in the group, back in
    await addMember(club, alice.uid, GroupRole.MEMBER);
    expect((await alice.api.getSubmissionDetail(aliceSubmission)).submission.code).toBe(code);
  });
});
