import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProblem } from '../../server/seeds/demo';
import type { DemoProblem } from '../../server/seeds/demo-problems';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { ProblemAuth } from '../../shared/constants/problems';
import { Role } from '../../shared/constants/roles';
import { zipFixture } from '../fixtures/packages/zip';
import { A_PLUS_B, failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * Who sees a problem (HOJ's problem.auth: 1 public, 2 private, 3 contest only): outside contests
 * private, contest-only and group problems exist for admins alone, in every call that shows a
 * problem or a submission of one; imports start private; root and problem admins publish them
 * with HOJ's change-problem-auth. Inside a contest, the contest decides (private problems for its
 * admins only). Nothing judges here: submissions are written straight into the judge table.
 */

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const CHANGE_AUTH = '/api/admin/problem/change-problem-auth';

const NOT_PUBLIC = 'This problem is not public.';
const GROUP = 'This problem belongs to a group: open it from the group.';
const SUBMISSION_HIDDEN = 'This submission belongs to a problem that is not public.';

/** Titles that must never reach anyone but admins while their problems are hidden. */
const SECRET_TITLES = ['Secret Private Title', 'Secret Contest Title', 'Secret Group Title'];

function problem(problemId: string, title: string, tags: string[] = []): DemoProblem {
  return {
    problemId,
    title,
    type: 0,
    timeLimit: 1000,
    memoryLimit: 128,
    difficulty: 1,
    description: `statement of ${title}`,
    input: 'i',
    output: 'o',
    hint: '',
    source: '',
    examples: [{ input: '1 2', output: '3' }],
    cases: [{ input: '1 2\n', output: '3\n', score: 0 }],
    tags,
  };
}

describe.each(DATABASES)('problem visibility on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let anon: TestClient;
  let root: TestClient;
  let admin: TestClient;
  let problemAdmin: TestClient;
  let alice: TestClient & { uid: string };
  let bob: TestClient & { uid: string };
  const pid: Record<string, number> = {};
  /** alice's submissions outside contests, by problem: one accepted, one wrong, one failed */
  const subs: Record<string, { ac: number; wa: number; se: number }> = {};
  const code = A_PLUS_B['C++'] ?? '';

  const db = () => server.server.ctx.db.kysely;

  async function addSubmission(uid: string, username: string, problemId: string, status: number) {
    const now = new Date().toISOString();
    const row = await db()
      .insertInto('judge')
      .values({
        pid: pid[problemId],
        display_pid: problemId,
        uid,
        username,
        submit_time: now,
        status,
        share: 0,
        time: 10,
        memory: 1024,
        length: code.length,
        code,
        language: 'C++',
        cid: 0,
        cpid: 0,
        is_manual: 0,
        attempt: 1,
        gmt_modified: now,
      })
      .returning('submit_id')
      .executeTakeFirstOrThrow();
    return row.submit_id;
  }

  const changeAuth = (c: TestClient, body: Record<string, unknown>) =>
    c.raw.requestRaw<null>('PUT', CHANGE_AUTH, { body, urlType: 'admin' });

  async function importPackage(file: Buffer, filename: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), filename);
    const res = await fetch(`${server.url}/api/file/import-kattis-problem`, {
      method: 'POST',
      headers: { Authorization: root.token ?? '' },
      body: form,
    });
    const body = (await res.json()) as {
      status: number;
      data: { problems: { pid: number; problemId: string }[] };
    };
    expect(body.status).toBe(200);
    return body.data.problems[0];
  }

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    anon = testClient(server.url);
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    admin = await userClient(server, 'vadmin', { roleId: Role.ADMIN });
    problemAdmin = await userClient(server, 'vproblems', { roleId: Role.PROBLEM_ADMIN });
    alice = await userClient(server, 'valice');
    bob = await userClient(server, 'vbob');

    const files = server.server.ctx.files;
    const ctxDb = server.server.ctx.db;
    pid.V1 = await insertProblem(ctxDb, files, problem('V1', 'Visible Sum', ['VisTag']));
    pid.H2 = await insertProblem(ctxDb, files, problem('H2', 'Secret Private Title', ['OnlyHiddenTag']));
    pid.C3 = await insertProblem(ctxDb, files, problem('C3', 'Secret Contest Title'));
    pid.G4 = await insertProblem(ctxDb, files, problem('G4', 'Secret Group Title'));
    pid.P5 = await insertProblem(ctxDb, files, problem('P5', 'Soon Hidden'));
    await db().updateTable('problem').set({ auth: ProblemAuth.PRIVATE }).where('id', '=', pid.H2).execute();
    await db().updateTable('problem').set({ auth: ProblemAuth.CONTEST }).where('id', '=', pid.C3).execute();
    // a group's problem: public inside its group, which does not make it public on the site
    await db().updateTable('problem').set({ gid: 7 }).where('id', '=', pid.G4).execute();

    for (const p of ['V1', 'H2', 'C3', 'G4']) {
      subs[p] = {
        ac: await addSubmission(alice.uid, 'valice', p, JudgeStatus.ACCEPTED),
        wa: await addSubmission(alice.uid, 'valice', p, JudgeStatus.WRONG_ANSWER),
        se: await addSubmission(alice.uid, 'valice', p, JudgeStatus.SYSTEM_ERROR),
      };
    }
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('changes a problem’s visibility at HOJ’s path: admins may hide, only root and problem admins publish', async () => {
    // HOJ's body is the problem entity: id and auth
    const hidden = await changeAuth(admin, { id: pid.P5, auth: ProblemAuth.PRIVATE });
    expect(hidden.msg).toBe("The problem's visibility has been changed.");
    expect(
      await db().selectFrom('problem').select('auth').where('id', '=', pid.P5).executeTakeFirstOrThrow(),
    ).toEqual({ auth: ProblemAuth.PRIVATE });
    expect((await failure(anon.api.getProblemDetail('P5'))).message).toBe(NOT_PUBLIC);

    const publishByAdmin = await failure(changeAuth(admin, { id: pid.P5, auth: ProblemAuth.PUBLIC }));
    expect([publishByAdmin.httpStatus, publishByAdmin.message]).toEqual([
      403,
      'Only root and problem admins may make a problem public.',
    ]);
    await changeAuth(problemAdmin, { pid: pid.P5, auth: ProblemAuth.CONTEST });
    await changeAuth(problemAdmin, { id: pid.P5, auth: ProblemAuth.PUBLIC });
    expect((await anon.api.getProblemDetail('P5')).problem.title).toBe('Soon Hidden');
    await changeAuth(root, { id: pid.P5, auth: ProblemAuth.PUBLIC });

    const byUser = await failure(changeAuth(alice, { id: pid.P5, auth: ProblemAuth.PRIVATE }));
    expect([byUser.httpStatus, byUser.message]).toEqual([403, 'You have no permission for this operation.']);
    expect((await failure(changeAuth(anon, { id: pid.P5, auth: ProblemAuth.PRIVATE }))).httpStatus).toBe(401);
    const badAuth = await failure(changeAuth(root, { id: pid.P5, auth: 4 }));
    expect([badAuth.httpStatus, badAuth.message]).toEqual([
      400,
      'The visibility must be 1 (public), 2 (private) or 3 (contest only).',
    ]);
    const noId = await failure(changeAuth(root, { auth: ProblemAuth.PRIVATE }));
    expect([noId.httpStatus, noId.message]).toEqual([400, 'The problem id is required.']);
    const missing = await failure(changeAuth(root, { id: 987654, auth: ProblemAuth.PRIVATE }));
    expect([missing.httpStatus, missing.message]).toEqual([404, 'The problem does not exist.']);
    expect((await anon.api.getProblemDetail('P5')).problem.auth).toBe(ProblemAuth.PUBLIC);
  });

  it('imports a package as private: only admins see it until it is published', async () => {
    const imported = await importPackage(zipFixture('kattis/sum', { folder: 'sum' }), 'sum.zip');
    expect((await anon.api.getProblemList({ keyword: 'Sum of Two' })).records).toEqual([]);
    expect((await failure(anon.api.getProblemDetail(imported.problemId))).message).toBe(NOT_PUBLIC);
    expect((await failure(alice.api.getProblemDetail(imported.problemId))).message).toBe(NOT_PUBLIC);
    const submit = await failure(
      alice.api.submitProblemJudge({ pid: imported.problemId, language: 'C++', code }),
    );
    expect([submit.httpStatus, submit.message]).toEqual([403, NOT_PUBLIC]);
    expect((await root.api.getProblemDetail(imported.problemId)).problem.auth).toBe(ProblemAuth.PRIVATE);

    await changeAuth(root, { id: imported.pid, auth: ProblemAuth.PUBLIC });
    const list = await anon.api.getProblemList({ keyword: 'Sum of Two' });
    expect(list.records.map((r) => r.problemId)).toEqual([imported.problemId]);
    expect((await alice.api.getProblemDetail(imported.problemId)).problem.title).toBe('Sum of Two');
  });

  it('keeps private, contest-only and group problems out of the list, the tags and the user home', async () => {
    for (const c of [anon, alice, admin]) {
      const ids = (await c.api.getProblemList({ limit: 100 })).records.map((r) => r.problemId);
      expect(ids).toContain('V1');
      for (const hidden of ['H2', 'C3', 'G4']) expect(ids).not.toContain(hidden);
    }
    const tags = (await anon.api.getProblemTagsAndClassification()).flatMap((g) =>
      g.tagList.map((t) => t.name),
    );
    expect(tags).toContain('VisTag');
    expect(tags).not.toContain('OnlyHiddenTag');
    const home = await anon.api.getUserHomeInfo({ username: 'valice' });
    expect(home.solvedList).toEqual(['V1']);
    expect(JSON.stringify(home)).not.toMatch(/Secret/);
  });

  it('refuses the page of a hidden problem to everyone but admins', async () => {
    for (const c of [anon, alice]) {
      expect((await failure(c.api.getProblemDetail('H2'))).message).toBe(NOT_PUBLIC);
      expect((await failure(c.api.getProblemDetail('C3'))).message).toBe(NOT_PUBLIC);
      expect((await failure(c.api.getProblemDetail('G4'))).message).toBe(GROUP);
    }
    for (const c of [root, admin, problemAdmin]) {
      expect((await c.api.getProblemDetail('H2')).problem.title).toBe('Secret Private Title');
    }
  });

  it('lists no submission of a hidden problem outside contests, not even to its author, and no title', async () => {
    const mine = await alice.api.getSubmissionList({ onlyMine: true, limit: 50 });
    expect(mine.total).toBe(3);
    expect(new Set(mine.records.map((r) => r.displayPid))).toEqual(new Set(['V1']));
    for (const c of [anon, bob]) {
      const all = await c.api.getSubmissionList({ limit: 100 });
      expect(all.records.filter((r) => r.uid === alice.uid).map((r) => r.displayPid)).toEqual([
        'V1',
        'V1',
        'V1',
      ]);
      for (const title of SECRET_TITLES) expect(JSON.stringify(all)).not.toContain(title);
      const byProblem = await c.api.getSubmissionList({ problemID: 'H2', completeProblemID: true });
      expect([byProblem.total, byProblem.records]).toEqual([0, []]);
    }
    // admins list every submission, with its title
    const forAdmin = await admin.api.getSubmissionList({ username: 'valice', limit: 50 });
    expect(forAdmin.total).toBe(12);
    expect(new Set(forAdmin.records.map((r) => r.title))).toEqual(new Set(['Visible Sum', ...SECRET_TITLES]));
  });

  it('refuses the detail, case results, polling, wrong case, sharing and resubmit of such a submission', async () => {
    for (const p of ['H2', 'C3', 'G4']) {
      const { wa, se } = subs[p];
      for (const c of [alice, bob, anon]) {
        const detail = await failure(c.api.getSubmissionDetail(wa));
        expect([detail.httpStatus, detail.message]).toEqual([403, SUBMISSION_HIDDEN]);
        expect((await failure(c.api.getAllCaseResult(wa))).message).toBe(SUBMISSION_HIDDEN);
        expect(await c.api.checkSubmissionsStatus([wa, subs.V1.wa])).toEqual({
          [String(subs.V1.wa)]: expect.objectContaining({ submitId: subs.V1.wa }),
        });
      }
      for (const c of [alice, bob]) {
        expect((await failure(c.api.getWrongCaseInfo(wa))).message).toBe(SUBMISSION_HIDDEN);
        const download = await fetch(`${server.url}/api/file/download-wrong-case?submitId=${wa}`, {
          headers: { Authorization: c.token ?? '', 'Accept-Language': 'en-US' },
        });
        expect(download.status).toBe(403);
        expect(((await download.json()) as { msg: string }).msg).toBe(SUBMISSION_HIDDEN);
      }
      const share = await failure(alice.api.updateSubmissionShare({ submitId: wa, share: true }));
      expect([share.httpStatus, share.message]).toEqual([403, SUBMISSION_HIDDEN]);
      expect((await failure(alice.api.resubmit(se))).message).toBe(SUBMISSION_HIDDEN);
      // admins see it all
      expect((await admin.api.getSubmissionDetail(wa)).submission.code).toBe(code);
      expect(await admin.api.checkSubmissionsStatus([wa])).toHaveProperty(String(wa));
    }
    // the visible problem's submissions are as before
    expect((await alice.api.getSubmissionDetail(subs.V1.wa)).submission.code).toBe(code);
    expect((await bob.api.getSubmissionDetail(subs.V1.wa)).submission.title).toBe('Visible Sum');
  });

  it('gives no last accepted code of a hidden or group problem outside contests', async () => {
    expect((await alice.api.getLastAcCode(pid.V1)).submitId).toBe(subs.V1.ac);
    const group = await failure(alice.api.getLastAcCode(pid.G4));
    expect([group.httpStatus, group.message]).toEqual([403, GROUP]);
    expect((await failure(alice.api.getLastAcCode(pid.H2))).message).toBe(NOT_PUBLIC);
    expect((await failure(alice.api.getLastAcCode(pid.C3))).message).toBe(NOT_PUBLIC);
    // admins may ask: the only refusal they get is for want of an accepted submission
    expect((await failure(admin.api.getLastAcCode(pid.G4))).message).toBe(
      "You haven't passed the problem so you cannot get the code passed recently",
    );
  });

  it('takes no submission or test run for a hidden or group problem outside contests', async () => {
    const carol = await userClient(server, 'vcarol');
    for (const [p, message] of [
      ['G4', GROUP],
      ['H2', NOT_PUBLIC],
      ['C3', NOT_PUBLIC],
    ] as const) {
      const submit = await failure(carol.api.submitProblemJudge({ pid: p, language: 'C++', code }));
      expect([submit.httpStatus, submit.message]).toEqual([403, message]);
      const run = await failure(
        carol.api.submitProblemTestJudge({
          pid: pid[p],
          language: 'C++',
          code,
          userInput: '1 2',
          type: 'public',
        }),
      );
      expect([run.httpStatus, run.message]).toEqual([403, message]);
    }
    expect(await db().selectFrom('judge').select('submit_id').where('uid', '=', carol.uid).execute()).toEqual(
      [],
    );
    expect(
      await db().selectFrom('test_judge').select('test_key').where('uid', '=', carol.uid).execute(),
    ).toEqual([]);
  });

  let cup: number | null = null;
  /** A running public contest with an open outside board: V1 as A, H2 (private) as B, C3 (contest only) as C. */
  async function visibilityCup(): Promise<number> {
    if (cup !== null) return cup;
    const c = await root.api.adminAddContest({
      title: 'Visibility Cup',
      description: '',
      type: 0,
      auth: 0,
      openRank: true,
      startTime: at(-HOUR),
      endTime: at(HOUR),
    });
    await root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pid.V1, displayId: 'A' });
    await root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pid.H2, displayId: 'B' });
    await root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pid.C3, displayId: 'C' });
    // adding made the private B contest-only; its admin closes it again, as before a contest's reveal
    await changeAuth(root, { id: pid.H2, auth: ProblemAuth.PRIVATE });
    cup = c.id;
    return cup;
  }

  it('lists a contest’s private problems on its public board for its admins only', async () => {
    const cid = await visibilityCup();
    const outside = await anon.api.getContestOutsideInfo(cid);
    expect(outside.problemList.map((p) => p.displayId)).toEqual(['A', 'C']);
    expect(JSON.stringify(outside)).not.toContain('Secret Private Title');
    expect((await alice.api.getContestOutsideInfo(cid)).problemList.map((p) => p.displayId)).toEqual([
      'A',
      'C',
    ]);
    const forRoot = await root.api.getContestOutsideInfo(cid);
    expect(forRoot.problemList.map((p) => p.displayId)).toEqual(['A', 'B', 'C']);
  });

  it('in a contest: test runs and submissions take its contest-only problems, not its private ones', async () => {
    const cid = await visibilityCup();
    const dave = await userClient(server, 'vdave');
    const run = (p: number) =>
      dave.api.submitProblemTestJudge({
        pid: p,
        cid,
        language: 'C++',
        code,
        userInput: '1 2',
        type: 'contest',
      });
    const privateRun = await failure(run(pid.H2));
    expect([privateRun.httpStatus, privateRun.message]).toEqual([
      403,
      'This problem of the contest is not open.',
    ]);
    expect(await run(pid.C3)).toMatch(/^TEST_JUDGE_/);
    const submission = await dave.api.submitProblemJudge({ pid: 'C', cid, language: 'C++', code });
    expect(submission).toMatchObject({ cid, displayPid: 'C', pid: pid.C3 });
    expect((await dave.api.getSubmissionDetail(submission.submitId)).submission.code).toBe(code);
    // outside the contest that submission stays unlisted
    const listed = await anon.api.getSubmissionList({ limit: 100 });
    expect(listed.records.map((r) => r.submitId)).not.toContain(submission.submitId);
  });

  it('opens a private problem to a contest it is added to, and to no one outside it', async () => {
    const privatePid = await insertProblem(
      server.server.ctx.db,
      server.server.ctx.files,
      problem('I7', 'Fresh From An Import'),
    );
    await db()
      .updateTable('problem')
      .set({ auth: ProblemAuth.PRIVATE })
      .where('id', '=', privatePid)
      .execute();
    const imported = { pid: privatePid, problemId: 'I7' };
    const c = await root.api.adminAddContest({
      title: 'Import Cup',
      description: '',
      type: 0,
      auth: 0,
      startTime: at(-HOUR),
      endTime: at(HOUR),
    });
    // an admin who is neither root, a problem admin nor its author leaves it private
    const other = await admin.api.adminAddContest({
      title: 'Other Cup',
      description: '',
      type: 0,
      auth: 0,
      startTime: at(-HOUR),
      endTime: at(HOUR),
    });
    await admin.api.adminAddContestProblemFromPublic({ cid: other.id, pid: imported.pid, displayId: 'A' });
    expect((await root.api.getProblemDetail(imported.problemId)).problem.auth).toBe(ProblemAuth.PRIVATE);

    await root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: imported.pid, displayId: 'A' });
    expect((await root.api.getProblemDetail(imported.problemId)).problem.auth).toBe(ProblemAuth.CONTEST);
    const erin = await userClient(server, 'verin');
    expect((await erin.api.getContestProblemDetails(c.id, 'A')).problem.title).toBe('Fresh From An Import');
    expect((await failure(erin.api.getProblemDetail(imported.problemId))).message).toBe(NOT_PUBLIC);
    // a public problem added to a contest stays public
    expect((await anon.api.getProblemDetail('V1')).problem.auth).toBe(ProblemAuth.PUBLIC);
  });

  it('hides a problem at once: its cached page and listed submissions go with it', async () => {
    const p6 = await insertProblem(
      server.server.ctx.db,
      server.server.ctx.files,
      problem('P6', 'Cached Soon Hidden'),
    );
    pid.P6 = p6;
    const sub = await addSubmission(bob.uid, 'vbob', 'P6', JudgeStatus.ACCEPTED);
    expect((await anon.api.getProblemDetail('P6')).problem.title).toBe('Cached Soon Hidden');
    expect((await bob.api.getSubmissionList({ onlyMine: true })).records.map((r) => r.submitId)).toContain(
      sub,
    );

    await changeAuth(root, { id: p6, auth: ProblemAuth.CONTEST });
    expect((await failure(anon.api.getProblemDetail('P6'))).message).toBe(NOT_PUBLIC);
    expect(
      (await bob.api.getSubmissionList({ onlyMine: true })).records.map((r) => r.submitId),
    ).not.toContain(sub);
  });
});
