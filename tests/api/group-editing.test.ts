import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplyPublicProgress, GroupAuth, GroupRole } from '../../shared/constants/groups';
import { ProblemAuth } from '../../shared/constants/problems';
import { Role } from '../../shared/constants/roles';
import { TrainingAuth } from '../../shared/constants/trainings';
import type { GroupProblemDtoForm } from '../../shared/schemas/group-problems';
import { makeZip } from '../fixtures/packages/zip';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * The console's editors inside a group (docs/architecture.md, Group screens): the web app's group
 * scope reads and writes a group's problem, training and contest through HOJ's group calls exactly as
 * these tests do, and root answers the requests to publish a group's problem in the console. Who may
 * is the server's alone: another group's admins, the group's members and its other admins are refused
 * (403), a group that does not exist is a 404.
 */

const NOT_EDITOR =
  "Only the group's root, or the problem's author while a group admin, may change this problem.";
const ADMINS_ONLY = "Only the group's admins may manage its problems.";
const NO_GROUP = 'The group does not exist or has been banned.';
const NOT_YOUR_TRAINING =
  "Sorry, only the training's author (while a group administrator), the group's owner and roots and the super administrator may manage it.";
const NOT_YOUR_CONTEST =
  "Sorry, only the contest's author (while a group administrator), the group's owner and roots and the super administrator may manage it.";
const MISSING = 987_654;

describe.each(DATABASES)('a group’s content in the console’s editors on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let anon: TestClient;
  let problemAdmin: TestClient;
  let siteAdmin: TestClient;
  /** the club's owner (a group root) */
  let owner: TestClient & { uid: string };
  /** a club admin who writes the content below */
  let author: TestClient & { uid: string };
  /** another club admin */
  let colleague: TestClient & { uid: string };
  let member: TestClient & { uid: string };
  /** the root of another group */
  let rival: TestClient & { uid: string };
  let club = 0;
  let rivalGroup = 0;
  let pid = 0;
  let cppId = 0;
  let category = 0;

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
        auth: GroupAuth.PUBLIC,
        visible: 1,
        status: 0,
        code: null,
        gmt_create: now(),
        gmt_modified: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addMember(row.id, ownerClient, GroupRole.ROOT);
    return row.id;
  }
  const addMember = (gid: number, who: { uid: string }, auth: number) =>
    db()
      .insertInto('group_member')
      .values({ gid, uid: who.uid, auth, reason: null, gmt_create: now(), gmt_modified: now() })
      .execute();

  const dto = (
    problemId: string,
    extra: Partial<GroupProblemDtoForm['problem']> = {},
  ): GroupProblemDtoForm => ({
    problem: {
      problemId,
      title: `Club sum ${problemId}`,
      timeLimit: 1000,
      memoryLimit: 256,
      description: 'Add $a$ and $b$.',
      examples: '<input>1 2</input><output>3</output>',
      auth: ProblemAuth.PRIVATE,
      gid: club,
      ...extra,
    },
    isUploadTestCase: false,
    samples: [
      { input: '1 2\n', output: '3\n', score: 40 },
      { input: '5 6\n', output: '11\n', score: 60 },
    ],
    tags: [{ name: 'Beginner' }, { name: 'ClubEditorTag' }],
    languages: [{ name: 'C++' }, { name: 'Python3' }],
    codeTemplates: [{ lid: cppId, code: '// club template\n', status: true }],
  });

  const zipForm = () => {
    const form = new FormData();
    const zip = makeZip([
      { name: 'a.in', data: '7 8\n' },
      { name: 'a.out', data: '15\n' },
      { name: 'b.in', data: '1 1\n' },
      { name: 'b.out', data: '2\n' },
    ]);
    form.append('file', new Blob([new Uint8Array(zip)]), 'data.zip');
    return form;
  };
  const upload = (c: TestClient, gid: number) =>
    c.raw.request<{ fileListDir: string; fileList: { input: string; output: string }[] }>(
      'POST',
      c.api.groupTestcaseUploadPath(gid),
      { body: zipForm() },
    );

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    anon = testClient(server.url);
    problemAdmin = await userClient(server, 'geproblems', { roleId: Role.PROBLEM_ADMIN });
    siteAdmin = await userClient(server, 'gesiteadmin', { roleId: Role.ADMIN });
    owner = await userClient(server, 'geowner');
    author = await userClient(server, 'geauthor');
    colleague = await userClient(server, 'gecolleague');
    member = await userClient(server, 'gemember');
    rival = await userClient(server, 'gerival');
    club = await insertGroup('EDITC', owner, 'geowner');
    rivalGroup = await insertGroup('RIVAL', rival, 'gerival');
    await addMember(club, author, GroupRole.ADMIN);
    await addMember(club, colleague, GroupRole.ADMIN);
    await addMember(club, member, GroupRole.MEMBER);
    cppId = (await anon.api.getLanguages()).find((l) => l.name === 'C++')?.id ?? 0;
    expect(cppId).toBeGreaterThan(0);
    category = (await anon.api.getTrainingCategories())[0]?.id ?? 0;
    expect(category).toBeGreaterThan(0);
    pid = (await author.api.addGroupProblem(dto('P1'))).pid;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('a problem', () => {
    it('opens a hidden group problem for its author with everything the editor reads', async () => {
      const problem = await author.api.getGroupProblem(pid);
      expect([problem.problemId, problem.gid, problem.auth, problem.isUploadCase]).toEqual([
        'EDITCP1',
        club,
        ProblemAuth.PRIVATE,
        false,
      ]);
      const cases = await author.api.getGroupProblemCases(pid);
      expect(cases.map((c) => [c.inputPreview, c.score])).toEqual([
        ['1 2\n', 40],
        ['5 6\n', 60],
      ]);
      expect((await author.api.adminGetProblemTags(pid)).map((t) => t.name).sort()).toEqual([
        'Beginner',
        'ClubEditorTag',
      ]);
      expect((await author.api.adminGetProblemCodeTemplates(pid)).map((t) => [t.language, t.code])).toEqual([
        ['C++', '// club template\n'],
      ]);
      expect((await author.api.getLanguages({ pid })).map((l) => l.name).sort()).toEqual(['C++', 'Python3']);
      // the tag input offers the group's own tags beside the site's; the site's list never shows them
      const offered = await author.api.getGroupProblemTagList(club);
      expect(offered.find((t) => t.name === 'ClubEditorTag')?.gid).toBe(club);
      expect(offered.some((t) => t.gid === null)).toBe(true);
      expect((await anon.api.adminGetAllProblemTags()).map((t) => t.name)).not.toContain('ClubEditorTag');
    });

    it('saves what the editor sends: the short name stays in front, kept cases keep their files', async () => {
      const cases = await author.api.getGroupProblemCases(pid);
      // the editor strips the short name to edit and keeps the stored cases, new scores only
      const kept = await author.api.updateGroupProblem({
        ...dto('P1', { id: pid, title: 'Club sum, edited', timeLimit: 2000, auth: ProblemAuth.PUBLIC }),
        isUploadTestCase: true,
        uploadTestcaseDir: '',
        samples: cases.map((c) => ({ id: c.id, input: c.input, output: c.output, score: 50 })),
      });
      expect(kept.problemId).toBe('EDITCP1');
      const read = await owner.api.getGroupProblem(pid);
      expect([read.title, read.timeLimit, read.auth]).toEqual(['Club sum, edited', 2000, ProblemAuth.PUBLIC]);
      expect((await owner.api.getGroupProblemCases(pid)).map((c) => [c.inputPreview, c.score])).toEqual([
        ['1 2\n', 50],
        ['5 6\n', 50],
      ]);
      // a member sees the edit on the problem page at once
      expect((await member.api.getProblemDetail('EDITCP1', club)).problem.title).toBe('Club sum, edited');

      // a zip uploaded for the group replaces them
      const staged = await upload(author, club);
      expect(staged.fileList.map((f) => f.input)).toEqual(['a.in', 'b.in']);
      await author.api.updateGroupProblem({
        ...dto('P1', { id: pid, auth: ProblemAuth.PUBLIC }),
        isUploadTestCase: true,
        uploadTestcaseDir: staged.fileListDir,
        samples: staged.fileList.map((f) => ({ input: f.input, output: f.output, score: 50 })),
      });
      expect((await author.api.getGroupProblemCases(pid)).map((c) => [c.input, c.inputPreview])).toEqual([
        ['a.in', '7 8\n'],
        ['b.in', '1 1\n'],
      ]);
      expect((await author.api.getGroupProblem(pid)).isUploadCase).toBe(true);

      // renaming keeps the group's short name in front
      const open = { id: pid, auth: ProblemAuth.PUBLIC };
      expect((await owner.api.updateGroupProblem(dto('Q7', open))).problemId).toBe('EDITCQ7');
      expect((await owner.api.updateGroupProblem(dto('P1', open))).problemId).toBe('EDITCP1');
    });

    it('compiles its checker in the sandbox for the group’s admins, with the compiler’s words on failure', async () => {
      expect(
        await author.api.groupCompileSpj(
          { code: '#include <cstdio>\nint main(){return 0;}\n', language: 'C++' },
          club,
        ),
      ).toBeNull();
      const bad = await failure(
        author.api.groupCompileInteractive({ code: 'int main( {', language: 'C++' }, club),
      );
      expect(bad.status).toBe(400);
      expect(bad.message).toMatch(/^The checker does not compile:\n[\s\S]*error/);
    });

    it('refuses another group’s admins, the club’s members and its other admins, and groups that do not exist', async () => {
      // the root of another group, a member, a colleague who did not write it, a site admin outside the group
      for (const c of [rival, member, colleague, siteAdmin]) {
        for (const call of [
          () => c.api.getGroupProblem(pid),
          () => c.api.getGroupProblemCases(pid),
          () => c.api.updateGroupProblem(dto('P1', { id: pid })),
          // naming its own group in the body changes nothing: the row's group decides
          () => c.api.updateGroupProblem(dto('P1', { id: pid, gid: rivalGroup })),
        ]) {
          const refused = await failure(call());
          expect([refused.status, refused.message]).toEqual([403, NOT_EDITOR]);
        }
      }
      // the uploads, compiles and tag list of the club are its admins'
      for (const c of [rival, member]) {
        for (const call of [
          () => upload(c, club),
          () => c.api.groupCompileSpj({ code: 'int main(){}', language: 'C++' }, club),
          () => c.api.getGroupProblemTagList(club),
        ]) {
          const refused = await failure(call());
          expect([refused.status, refused.message]).toEqual([403, ADMINS_ONLY]);
        }
      }
      // a group or problem that does not exist
      for (const call of [
        () => upload(author, MISSING),
        () => author.api.groupCompileSpj({ code: 'int main(){}', language: 'C++' }, MISSING),
        () => author.api.getGroupProblemTagList(MISSING),
      ]) {
        const missing = await failure(call());
        expect([missing.status, missing.message]).toEqual([404, NO_GROUP]);
      }
      expect((await failure(author.api.getGroupProblem(MISSING))).status).toBe(404);
      expect((await failure(anon.api.getGroupProblem(pid))).status).toBe(401);
      // nothing changed
      expect((await owner.api.getGroupProblem(pid)).gid).toBe(club);
    });
  });

  describe('a training', () => {
    let tid = 0;
    let second = 0;

    it('changes its settings and fills it with the group’s problems, in order, for its author', async () => {
      second = (await author.api.addGroupProblem(dto('P2', { auth: ProblemAuth.PUBLIC }))).pid;
      const made = await author.api.addGroupTraining({
        training: { title: 'Drills', description: 'Warm up.', auth: TrainingAuth.PUBLIC, rank: 5, gid: club },
        trainingCategory: { id: category },
      });
      tid = made.training.id;
      const edited = await author.api.updateGroupTraining({
        training: {
          id: tid,
          title: 'Drills, edited',
          description: 'Warm up **twice**.',
          auth: TrainingAuth.PRIVATE,
          privatePwd: 'drill42',
          rank: 3,
          status: false,
        },
        trainingCategory: { id: category },
      });
      expect(edited.training.title).toBe('Drills, edited');
      const read = await author.api.getGroupTraining(tid);
      expect([
        read.training.auth,
        read.training.privatePwd,
        read.training.rank,
        read.training.status,
      ]).toEqual([TrainingAuth.PRIVATE, 'drill42', 3, false]);

      await author.api.addGroupTrainingProblemFromGroup({ problemId: 'EDITCP1', tid });
      await author.api.addGroupTrainingProblemFromGroup({ problemId: 'EDITCP2', tid });
      const order = async () => {
        const list = await author.api.getGroupTrainingProblemList({ tid, queryExisted: true, limit: 50 });
        return list.problemList.records.map((p) => p.problemId);
      };
      expect(await order()).toEqual(['EDITCP1', 'EDITCP2']);
      // the screen's arrows renumber the rows one call each
      const rows = (await author.api.getGroupTrainingProblemList({ tid, queryExisted: true, limit: 50 }))
        .trainingProblemMap;
      const first = rows[String(pid)];
      const last = rows[String(second)];
      if (!first || !last) throw new Error('the training lost a problem');
      await author.api.updateGroupTrainingProblem({ id: last.id, tid, rank: 0 });
      await author.api.updateGroupTrainingProblem({ id: first.id, tid, rank: 1 });
      expect(await order()).toEqual(['EDITCP2', 'EDITCP1']);
      await author.api.deleteGroupTrainingProblem(pid, tid);
      expect(await order()).toEqual(['EDITCP2']);
      // the public candidates hold no group's problems
      const candidates = await author.api.getGroupTrainingProblemList({
        tid,
        queryExisted: false,
        limit: 100,
      });
      expect(candidates.problemList.records.every((p) => p.gid === null)).toBe(true);
      // a group root changes it too
      await owner.api.updateGroupTrainingProblem({ id: last.id, tid, rank: 7 });
    });

    it('refuses another group’s root, the club’s other admins and members, and trainings that do not exist', async () => {
      const body = {
        training: { id: tid, title: 'Taken', description: 'x', auth: TrainingAuth.PUBLIC, rank: 1 },
        trainingCategory: { id: category },
      };
      for (const c of [rival, colleague, member]) {
        for (const call of [
          () => c.api.getGroupTraining(tid),
          () => c.api.updateGroupTraining(body),
          () => c.api.addGroupTrainingProblemFromGroup({ problemId: 'EDITCP1', tid }),
          () => c.api.getGroupTrainingProblemList({ tid, queryExisted: true }),
          () => c.api.deleteGroupTrainingProblem(second, tid),
        ]) {
          const refused = await failure(call());
          expect(refused.status).toBe(403);
        }
      }
      expect((await failure(colleague.api.updateGroupTraining(body))).message).toBe(NOT_YOUR_TRAINING);
      expect((await failure(author.api.getGroupTraining(MISSING))).status).toBe(404);
      expect((await author.api.getGroupTraining(tid)).training.title).toBe('Drills, edited');
    });
  });

  describe('a contest', () => {
    let cid = 0;

    it('changes its settings, problems with display ids and announcements for its author', async () => {
      const start = new Date(Date.now() + 86_400_000).toISOString();
      const end = new Date(Date.now() + 90_000_000).toISOString();
      const form = {
        title: 'Club cup',
        description: 'Members only',
        type: 0 as const,
        auth: 0 as const,
        startTime: start,
        endTime: end,
      };
      cid = (await author.api.addGroupContest({ ...form, gid: club })).id;
      expect((await author.api.getGroupContest(cid)).title).toBe('Club cup');
      const edited = await author.api.updateGroupContest({
        ...form,
        id: cid,
        title: 'Club cup, edited',
        description: 'Members **only**',
      });
      expect([edited.title, edited.gid]).toEqual(['Club cup, edited', club]);

      await author.api.addGroupContestProblemFromGroup({ problemId: 'EDITCP1', cid, displayId: 'A' });
      await author.api.addGroupContestProblemFromGroup({ problemId: 'EDITCP2', cid, displayId: 'B' });
      // a new problem made for the contest: the group's, kept for contests, then placed
      const made2 = await author.api.addGroupContestProblem({
        ...dto('C1', { auth: ProblemAuth.CONTEST }),
      });
      await author.api.updateGroupContestProblem({
        cid,
        pid: made2.pid,
        displayId: 'C',
        displayTitle: null,
        color: null,
      });
      expect(made2.problemId).toBe('EDITCC1');
      // reordering: the display ids say the order
      await author.api.updateGroupContestProblem({
        cid,
        pid,
        displayId: 'D',
        displayTitle: 'First, renamed',
        color: '#ff0000',
      });
      const list = await author.api.getGroupContestProblemList({ cid, currentPage: 1, limit: 50 });
      const ids = Object.values(list.contestProblemMap)
        .map((p) => [p.displayId, p.displayTitle])
        .sort();
      expect(ids).toEqual([
        ['B', 'Club sum P2'],
        ['C', 'Club sum C1'],
        ['D', 'First, renamed'],
      ]);
      const b = Object.values(list.contestProblemMap).find((p) => p.displayId === 'B')?.pid ?? 0;
      const taken = await failure(
        author.api.updateGroupContestProblem({
          cid,
          pid: b,
          displayId: 'D',
          displayTitle: null,
          color: null,
        }),
      );
      expect(taken.status).toBe(400);
      await author.api.deleteGroupContestProblem(made2.pid, cid);

      const note = await author.api.addGroupContestAnnouncement({
        cid,
        announcement: { title: 'Rules', content: 'No **talking**.', status: 0 },
      });
      await author.api.updateGroupContestAnnouncement({ cid, announcement: { id: note.id, status: 1 } });
      const notes = await author.api.getGroupContestAnnouncementList({ cid, currentPage: 1, limit: 10 });
      expect(notes.records.map((a) => [a.title, a.status])).toEqual([['Rules', 1]]);
      await author.api.deleteGroupContestAnnouncement(note.id, cid);
      expect((await author.api.getGroupContestAnnouncementList({ cid })).total).toBe(0);
    });

    it('refuses another group’s root, the club’s other admins and members, and contests that do not exist', async () => {
      for (const c of [rival, colleague, member]) {
        for (const call of [
          () => c.api.getGroupContest(cid),
          () => c.api.getGroupContestProblemList({ cid }),
          () => c.api.addGroupContestProblemFromGroup({ problemId: 'EDITCP1', cid, displayId: 'Z' }),
          () =>
            c.api.updateGroupContestProblem({ cid, pid, displayId: 'Z', displayTitle: null, color: null }),
          () => c.api.addGroupContestAnnouncement({ cid, announcement: { title: 'x', content: 'y' } }),
        ]) {
          expect((await failure(call())).status).toBe(403);
        }
      }
      expect((await failure(colleague.api.getGroupContest(cid))).message).toBe(NOT_YOUR_CONTEST);
      expect((await failure(author.api.getGroupContest(MISSING))).status).toBe(404);
      expect((await owner.api.getGroupContest(cid)).title).toBe('Club cup, edited');
    });
  });

  describe('requests to publish', () => {
    it('lists one state at a time for root and problem admins; an agreed problem joins the public list', async () => {
      await author.api.applyGroupProblemPublic(pid, true);
      const waiting = await root.api.adminGetGroupApplyProblemList({ progress: ApplyPublicProgress.APPLIED });
      expect(waiting.records.map((r) => [r.problemId, r.groupName, r.applyPublicProgress])).toEqual([
        ['EDITCP1', 'Group EDITC', ApplyPublicProgress.APPLIED],
      ]);
      expect(
        (await root.api.adminGetGroupApplyProblemList({ progress: ApplyPublicProgress.AGREED })).total,
      ).toBe(0);
      expect(
        (
          await problemAdmin.api.adminGetGroupApplyProblemList({
            progress: ApplyPublicProgress.APPLIED,
            gid: club,
          })
        ).total,
      ).toBe(1);
      expect(
        (
          await root.api.adminGetGroupApplyProblemList({
            progress: ApplyPublicProgress.APPLIED,
            gid: rivalGroup,
          })
        ).total,
      ).toBe(0);
      const bad = await failure(root.api.adminGetGroupApplyProblemList({ progress: 4 }));
      expect([bad.status, bad.message]).toEqual([
        400,
        'The progress must be 1 (applied), 2 (agreed) or 3 (refused).',
      ]);
      for (const c of [siteAdmin, author, owner]) {
        const refused = await failure(
          c.api.adminGetGroupApplyProblemList({ progress: ApplyPublicProgress.APPLIED }),
        );
        expect(refused.status).toBe(403);
      }
      expect((await anon.api.getProblemList({ keyword: 'EDITCP1' })).total).toBe(0);

      await root.api.adminChangeGroupProblemApplyProgress({ pid, progress: ApplyPublicProgress.AGREED });
      expect(
        (await root.api.adminGetGroupApplyProblemList({ progress: ApplyPublicProgress.APPLIED })).total,
      ).toBe(0);
      expect(
        (await root.api.adminGetGroupApplyProblemList({ progress: ApplyPublicProgress.AGREED })).records.map(
          (r) => r.problemId,
        ),
      ).toEqual(['EDITCP1']);
      expect((await anon.api.getProblemList({ keyword: 'EDITCP1' })).records.map((r) => r.problemId)).toEqual(
        ['EDITCP1'],
      );
      // without a state every request is listed, open ones first
      expect((await root.api.adminGetGroupApplyProblemList({})).total).toBe(1);
      // a visitor opens it on the site
      expect((await anon.api.getProblemDetail('EDITCP1')).problem.title).toBe('Club sum P1');
    });
  });
});
