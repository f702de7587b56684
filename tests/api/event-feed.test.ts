import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestRowChanged } from '../../server/services/contests/contest-row-cache';
import { isImportedContest, loadImportedFeed } from '../../server/services/contests/feed/imported';
import { feedToRankingInput, readEventFeed } from '../../server/services/contests/feed/read-feed';
import {
  computeScoreboard,
  HOJ_VERDICTS,
  type RankingSubmission,
  type ScoreboardRow,
} from '../../server/services/contests/ranking';
import { EVENT_FEED_EXPORT_PATH, EVENT_FEED_IMPORT_PATH } from '../../shared/api/event-feed-endpoints';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import type { ContestForm } from '../../shared/schemas/contests';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const MIN = 60_000;
const HOUR = 60 * MIN;
const WF47 = readFileSync(join(__dirname, '../fixtures/contests/wf47/event-feed-frozen.ndjson'), 'utf8');

/** A small valid feed: one problem, two teams, one accepted run. */
const TINY_FEED = [
  {
    type: 'contest',
    id: 'tiny',
    data: {
      id: 'tiny',
      name: 'Tiny Cup',
      start_time: '2025-01-05T10:00:00.000+01:00',
      duration: '1:00:00.000',
      penalty_time: 20,
    },
  },
  { type: 'judgement-types', id: 'AC', data: { id: 'AC', name: 'correct', penalty: false, solved: true } },
  { type: 'problems', id: 'p1', data: { id: 'p1', label: 'A', name: 'Apples', ordinal: 0 } },
  { type: 'teams', id: 't1', data: { id: 't1', name: 'Team One' } },
  { type: 'teams', id: 't2', data: { id: 't2', name: 'Team Two' } },
  {
    type: 'submissions',
    id: 's1',
    data: { id: 's1', team_id: 't2', problem_id: 'p1', contest_time: '0:12:30.000' },
  },
  { type: 'judgements', id: 'j1', data: { id: 'j1', submission_id: 's1', judgement_type_id: 'AC' } },
]
  .map((e) => JSON.stringify(e))
  .join('\n');

/** The verdict keys of HOJ's table for the statuses these tests write; in-progress statuses are pending (null). */
const VERDICT_OF: Record<number, string | null> = {
  [JudgeStatus.ACCEPTED]: 'AC',
  [JudgeStatus.WRONG_ANSWER]: 'WA',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'TLE',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'MLE',
  [JudgeStatus.RUNTIME_ERROR]: 'RE',
  [JudgeStatus.PRESENTATION_ERROR]: 'PE',
  [JudgeStatus.COMPILE_ERROR]: 'CE',
  [JudgeStatus.SYSTEM_ERROR]: 'SE',
  [JudgeStatus.PARTIAL_ACCEPTED]: 'PA',
  [JudgeStatus.CANCELLED]: 'CA',
  [JudgeStatus.PENDING]: null,
  [JudgeStatus.JUDGING]: null,
};

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

describe.each(DATABASES)('event feeds on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let admin: TestClient;
  let otherAdmin: TestClient;
  let problemAdmin: TestClient;
  let user: TestClient;
  let anon: TestClient;
  let pidA: number;
  let pidB: number;
  const uids: Record<string, string> = {};

  const db = () => server.server.ctx.db;

  async function client(username: string, roleId?: (typeof Role)[keyof typeof Role], nickname?: string) {
    const c = await userClient(server, username, { roleId, nickname });
    uids[username] = c.uid;
    return c;
  }

  /** A request as a browser or a script sends it, with the caller's token. */
  async function raw(
    caller: TestClient,
    method: 'GET' | 'POST',
    path: string,
    options: {
      query?: Record<string, string | number>;
      body?: string;
      contentType?: string;
      lang?: string;
    } = {},
  ): Promise<RawAnswer> {
    const headers: Record<string, string> = { 'Accept-Language': options.lang ?? 'en-US' };
    if (caller.token) headers.Authorization = caller.token;
    if (options.contentType) headers['Content-Type'] = options.contentType;
    const query = options.query
      ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}`
      : '';
    const res = await fetch(`${server.url}${path}${query}`, { method, headers, body: options.body });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  const importRaw = (caller: TestClient, body: string, contentType = 'application/x-ndjson', lang?: string) =>
    raw(caller, 'POST', EVENT_FEED_IMPORT_PATH, { body, contentType, ...(lang ? { lang } : {}) });
  const exportRaw = (caller: TestClient, cid: number) =>
    raw(caller, 'GET', EVENT_FEED_EXPORT_PATH, { query: { cid } });

  async function counts() {
    const k = db().kysely;
    const c = await k
      .selectFrom('contest')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const f = await k
      .selectFrom('contest_event_feed')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return [Number(c.n), Number(f.n)];
  }

  /** `now` is read once, so the start, end and seal of one contest are exact offsets of each other. */
  function form(
    overrides: Partial<ContestForm>,
    from: number,
    length: number,
    now = Date.now(),
  ): ContestForm {
    return {
      title: 'Feed Cup',
      description: 'For the feed.',
      type: 0,
      auth: 0,
      startTime: new Date(now + from).toISOString(),
      endTime: new Date(now + from + length).toISOString(),
      ...overrides,
    };
  }

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    uids.root = (
      await db()
        .kysely.selectFrom('user_info')
        .select('uuid')
        .where('username', '=', 'root')
        .executeTakeFirstOrThrow()
    ).uuid;
    admin = await client('fadmin', Role.ADMIN);
    otherAdmin = await client('fadmin2', Role.ADMIN);
    problemAdmin = await client('fpadmin', Role.PROBLEM_ADMIN);
    user = await client('fuser');
    anon = testClient(server.url);
    const rows = await db().kysely.selectFrom('problem').select(['id', 'problem_id']).orderBy('id').execute();
    pidA = rows.find((r) => r.problem_id === '1000')?.id ?? 0;
    pidB = rows.find((r) => r.problem_id === '1001')?.id ?? 0;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('import', () => {
    let cid = 0;

    it('imports the WF47 frozen feed as a read-only, sealed, public ACM contest', async () => {
      const res = await importRaw(admin, WF47);
      expect(res.status).toBe(200);
      const body = JSON.parse(res.text) as { status: number; data: { cid: number }; msg: string };
      expect(body).toMatchObject({ status: 200, msg: 'The event feed was imported as a new contest.' });
      cid = body.data.cid;
      const row = await db()
        .kysely.selectFrom('contest')
        .selectAll()
        .where('id', '=', cid)
        .executeTakeFirstOrThrow();
      // the last contest event wins: the contest started at 11:47:59 (UTC+2), 5 hours, the last hour frozen
      expect(row).toMatchObject({
        title: '47th ICPC World Finals',
        type: 0,
        auth: 0,
        visible: 1,
        start_time: '2024-04-18T09:47:59.000Z',
        end_time: '2024-04-18T14:47:59.000Z',
        duration: 5 * 3600,
        seal_rank: 1,
        seal_rank_time: '2024-04-18T13:47:59.000Z',
        auto_real_rank: 0,
        penalty_mode: 'icpc-minutes',
        uid: uids.fadmin,
        author: 'fadmin',
      });
      const vo = await admin.api.adminGetContest(cid);
      expect(vo).toMatchObject({ title: '47th ICPC World Finals', sealRank: true, status: 1 });
      expect(await isImportedContest(db(), cid)).toBe(true);
    });

    it('replays the feed: the board of the stored feed is the unit test fixture board (130 teams, HSE first)', async () => {
      const feed = await loadImportedFeed(db(), cid);
      if (!feed) throw new Error('no feed');
      const board = computeScoreboard(feedToRankingInput(feed, { sealed: false }));
      expect(board).toEqual(computeScoreboard(feedToRankingInput(readEventFeed(WF47), { sealed: false })));
      expect(board).toHaveLength(130);
      const top = board.slice(0, 3).map((r) => {
        const team = feed.teams.find((t) => t.uid === r.uid);
        return [team?.displayName, r.rank, r.ac, r.totalTime / 60];
      });
      expect(top).toEqual([
        ['National Research University Higher School of Economics', 1, 9, 995],
        ['Peking University', 2, 9, 1068],
        ['Moscow Institute of Physics and Technology', 3, 9, 1143],
      ]);
      // teams are ordinary participants named by the feed's team names
      expect(board.every((r) => !r.isStar && r.rank > 0)).toBe(true);
      expect(board.find((r) => r.uid === '47120')?.name).toBe('UCF Beehive');
      // parsed once, then served from memory
      expect(await loadImportedFeed(db(), cid)).toBe(feed);
    });

    it('exports an imported contest as its stored feed, unchanged, as an NDJSON attachment', async () => {
      const res = await exportRaw(admin, cid);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="contest-${cid}-event-feed.ndjson"`,
      );
      expect(res.text).toBe(WF47);
    });

    it('keeps an imported contest read-only: its problems cannot be added, changed or removed', async () => {
      const add = await failure(
        admin.api.adminAddContestProblemFromPublic({ cid, pid: pidA, displayId: 'Z' }),
      );
      expect([add.status, add.httpStatus]).toEqual([400, 400]);
      expect(add.message).toBe(
        'This contest was imported from an event feed and is read-only: its problems cannot be changed.',
      );
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(admin.token);
      const addZh = await failure(
        zh.api.adminAddContestProblemFromPublic({ cid, pid: pidA, displayId: 'Z' }),
      );
      expect(addZh.message).toBe('该比赛由事件流导入，为只读比赛：不能修改其题目。');
      const change = await failure(
        admin.api.adminUpdateContestProblem({ cid, pid: pidA, displayId: 'Y', displayTitle: '', color: '' }),
      );
      expect(change.status).toBe(400);
      const remove = await failure(admin.api.adminRemoveContestProblem(cid, pidA));
      expect(remove.status).toBe(400);
      expect(
        await db().kysely.selectFrom('contest_problem').select('id').where('cid', '=', cid).execute(),
      ).toEqual([]);
      // it stays an ACM contest; unsealing (an ordinary update) is allowed
      const vo = await admin.api.adminGetContest(cid);
      const base = {
        id: cid,
        title: vo.title,
        description: vo.description,
        type: 1 as const,
        auth: 0 as const,
        startTime: vo.startTime,
        endTime: vo.endTime,
      };
      const toOi = await failure(admin.api.adminUpdateContest(base));
      expect(toOi.message).toBe(
        'This contest was imported from an event feed: its rules (ACM or OI) come from the feed and cannot be changed.',
      );
      const unsealed = await admin.api.adminUpdateContest({ ...base, type: 0 as const, sealRank: false });
      expect(unsealed.sealRank).toBe(false);
    });

    it('refuses what is not an event feed with a clear message and stores nothing', async () => {
      const before = await counts();
      const cases: [string, string, string][] = [
        [
          `${TINY_FEED.split('\n').slice(0, 2).join('\n')}\nnot json at all\n`,
          'Line 3 of the event feed is not a valid event (a JSON object with a type and data).',
          '事件流第 3 行不是有效的事件（应为含 type 和 data 的 JSON 对象）。',
        ],
        [
          '[1, 2, 3]\n',
          'Line 1 of the event feed is not a valid event (a JSON object with a type and data).',
          '',
        ],
        [
          TINY_FEED.split('\n').slice(1).join('\n'),
          'This is not an event feed: it has no contest event.',
          '这不是事件流：其中没有比赛（contest）事件。',
        ],
        ['', 'This is not an event feed: it has no contest event.', ''],
        [
          TINY_FEED.replace('0:12:30.000', '12 minutes'),
          'Line 6 of the event feed (submissions "s1"): contest_time must be a contest time h:mm:ss.sss of at most 366 days.',
          '事件流第 6 行（submissions "s1"）：contest_time 应为不超过 366 天的比赛时间 h:mm:ss.sss。',
        ],
        [
          TINY_FEED.replace('"start_time":"2025-01-05T10:00:00.000+01:00",', ''),
          'Line 1 of the event feed (contest "tiny"): start_time is missing.',
          '',
        ],
        [
          TINY_FEED.replace('"duration":"1:00:00.000",', ''),
          'Line 1 of the event feed (contest "tiny"): duration is missing.',
          '事件流第 1 行（contest "tiny"）：缺少 duration。',
        ],
      ];
      for (const [body, en, zh] of cases) {
        const res = await importRaw(admin, body);
        expect([res.status, JSON.parse(res.text).msg], body.slice(0, 60)).toEqual([400, en]);
        if (zh) {
          const resZh = await importRaw(admin, body, 'text/plain', 'zh-CN');
          expect([resZh.status, JSON.parse(resZh.text).msg]).toEqual([400, zh]);
        }
      }
      const notText = await raw(admin, 'POST', EVENT_FEED_IMPORT_PATH, {
        body: JSON.stringify({ feed: TINY_FEED }),
        contentType: 'application/json',
      });
      expect([notText.status, JSON.parse(notText.text).msg]).toEqual([
        400,
        'Send the event feed (NDJSON) as the request body.',
      ]);
      expect(await counts()).toEqual(before);
    });

    it('takes the feed raw in any of its content types, or as one JSON string from the typed client', async () => {
      for (const type of ['application/x-ndjson', 'text/plain', 'application/octet-stream']) {
        const res = await importRaw(problemAdmin, TINY_FEED, type);
        expect(res.status, type).toBe(200);
      }
      const { cid: tiny } = await problemAdmin.api.adminImportEventFeed(TINY_FEED);
      const row = await db()
        .kysely.selectFrom('contest')
        .selectAll()
        .where('id', '=', tiny)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        title: 'Tiny Cup',
        start_time: '2025-01-05T09:00:00.000Z',
        end_time: '2025-01-05T10:00:00.000Z',
        seal_rank: 0,
        seal_rank_time: null,
        author: 'fpadmin',
      });
      const feed = await loadImportedFeed(db(), tiny);
      const board = computeScoreboard(feedToRankingInput(feed ?? readEventFeed(''), { sealed: false }));
      expect(board.map((r) => [r.name, r.rank, r.ac, r.totalTime])).toEqual([
        ['Team Two', 1, 1, 12 * 60],
        ['Team One', 2, 0, 0],
      ]);
      // without a start time in the contest event, the state's start is taken
      const started = `${TINY_FEED.replace('"start_time":"2025-01-05T10:00:00.000+01:00",', '')}\n${JSON.stringify({ type: 'state', data: { started: '2025-01-05T08:30:00.000Z' } })}`;
      const late = JSON.parse((await importRaw(root, started)).text) as { data: { cid: number } };
      expect(
        await db()
          .kysely.selectFrom('contest')
          .select(['start_time', 'end_time'])
          .where('id', '=', late.data.cid)
          .executeTakeFirst(),
      ).toEqual({ start_time: '2025-01-05T08:30:00.000Z', end_time: '2025-01-05T09:30:00.000Z' });
      // deleting the contest takes its feed along
      await root.api.adminDeleteContest(tiny);
      expect(await loadImportedFeed(db(), tiny)).toBeNull();
      expect(await isImportedContest(db(), tiny)).toBe(false);
    });

    it('accepts feeds beyond the site-wide 4 MB body limit, up to 64 MB', async () => {
      // WF47 as one JSON string is 4.3 MB
      const { cid: big } = await root.api.adminImportEventFeed(WF47);
      expect((await loadImportedFeed(db(), big))?.teams).toHaveLength(130);
      const padded = `${TINY_FEED}\n${'\n'.repeat(6 * 1024 * 1024)}`;
      expect((await importRaw(root, padded)).status).toBe(200);
      const before = await counts();
      const tooLarge = await importRaw(
        root,
        `${TINY_FEED}\n${' '.repeat(64 * 1024 * 1024)}`,
        'text/plain',
        'zh-CN',
      );
      expect([tooLarge.status, JSON.parse(tooLarge.text).msg]).toEqual([400, '事件流太大：最多 64 MB。']);
      expect(await counts()).toEqual(before);
    });

    it('lets only the contest admin area import: anonymous 401, an ordinary user 403', async () => {
      const before = await counts();
      const anonRes = await importRaw(anon, TINY_FEED);
      expect([anonRes.status, JSON.parse(anonRes.text).status]).toEqual([401, 401]);
      const userRes = await importRaw(user, TINY_FEED);
      expect([userRes.status, JSON.parse(userRes.text).status]).toEqual([403, 403]);
      expect(await counts()).toEqual(before);
    });
  });

  describe('export of a contest run on Verdict', () => {
    let cid = 0;
    let start = 0;
    let cpA = 0;
    let cpB = 0;

    /** Judge rows of the contest, written directly (offsets in ms from the start). */
    async function submit(
      username: string,
      problem: 'A' | 'B',
      offset: number,
      status: number,
      language = 'C++',
    ) {
      await db()
        .kysely.insertInto('judge')
        .values({
          pid: problem === 'A' ? pidA : pidB,
          display_pid: problem,
          uid: uids[username] as string,
          username,
          submit_time: new Date(start + offset).toISOString(),
          status,
          share: 0,
          time: 10,
          memory: 1024,
          length: 60,
          code: 'int main(){}',
          language,
          cid,
          cpid: problem === 'A' ? cpA : cpB,
          is_manual: 0,
          attempt: 1,
          gmt_modified: new Date(start + offset + 1500).toISOString(),
        })
        .execute();
    }

    /** The live board straight from the judge rows, by HOJ's rules with ICPC minutes (the contest's penalty mode). */
    async function liveBoard(sealed: boolean): Promise<ScoreboardRow[]> {
      const k = db().kysely;
      const rows = await k
        .selectFrom('judge')
        .select(['uid', 'display_pid', 'status', 'submit_time'])
        .where('cid', '=', cid)
        .orderBy('submit_id')
        .execute();
      const hidden = new Set([uids.fadmin, uids.root]);
      const registered = await k
        .selectFrom('contest_register')
        .select('uid')
        .where('cid', '=', cid)
        .execute();
      const participantUids = [
        ...new Set([...registered.map((r) => r.uid), ...rows.map((r) => r.uid)]),
      ].filter((u) => !hidden.has(u));
      const users = await k
        .selectFrom('user_info')
        .select(['uuid', 'username', 'nickname'])
        .where('uuid', 'in', participantUids)
        .execute();
      const submissions: RankingSubmission[] = rows
        .filter((r) => !hidden.has(r.uid))
        .map((r) => {
          const time = Date.parse(r.submit_time) - start;
          return {
            uid: r.uid,
            problem: r.display_pid,
            time,
            verdict: VERDICT_OF[r.status] ?? null,
            afterContest: time >= 2 * HOUR,
          };
        })
        .filter((s) => s.time >= 0);
      return computeScoreboard({
        settings: {
          type: 'ACM',
          sealRankTime: 90 * MIN,
          sealed,
          penaltyMode: 'icpc-minutes',
          penaltyMinutes: 20,
          verdicts: HOJ_VERDICTS,
          starUids: [],
          awards: { type: 'none' },
          includeAfterContest: false,
        },
        problems: ['A', 'B'],
        participants: users.map((u) => ({ uid: u.uuid, name: u.nickname || u.username })),
        submissions,
      });
    }

    beforeAll(async () => {
      await client('falice', undefined, 'Alice the Quick');
      await client('fbob');
      await client('fcarol');
      await client('fdave');
      await client('feve');
      // ended an hour ago: two hours, sealed for the last 30 minutes, board names by nickname
      const now = Date.now();
      const created = await admin.api.adminAddContest(
        form(
          {
            sealRank: true,
            sealRankTime: new Date(now - 3 * HOUR + 90 * MIN).toISOString(),
            rankShowName: 'nickname',
          },
          -3 * HOUR,
          2 * HOUR,
          now,
        ),
      );
      cid = created.id;
      start = Date.parse(created.startTime);
      await db()
        .kysely.updateTable('contest')
        .set({ penalty_mode: 'icpc-minutes' })
        .where('id', '=', cid)
        .execute();
      contestRowChanged(db(), cid);
      cpA = (await admin.api.adminAddContestProblemFromPublic({ cid, pid: pidA, displayId: 'A' })).id;
      cpB = (await admin.api.adminAddContestProblemFromPublic({ cid, pid: pidB, displayId: 'B' })).id;
      await admin.api.adminUpdateContestProblem({
        cid,
        pid: pidA,
        displayId: 'A',
        displayTitle: 'Plus',
        color: '#f00',
      });
      await db()
        .kysely.insertInto('contest_register')
        .values({
          cid,
          uid: uids.fdave as string,
          status: 0,
          gmt_create: new Date().toISOString(),
          gmt_modified: new Date().toISOString(),
        })
        .execute();
      const S = 1000;
      // alice: A after one WA (minute 25 + 20); B: CE costs nothing, PE costs 20, AC after the seal
      await submit('falice', 'A', 10 * MIN + 30 * S, JudgeStatus.WRONG_ANSWER);
      await submit('falice', 'A', 25 * MIN + 10 * S, JudgeStatus.ACCEPTED);
      await submit('falice', 'B', 30 * MIN, JudgeStatus.COMPILE_ERROR, 'Python3');
      await submit('falice', 'B', 40 * MIN, JudgeStatus.PRESENTATION_ERROR, 'Python3');
      await submit('falice', 'B', 95 * MIN, JudgeStatus.ACCEPTED, 'Python3');
      // bob: TLE, MLE, RE, then A at 50:00.5; B pending, then a system error
      await submit('fbob', 'A', 5 * MIN, JudgeStatus.TIME_LIMIT_EXCEEDED);
      await submit('fbob', 'A', 6 * MIN, JudgeStatus.MEMORY_LIMIT_EXCEEDED);
      await submit('fbob', 'A', 7 * MIN, JudgeStatus.RUNTIME_ERROR);
      await submit('fbob', 'A', 50 * MIN + 500, JudgeStatus.ACCEPTED);
      await submit('fbob', 'B', 60 * MIN, JudgeStatus.PENDING);
      await submit('fbob', 'B', 61 * MIN, JudgeStatus.SYSTEM_ERROR);
      // carol: A in alice's minute; B before the start and after the end (neither counts)
      await submit('fcarol', 'A', 25 * MIN + 50 * S, JudgeStatus.ACCEPTED);
      await submit('fcarol', 'B', -5 * MIN, JudgeStatus.ACCEPTED);
      await submit('fcarol', 'B', 2 * HOUR + 5 * MIN, JudgeStatus.WRONG_ANSWER);
      // eve: partial accepted and cancelled cost nothing; a judging run shows as pending
      await submit('feve', 'A', 20 * MIN, JudgeStatus.PARTIAL_ACCEPTED);
      await submit('feve', 'A', 21 * MIN, JudgeStatus.CANCELLED);
      await submit('feve', 'B', 100 * MIN, JudgeStatus.JUDGING);
      // the creator and root are no participants
      await submit('fadmin', 'A', 1 * MIN, JudgeStatus.ACCEPTED);
      await submit('root', 'A', 2 * MIN, JudgeStatus.ACCEPTED);
    });

    it('writes the contest, judgement types, problems, teams, state, submissions and judgements', async () => {
      const res = await exportRaw(admin, cid);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="contest-${cid}-event-feed.ndjson"`,
      );
      const events = res.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; id?: string; data: Record<string, unknown> });
      const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data);
      // the contest and the state are single objects: their events carry a null id
      expect(events.filter((e) => e.type === 'contest' || e.type === 'state').map((e) => e.id)).toEqual([
        null,
        null,
      ]);
      expect(of('contest')).toEqual([
        expect.objectContaining({
          id: String(cid),
          name: 'Feed Cup',
          duration: '2:00:00.000',
          scoreboard_freeze_duration: '0:30:00.000',
          penalty_time: 20,
          start_time: new Date(start).toISOString().replace('Z', '+00:00'),
        }),
      ]);
      // the Contest API's ids, each with HOJ's effect of the statuses sent as it (RTE is a runtime error; RE,
      // Rejected, carries partial accepted; CS system errors and cancelled runs)
      const types = new Map(of('judgement-types').map((t) => [t.id, [t.penalty, t.solved]]));
      expect(Object.fromEntries(types)).toEqual({
        AC: [false, true],
        WA: [true, false],
        TLE: [true, false],
        MLE: [true, false],
        RTE: [true, false],
        PE: [true, false],
        CE: [false, false],
        RE: [false, false],
        SE: [false, false],
        CS: [false, false],
      });
      expect(of('problems')).toEqual([
        expect.objectContaining({
          id: String(cpA),
          label: 'A',
          name: 'Plus',
          ordinal: 0,
          color: '#f00',
          rgb: '#FF0000',
        }),
        expect.objectContaining({ id: String(cpB), label: 'B', ordinal: 1 }),
      ]);
      expect(of('languages').map((l) => [l.id, l.name])).toEqual([
        ['cpp', 'C++'],
        ['python3', 'Python3'],
      ]);
      // registered dave without a submission is a team; the creator and root are not; the label is the username
      expect(
        of('teams')
          .map((t) => [t.name, t.label])
          .sort(),
      ).toEqual([
        ['Alice the Quick', 'falice'],
        ['fbob', 'fbob'],
        ['fcarol', 'fcarol'],
        ['fdave', 'fdave'],
        ['feve', 'feve'],
      ]);
      expect(of('state')).toEqual([
        expect.objectContaining({
          started: expect.any(String),
          frozen: expect.any(String),
          ended: expect.any(String),
          thawed: expect.any(String),
        }),
      ]);
      const submissions = of('submissions');
      expect(submissions).toHaveLength(17);
      const bobA = submissions.find((s) => s.team_id === uids.fbob && s.contest_time === '0:50:00.500');
      expect(bobA).toMatchObject({ problem_id: String(cpA), language_id: 'cpp', entry_point: null });
      const judgements = new Map(of('judgements').map((j) => [j.submission_id, j]));
      const pending = submissions.find((s) => s.team_id === uids.fbob && s.contest_time === '1:00:00.000');
      expect(judgements.get(pending?.id)?.judgement_type_id).toBeUndefined();
      expect(judgements.get(bobA?.id)).toMatchObject({
        judgement_type_id: 'AC',
        end_contest_time: '0:50:02.000',
      });
    });

    it('round-trips: the feed read back, and the contest imported from it, give the live board', async () => {
      const res = await exportRaw(admin, cid);
      const feed = readEventFeed(res.text);
      for (const sealed of [false, true]) {
        const live = await liveBoard(sealed);
        expect(computeScoreboard(feedToRankingInput(feed, { sealed })), `sealed ${sealed}`).toEqual(live);
      }
      const live = await liveBoard(false);
      expect(live.map((r) => [r.name, r.rank, r.ac, r.totalTime / 60])).toEqual([
        ['Alice the Quick', 1, 2, 45 + 95 + 20],
        ['fcarol', 2, 1, 25],
        ['fbob', 3, 1, 50 + 60],
        ['fdave', 4, 0, 0],
        ['feve', 4, 0, 0],
      ]);
      expect(live.find((r) => r.name === 'fbob')?.submissionInfo.B?.tryNum).toBe(1);
      expect(live.find((r) => r.name === 'feve')?.submissionInfo.B?.tryNum).toBe(1);

      const imported = await importRaw(root, res.text);
      const newCid = (JSON.parse(imported.text) as { data: { cid: number } }).data.cid;
      const stored = await loadImportedFeed(db(), newCid);
      if (!stored) throw new Error('no feed');
      expect(computeScoreboard(feedToRankingInput(stored, { sealed: false }))).toEqual(live);
      const row = await db()
        .kysely.selectFrom('contest')
        .selectAll()
        .where('id', '=', newCid)
        .executeTakeFirstOrThrow();
      const original = await db()
        .kysely.selectFrom('contest')
        .selectAll()
        .where('id', '=', cid)
        .executeTakeFirstOrThrow();
      expect([row.title, row.start_time, row.end_time, row.seal_rank, row.seal_rank_time]).toEqual([
        original.title,
        original.start_time,
        original.end_time,
        1,
        original.seal_rank_time,
      ]);
      // the ordinary contest is not an imported one
      expect(await loadImportedFeed(db(), cid)).toBeNull();
    });

    it('lets only the contest admins export: anonymous 401, a user 403, another admin 403, root ok', async () => {
      expect((await exportRaw(anon, cid)).status).toBe(401);
      expect((await exportRaw(user, cid)).status).toBe(403);
      const other = await exportRaw(otherAdmin, cid);
      expect([other.status, JSON.parse(other.text).msg]).toEqual([
        403,
        "Only the contest's author or a super admin may manage this contest.",
      ]);
      expect((await exportRaw(root, cid)).status).toBe(200);
      expect((await exportRaw(root, 987654)).status).toBe(404);
    });

    it('exports clarifications: team questions, answers to one team or to all, and the jury messages', async () => {
      await client('fgus');
      const k = db().kysely;
      /** A message written straight into the table, `offset` ms after the start. */
      async function message(m: {
        by: string;
        jury?: boolean;
        to?: string;
        replyTo?: number;
        cpid?: number;
        text: string;
        offset: number;
      }): Promise<number> {
        const row = await k
          .insertInto('contest_clarification')
          .values({
            cid,
            cpid: m.cpid ?? null,
            uid: uids[m.by] as string,
            from_jury: m.jury ? 1 : 0,
            to_uid: m.to ? (uids[m.to] as string) : null,
            reply_to_id: m.replyTo ?? null,
            text: m.text,
            answered: 0,
            answered_by: null,
            answered_at: null,
            gmt_create: new Date(start + m.offset).toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }
      const q1 = await message({ by: 'falice', cpid: cpA, text: 'Is n at most 10^9?', offset: 30 * MIN });
      const a1 = await message({
        by: 'fadmin',
        jury: true,
        to: 'falice',
        replyTo: q1,
        cpid: cpA,
        text: 'Yes.',
        offset: 32 * MIN,
      });
      // fgus neither registered nor submitted: asking makes a team of him
      const q2 = await message({ by: 'fgus', text: 'May the graph have loops?', offset: 40 * MIN });
      const a2 = await message({ by: 'root', jury: true, replyTo: q2, text: 'No loops.', offset: 45 * MIN });
      const q3 = await message({ by: 'fbob', cpid: cpB, text: 'Unanswered.', offset: 50 * MIN });
      const j = await message({
        by: 'fadmin',
        jury: true,
        cpid: cpB,
        text: 'B: the sample is fixed.',
        offset: 60 * MIN,
      });
      // root and the creator are no teams: their questions, and private answers to them, stay out; an answer
      // to everyone of such a question is the jury's message to all
      const q5 = await message({ by: 'root', text: 'Root asks.', offset: 70 * MIN });
      await message({
        by: 'fadmin',
        jury: true,
        to: 'root',
        replyTo: q5,
        text: 'Private to root.',
        offset: 71 * MIN,
      });
      const q6 = await message({ by: 'fadmin', text: 'Creator asks.', offset: 72 * MIN });
      const a6 = await message({ by: 'root', jury: true, replyTo: q6, text: 'For all.', offset: 73 * MIN });

      const res = await exportRaw(admin, cid);
      expect(res.status).toBe(200);
      const events = res.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; id: string; data: Record<string, unknown> });
      const clarifications = events.filter((e) => e.type === 'clarifications');
      expect(clarifications.map((e) => e.id)).toEqual([q1, a1, q2, a2, q3, j, a6].map(String));
      const time = (offset: number) => new Date(start + offset).toISOString().replace('Z', '+00:00');
      expect(clarifications.map((e) => e.data)).toEqual([
        {
          id: String(q1),
          from_team_id: uids.falice,
          to_team_id: null,
          reply_to_id: null,
          problem_id: String(cpA),
          text: 'Is n at most 10^9?',
          time: time(30 * MIN),
          contest_time: '0:30:00.000',
        },
        {
          id: String(a1),
          from_team_id: null,
          to_team_id: uids.falice,
          reply_to_id: String(q1),
          problem_id: String(cpA),
          text: 'Yes.',
          time: time(32 * MIN),
          contest_time: '0:32:00.000',
        },
        expect.objectContaining({
          id: String(q2),
          from_team_id: uids.fgus,
          to_team_id: null,
          problem_id: null,
        }),
        expect.objectContaining({
          id: String(a2),
          from_team_id: null,
          to_team_id: null,
          reply_to_id: String(q2),
          text: 'No loops.',
          contest_time: '0:45:00.000',
        }),
        expect.objectContaining({ id: String(q3), from_team_id: uids.fbob, problem_id: String(cpB) }),
        expect.objectContaining({
          id: String(j),
          from_team_id: null,
          to_team_id: null,
          reply_to_id: null,
          problem_id: String(cpB),
          text: 'B: the sample is fixed.',
        }),
        expect.objectContaining({ id: String(a6), from_team_id: null, to_team_id: null, reply_to_id: null }),
      ]);
      // the asker is a team, and each clarification comes after the teams and problems it names
      const teams = events.filter((e) => e.type === 'teams').map((e) => e.id);
      expect(teams).toContain(uids.fgus);
      const firstClarification = events.findIndex((e) => e.type === 'clarifications');
      const named = events.flatMap((e, i) => (e.type === 'teams' || e.type === 'problems' ? [i] : []));
      expect(Math.max(...named)).toBeLessThan(firstClarification);
    });

    it('exports an OI contest as a score board: no penalty, a score on every judgement', async () => {
      const oi = await admin.api.adminAddContest(form({ type: 1 }, -3 * HOUR, HOUR));
      const res = await exportRaw(admin, oi.id);
      expect(res.status).toBe(200);
      const [contest] = res.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: unknown; data: object });
      expect(contest?.id).toBeNull();
      expect(contest?.data).toMatchObject({ scoreboard_type: 'score', oi_rank_score_type: 'Recent' });
      expect(contest?.data).not.toHaveProperty('penalty_time');
    });
  });
});
