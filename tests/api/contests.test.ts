import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../shared/constants/roles';
import type { ContestForm } from '../../shared/schemas/contests';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** A valid contest form: a public ACM contest from offset `from` lasting `length`. */
function form(overrides: Partial<ContestForm> = {}, from = HOUR, length = 2 * HOUR): ContestForm {
  return {
    title: 'Spring Cup',
    description: 'Solve them all.',
    type: 0,
    auth: 0,
    startTime: at(from),
    endTime: at(from + length),
    ...overrides,
  };
}

describe.each(DATABASES)('contests on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let admin: TestClient;
  let problemAdmin: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let anon: TestClient;
  let zhRoot: TestClient;
  let pidA: number;
  let pidB: number;

  const client = (username: string, roleId?: (typeof Role)[keyof typeof Role]) =>
    userClient(server, username, { roleId });

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    zhRoot = testClient(server.url, 'zh-CN');
    await zhRoot.login('root', server.rootPassword);
    admin = await client('cadmin', Role.ADMIN);
    problemAdmin = await client('cpadmin', Role.PROBLEM_ADMIN);
    bob = await client('cbob');
    carol = await client('ccarol');
    anon = testClient(server.url);
    const db = server.server.ctx.db.kysely;
    const rows = await db.selectFrom('problem').select(['id', 'problem_id']).orderBy('id').execute();
    pidA = rows.find((r) => r.problem_id === '1000')?.id ?? 0;
    pidB = rows.find((r) => r.problem_id === '1001')?.id ?? 0;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('seeds a running public ACM contest with 1000 as A and a scheduled OI contest', async () => {
    const page = await anon.api.getContestList({ limit: 50 });
    const running = page.records.find((c) => c.title === 'Verdict Warm-up Round');
    const scheduled = page.records.find((c) => c.title === 'Verdict OI Open');
    expect(running).toMatchObject({ type: 0, auth: 0, status: 0, duration: 5 * 3600 });
    expect(scheduled).toMatchObject({ type: 1, status: -1 });
    expect(Date.parse(scheduled?.startTime ?? '') - Date.now()).toBeGreaterThan(20 * HOUR);
    const problems = await root.api.adminListContestProblems({ cid: running?.id ?? 0 });
    expect(
      problems.problemList.records.map((p) => [
        problems.contestProblemMap[String(p.id)]?.displayId,
        p.problemId,
      ]),
    ).toEqual([
      ['A', '1000'],
      ['B', '1001'],
    ]);
    expect(problems.problemList.total).toBe(2);
    expect(running?.id).toBeGreaterThanOrEqual(1000);
  });

  it('round-trips a contest through create, read, update, list, visibility and delete', async () => {
    const created = await root.api.adminAddContest(
      form({
        title: 'Round Trip Cup',
        type: 1,
        auth: 2,
        pwd: 'opensesame',
        sealRank: true,
        sealRankTime: at(2 * HOUR),
        allowEndSubmit: true,
        openPrint: true,
        openRank: true,
        oiRankScoreType: 'Highest',
        rankShowName: 'nickname',
        penaltyMode: 'icpc-minutes',
        starAccount: ['cbob', 'cbob', 'ccarol'],
        awardType: 1,
        awardConfigList: [{ priority: 1, name: 'Gold', background: '#fff', color: '#000', num: 10 }],
        informedTitle: 'Read me',
        informed: 'Bring water.',
        shortName: 'rtcup',
        subheading: 'The first one',
        sponsor: 'ACME',
        coOrganizer: 'Club',
        organizer: 'School',
        backgroundImage: '/api/public/img/bg.png',
        duration: 7200,
      }),
    );
    expect(created).toMatchObject({
      title: 'Round Trip Cup',
      type: 1,
      auth: 2,
      pwd: 'opensesame',
      status: -1,
      duration: 7200,
      sealRank: true,
      allowEndSubmit: true,
      openPrint: true,
      openRank: true,
      oiRankScoreType: 'Highest',
      rankShowName: 'nickname',
      penaltyMode: 'icpc-minutes',
      starAccount: ['cbob', 'ccarol'],
      awardType: 1,
      awardConfigList: [{ priority: 1, name: 'Gold', background: '#fff', color: '#000', num: 10 }],
      informedTitle: 'Read me',
      informed: 'Bring water.',
      shortName: 'rtcup',
      subheading: 'The first one',
      sponsor: 'ACME',
      coOrganizer: 'Club',
      organizer: 'School',
      backgroundImage: '/api/public/img/bg.png',
      author: 'root',
      visible: true,
      count: 0,
    });
    const read = await root.api.adminGetContest(created.id);
    expect(read).toEqual({ ...created, now: read.now });

    const updated = await root.api.adminUpdateContest({
      ...form({ title: 'Renamed Cup', auth: 2, pwd: 'opensesame', shortName: 'rtcup' }),
      id: created.id,
    });
    expect(updated).toMatchObject({
      id: created.id,
      title: 'Renamed Cup',
      type: 0,
      sealRank: false,
      sealRankTime: null,
    });

    const listed = await root.api.adminListContests({ keyword: 'renamed' });
    expect(listed.records.map((c) => c.id)).toEqual([created.id]);
    expect(listed.records[0]).not.toHaveProperty('pwd');

    await root.api.adminChangeContestVisible(created.id, false);
    expect((await root.api.adminGetContest(created.id)).visible).toBe(false);
    expect((await anon.api.getContestList({ keyword: 'Renamed' })).total).toBe(0);
    expect((await failure(bob.api.getContestInfo(created.id))).httpStatus).toBe(404);
    expect((await root.api.getContestInfo(created.id)).title).toBe('Renamed Cup');

    await root.api.adminDeleteContest(created.id);
    const gone = await failure(root.api.adminGetContest(created.id));
    expect([gone.httpStatus, gone.message]).toEqual([404, 'The contest does not exist.']);
    const again = await failure(root.api.adminDeleteContest(created.id));
    expect(again.httpStatus).toBe(404);
  });

  it('refuses every broken rule with 400 and its message', async () => {
    const cases: [Partial<ContestForm>, string][] = [
      [{ title: '  ' }, 'The contest title is required.'],
      [{ title: 'x'.repeat(256) }, 'The title is at most 255 characters.'],
      [{ type: 3 as 0 }, 'Choose the contest type: ACM or OI.'],
      [{ auth: 7 as 0 }, 'Choose who may enter: public, private or protected.'],
      [{ startTime: 'not a time' }, 'Enter a valid start time.'],
      [{ endTime: '' }, 'Enter a valid end time.'],
      [{ endTime: at(HOUR) }, 'The contest must end after it starts.'],
      [{ endTime: at(30 * 60_000) }, 'The contest must end after it starts.'],
      [{ duration: 100 }, 'The duration must equal the time between the start and the end.'],
      [{ sealRank: true }, 'Enter the time the rank is sealed.'],
      [
        { sealRank: true, sealRankTime: at(4 * HOUR) },
        'The rank can only be sealed between the start and the end of the contest.',
      ],
      [
        { sealRank: true, sealRankTime: at(0) },
        'The rank can only be sealed between the start and the end of the contest.',
      ],
      [{ auth: 1 }, 'Private and protected contests need a password.'],
      [{ auth: 2, pwd: '' }, 'Private and protected contests need a password.'],
      [{ auth: 1, pwd: 'p'.repeat(65) }, 'The contest password is at most 64 characters.'],
      [{ shortName: 'abcd' }, 'The short name is 5 to 10 characters long.'],
      [{ shortName: 'abcdefghijk' }, 'The short name is 5 to 10 characters long.'],
      [{ shortName: 'ab cde' }, "The short name may only contain letters, digits, '-' and '_'."],
      [{ oiRankScoreType: 'Lowest' as 'Recent' }, 'The OI rank score is Recent or Highest.'],
      [{ penaltyMode: 'minutes' as 'hoj-seconds' }, 'The penalty is counted in HOJ seconds or ICPC minutes.'],
      [
        { rankShowName: 'email' as 'username' },
        'The rank shows the username, the real name or the nickname.',
      ],
      [{ sponsor: 's'.repeat(256) }, 'Landing page texts are at most 255 characters.'],
    ];
    for (const [broken, message] of cases) {
      const e = await failure(root.api.adminAddContest(form(broken)));
      expect([e.httpStatus, e.message], JSON.stringify(broken)).toEqual([400, message]);
    }
    const zh = await failure(zhRoot.api.adminAddContest(form({ endTime: at(HOUR) })));
    expect(zh.message).toBe('比赛的结束时间必须晚于开始时间。');

    // unique short name, on create and on update
    const first = await root.api.adminAddContest(form({ shortName: 'uniq1' }));
    const taken = await failure(root.api.adminAddContest(form({ shortName: 'uniq1' })));
    expect([taken.httpStatus, taken.message]).toEqual([400, 'Another contest already uses this short name.']);
    const other = await root.api.adminAddContest(form({ shortName: 'uniq2' }));
    const takenOnUpdate = await failure(
      root.api.adminUpdateContest({ ...form({ shortName: 'uniq1' }), id: other.id }),
    );
    expect(takenOnUpdate.message).toBe('Another contest already uses this short name.');
    // keeping one's own short name is fine
    await root.api.adminUpdateContest({ ...form({ shortName: 'uniq1', title: 'Kept' }), id: first.id });
    const missing = await failure(root.api.adminUpdateContest({ ...form(), id: 987654 }));
    expect([missing.httpStatus, missing.message]).toEqual([404, 'The contest does not exist.']);
  });

  it('manages contest problems: add, unique display ids, edit, list, remove', async () => {
    const c = await root.api.adminAddContest(form({ title: 'Problem Set Cup' }));
    const a = await root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pidA, displayId: 'A' });
    expect(a).toMatchObject({ cid: c.id, pid: pidA, displayId: 'A', color: null });
    expect(a.displayTitle.length).toBeGreaterThan(0);
    const dupDisplay = await failure(
      root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pidB, displayId: 'A' }),
    );
    expect([dupDisplay.httpStatus, dupDisplay.message]).toEqual([
      400,
      'Another problem of this contest already has this display id.',
    ]);
    const dupProblem = await failure(
      root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pidA, displayId: 'Z' }),
    );
    expect(dupProblem.message).toBe('This problem is already in the contest.');
    const noProblem = await failure(
      root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: 987654, displayId: 'Q' }),
    );
    expect([noProblem.httpStatus, noProblem.message]).toEqual([404, 'The problem does not exist.']);
    const noContest = await failure(
      root.api.adminAddContestProblemFromPublic({ cid: 987654, pid: pidA, displayId: 'Q' }),
    );
    expect(noContest.httpStatus).toBe(404);
    const noDisplay = await failure(
      root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pidB, displayId: ' ' }),
    );
    expect([noDisplay.httpStatus, noDisplay.message]).toEqual([
      400,
      "The problem's display id in the contest is required.",
    ]);

    await root.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pidB, displayId: 'B' });
    const clash = await failure(
      root.api.adminUpdateContestProblem({ cid: c.id, pid: pidB, displayId: 'A', displayTitle: 'x' }),
    );
    expect(clash.message).toBe('Another problem of this contest already has this display id.');
    const edited = await root.api.adminUpdateContestProblem({
      cid: c.id,
      pid: pidB,
      displayId: 'C',
      displayTitle: 'Renamed B',
      color: '#ff0000',
    });
    expect(edited).toMatchObject({ displayId: 'C', displayTitle: 'Renamed B', color: '#ff0000' });
    expect(await root.api.adminGetContestProblem(c.id, pidB)).toEqual(edited);
    const list = await root.api.adminListContestProblems({ cid: c.id });
    expect(
      list.problemList.records.map((p) => [list.contestProblemMap[String(p.id)]?.displayId, p.problemId]),
    ).toEqual([
      ['A', '1000'],
      ['C', '1001'],
    ]);
    // HOJ's "add from public" list: problems of the contest's type it does not have yet
    const candidates = await root.api.adminListContestProblems({ cid: c.id, problemType: 0, limit: 100 });
    const ids = candidates.problemList.records.map((p) => p.problemId);
    expect(ids).not.toContain('1000');
    expect(ids).not.toContain('1001');
    expect(candidates.problemList.records.every((p) => p.type === 0)).toBe(true);
    await root.api.adminRemoveContestProblem(c.id, pidA);
    const removed = await failure(root.api.adminGetContestProblem(c.id, pidA));
    expect([removed.httpStatus, removed.message]).toEqual([404, 'This problem is not in the contest.']);
  });

  it('lets admins manage only their own contests; deleting is for root', async () => {
    const own = await admin.api.adminAddContest(form({ title: 'Admin Own Cup' }));
    expect(own.author).toBe('cadmin');
    const rootsOwn = await root.api.adminAddContest(form({ title: 'Root Own Cup' }));
    const mine = await admin.api.adminListContests({ limit: 100 });
    expect(mine.records.map((c) => c.title)).toEqual(['Admin Own Cup']);
    expect((await root.api.adminListContests({ keyword: 'Own Cup' })).total).toBe(2);

    const notYours = await failure(admin.api.adminGetContest(rootsOwn.id));
    expect([notYours.httpStatus, notYours.message]).toEqual([
      403,
      "Only the contest's author or a super admin may manage this contest.",
    ]);
    expect((await failure(problemAdmin.api.adminUpdateContest({ ...form(), id: own.id }))).httpStatus).toBe(
      403,
    );
    expect(
      (
        await failure(
          problemAdmin.api.adminAddContestProblemFromPublic({ cid: own.id, pid: pidA, displayId: 'A' }),
        )
      ).httpStatus,
    ).toBe(403);
    // root administers everyone's contests
    expect((await root.api.adminGetContest(own.id)).title).toBe('Admin Own Cup');
    const del = await failure(admin.api.adminDeleteContest(own.id));
    expect([del.httpStatus, del.message]).toEqual([403, 'Only a super admin may delete contests.']);
    for (const c of [bob, anon]) {
      expect([401, 403]).toContain((await failure(c.api.adminListContests())).httpStatus);
      expect([401, 403]).toContain((await failure(c.api.adminAddContest(form()))).httpStatus);
    }
    expect((await failure(bob.api.adminGetContest(own.id))).httpStatus).toBe(403);
    await root.api.adminDeleteContest(own.id);
    await root.api.adminDeleteContest(rootsOwn.id);
  });

  it('lists public contests with status computed from the clock and filters', async () => {
    const tag = `F${Date.now() % 100000}`;
    const ended = await root.api.adminAddContest(form({ title: `${tag} ended`, type: 1 }, -3 * HOUR, HOUR));
    const running = await root.api.adminAddContest(
      form({ title: `${tag} running`, auth: 2, pwd: 'pw' }, -HOUR, 2 * HOUR),
    );
    const scheduled = await root.api.adminAddContest(
      form({ title: `${tag} scheduled`, auth: 1, pwd: 'pw' }, HOUR, HOUR),
    );
    const hidden = await root.api.adminAddContest(
      form({ title: `${tag} hidden`, visible: false }, -HOUR, 2 * HOUR),
    );

    const all = await anon.api.getContestList({ keyword: tag });
    expect(all.records.map((c) => [c.id, c.status])).toEqual([
      [scheduled.id, -1],
      [running.id, 0],
      [ended.id, 1],
    ]);
    expect(all.total).toBe(3);
    expect(all.records.every((c) => !('pwd' in c))).toBe(true);
    expect(all.records.some((c) => c.id === hidden.id)).toBe(false);
    const ids = async (q: Parameters<typeof anon.api.getContestList>[0]) =>
      (await anon.api.getContestList({ keyword: tag, ...q })).records.map((c) => c.id);
    expect(await ids({ status: -1 })).toEqual([scheduled.id]);
    expect(await ids({ status: 0 })).toEqual([running.id]);
    expect(await ids({ status: 1 })).toEqual([ended.id]);
    expect(await ids({ type: 1 })).toEqual([ended.id]);
    expect(await ids({ auth: 2 })).toEqual([running.id]);
    expect(await ids({ auth: 1 })).toEqual([scheduled.id]);
    const paged = await anon.api.getContestList({ keyword: tag, limit: 2, currentPage: 2 });
    expect([paged.total, paged.records.map((c) => c.id)]).toEqual([3, [ended.id]]);
  });

  it('contest info: logged-in only, never the password, hidden or missing contests are 404', async () => {
    const c = await root.api.adminAddContest(
      form({ title: 'Info Cup', auth: 1, pwd: 'hunter22' }, -HOUR, 3 * HOUR),
    );
    const info = await bob.api.getContestInfo(c.id);
    expect(info).toMatchObject({ id: c.id, title: 'Info Cup', auth: 1, status: 0, count: 0 });
    expect(info).not.toHaveProperty('pwd');
    expect(JSON.stringify(info)).not.toContain('hunter22');
    expect(Math.abs(Date.parse(info.now) - Date.now())).toBeLessThan(60_000);
    expect((await failure(anon.api.getContestInfo(c.id))).httpStatus).toBe(401);
    const missing = await failure(bob.api.getContestInfo(987654));
    expect([missing.httpStatus, missing.message]).toEqual([404, 'The contest does not exist.']);
    const list = await anon.api.getContestList({ keyword: 'Info Cup' });
    expect(JSON.stringify(list)).not.toContain('hunter22');
  });

  it('access and registration per auth mode and time', async () => {
    const pub = await root.api.adminAddContest(form({ title: 'Pub Cup' }, -HOUR, 3 * HOUR));
    const priv = await root.api.adminAddContest(
      form({ title: 'Priv Cup', auth: 1, pwd: 'letmein' }, -HOUR, 3 * HOUR),
    );
    const prot = await root.api.adminAddContest(
      form({ title: 'Prot Cup', auth: 2, pwd: 'letmein' }, HOUR, 3 * HOUR),
    );
    const over = await root.api.adminAddContest(
      form({ title: 'Over Cup', auth: 1, pwd: 'late' }, -3 * HOUR, HOUR),
    );
    const overOpen = await root.api.adminAddContest(
      form({ title: 'Over Open Cup', auth: 1, pwd: 'late', allowEndSubmit: true }, -3 * HOUR, HOUR),
    );
    const hidden = await root.api.adminAddContest(
      form({ title: 'Hidden Cup', visible: false }, -HOUR, 3 * HOUR),
    );

    // public: access for anyone logged in; registering needs no password
    expect(await bob.api.getContestAccess(pub.id)).toEqual({ access: true });
    expect((await failure(anon.api.getContestAccess(pub.id))).httpStatus).toBe(401);
    await bob.api.registerContest({ cid: pub.id });

    // private and protected: registered users only, with the right password
    for (const c of [priv, prot]) {
      expect(await bob.api.getContestAccess(c.id)).toEqual({ access: false });
      const none = await failure(bob.api.registerContest({ cid: c.id }));
      expect([none.httpStatus, none.message]).toEqual([400, 'Enter the contest password.']);
      const wrong = await failure(bob.api.registerContest({ cid: c.id, password: 'letmeout' }));
      expect([wrong.httpStatus, wrong.message]).toEqual([400, 'Wrong contest password.']);
      expect(await bob.api.getContestAccess(c.id)).toEqual({ access: false });
      const res = await bob.raw.requestRaw('POST', '/api/register-contest', {
        body: { cid: c.id, password: 'letmein' },
      });
      expect(res.msg).toBe('Registered for the contest.');
      expect(await bob.api.getContestAccess(c.id)).toEqual({ access: true });
      // idempotent: a second registration changes nothing
      const twice = await bob.raw.requestRaw('POST', '/api/register-contest', {
        body: { cid: c.id, password: 'letmein' },
      });
      expect(twice.msg).toBe('You are already registered for this contest.');
      expect((await bob.api.getContestInfo(c.id)).count).toBe(1);
      expect(await carol.api.getContestAccess(c.id)).toEqual({ access: false });
    }
    // the author (and root) always have access
    expect(await root.api.getContestAccess(priv.id)).toEqual({ access: true });

    // after the end: refused unless end submissions are allowed
    const late = await failure(carol.api.registerContest({ cid: over.id, password: 'late' }));
    expect([late.httpStatus, late.message]).toEqual([403, 'The contest has ended.']);
    await carol.api.registerContest({ cid: overOpen.id, password: 'late' });
    expect(await carol.api.getContestAccess(overOpen.id)).toEqual({ access: true });

    // hidden and missing contests: 404
    expect((await failure(carol.api.registerContest({ cid: hidden.id }))).httpStatus).toBe(404);
    expect((await failure(carol.api.getContestAccess(hidden.id))).httpStatus).toBe(404);
    expect((await failure(carol.api.registerContest({ cid: 987654 }))).httpStatus).toBe(404);

    // a new password drops the registrations of a non-public contest
    await root.api.adminUpdateContest({
      ...form({ title: 'Priv Cup', auth: 1, pwd: 'newpass' }, -HOUR, 3 * HOUR),
      id: priv.id,
    });
    expect(await bob.api.getContestAccess(priv.id)).toEqual({ access: false });
    expect((await root.api.adminGetContest(priv.id)).count).toBe(0);
  });
});
