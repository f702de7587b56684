import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_FEED_IMPORT_PATH } from '../../shared/api/event-feed-endpoints';
import { CONTEST_GUARDS } from '../../shared/constants/contests';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { COMMENT_RATE } from '../../shared/constants/limits';
import { Role } from '../../shared/constants/roles';
import type { ContestForm } from '../../shared/schemas/contests';
import { A_PLUS_B, failure, type TestClient, testClient } from '../helpers/api';
import { at, createContest } from '../helpers/contests';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const code = A_PLUS_B['C++'] ?? '';

/** What a settled call answered: the HTTP status and message, whether it succeeded or not. */
async function outcome(call: Promise<unknown>): Promise<{ status: number; msg: string; data: unknown }> {
  try {
    await call;
    return { status: 200, msg: '', data: null };
  } catch (e) {
    const err = await failure(Promise.reject(e));
    return { status: err.httpStatus, msg: err.message, data: err.data };
  }
}

/** The seconds a "try again in N seconds" message names. */
const secondsIn = (msg: string) => Number(/(\d+) seconds/.exec(msg)?.[1] ?? Number.NaN);

/** A small valid event feed: one problem, two teams, one accepted run. */
const feedEvents = () => [
  {
    type: 'contest',
    id: 'tiny',
    data: {
      id: 'tiny',
      name: 'Tiny Cup',
      start_time: '2025-01-05T10:00:00.000+01:00',
      duration: '1:00:00.000',
      penalty_time: 20,
    } as Record<string, unknown>,
  },
  { type: 'judgement-types', id: 'AC', data: { id: 'AC', name: 'correct', penalty: false, solved: true } },
  { type: 'problems', id: 'p1', data: { id: 'p1', label: 'A', name: 'Apples', ordinal: 0 } },
  { type: 'teams', id: 't1', data: { id: 't1', name: 'Team One' } },
  { type: 'teams', id: 't2', data: { id: 't2', name: 'Team Two' } },
  {
    type: 'submissions',
    id: 's1',
    data: { id: 's1', team_id: 't2', problem_id: 'p1', contest_time: '0:12:30.000' } as Record<
      string,
      unknown
    >,
  },
  { type: 'judgements', id: 'j1', data: { id: 'j1', submission_id: 's1', judgement_type_id: 'AC' } },
];
const ndjson = (events: unknown[]) => events.map((e) => JSON.stringify(e)).join('\n');

/**
 * Abuse limits and leaks of contests (docs/security.md): contest password guessing, the per-contest burst limit
 * of submissions and test runs, what sealed boards and running contests must not tell, the event-feed import's
 * early refusal and its 400s, and the comment and reply rate limits. Nothing judges here (no workers).
 */
describe.each(DATABASES)('contest abuse limits on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let anon: TestClient;
  let pidA: number;
  let pidB: number;
  let userCount = 0;

  const db = () => server.server.ctx.db.kysely;
  /** a fresh ordinary user (or of the role given) for each scenario, so limits of one never touch another */
  const fresh = (roleId?: (typeof Role)[keyof typeof Role]) => {
    userCount += 1;
    return userClient(server, `ab${name.slice(0, 2)}${userCount}`, { roleId });
  };

  /** A contest made by root with problems A (1000) and B (1001); running by default. */
  async function contest(overrides: Partial<ContestForm> = {}, from = -HOUR, length = 3 * HOUR) {
    return createContest(root, [pidA, pidB], { title: 'Abuse Cup', from, length, overrides });
  }
  /** Changes some settings of a contest, sending the rest as they are. */
  async function update(cid: number, changes: Partial<ContestForm>) {
    const vo = await root.api.adminGetContest(cid);
    return root.api.adminUpdateContest({
      id: cid,
      title: vo.title,
      description: vo.description,
      type: vo.type,
      auth: vo.auth,
      pwd: vo.pwd,
      startTime: vo.startTime,
      endTime: vo.endTime,
      sealRank: vo.sealRank,
      sealRankTime: vo.sealRankTime,
      autoRealRank: vo.autoRealRank,
      openRank: vo.openRank,
      rankShowName: vo.rankShowName,
      ...changes,
    });
  }
  const submit = (c: TestClient, cid: number, pid = 'A') =>
    c.api.submitProblemJudge({ pid, cid, language: 'C++', code });
  const judgeRows = async (cid: number) =>
    Number(
      (
        await db()
          .selectFrom('judge')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('cid', '=', cid)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Sets a submission's verdict and submit time (a judge would have done the first). */
  async function judged(submitId: number, status: number, offset: number, score: number | null = null) {
    await db()
      .updateTable('judge')
      .set({ status, score, time: 15, memory: 1200, submit_time: at(offset) })
      .where('submit_id', '=', submitId)
      .execute();
  }

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    anon = testClient(server.url);
    const rows = await db().selectFrom('problem').select(['id', 'problem_id']).execute();
    pidA = rows.find((r) => r.problem_id === '1000')?.id ?? 0;
    pidB = rows.find((r) => r.problem_id === '1001')?.id ?? 0;
    // a source that hints at the solution (set before anything caches the statement)
    await db().updateTable('problem').set({ source: 'Secret Cup 2025' }).where('id', '=', pidB).execute();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('contest passwords', () => {
    it('allows 5 wrong passwords per user and contest, then makes each try wait longer', async () => {
      const cid = await contest({ auth: 2, pwd: 'letmein' });
      const guesser = await fresh();
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(guesser.token);
      const wrong = () => outcome(guesser.api.registerContest({ cid, password: 'guess' }));
      for (let i = 1; i <= 4; i++) {
        expect(await wrong(), `try ${i}`).toMatchObject({ status: 400, msg: 'Wrong contest password.' });
      }
      expect(await wrong()).toMatchObject({
        status: 400,
        msg: 'Wrong contest password. Please wait 30 seconds before the next try.',
      });
      // during the wait even the right password is not checked
      const refused = await outcome(guesser.api.registerContest({ cid, password: 'letmein' }));
      expect(refused.status).toBe(429);
      expect(refused.msg).toMatch(
        /^Speed too fast, may be machine operation! Please try again in \d+ seconds\.$/,
      );
      expect(secondsIn(refused.msg)).toBeGreaterThanOrEqual(1);
      expect(secondsIn(refused.msg)).toBeLessThanOrEqual(30);
      const refusedZh = await outcome(zh.api.registerContest({ cid, password: 'letmein' }));
      expect(refusedZh.msg).toMatch(/^操作过快，可能是机器操作！请在 \d+ 秒后再试。$/);
      expect(await guesser.api.getContestAccess(cid)).toEqual({ access: false });

      // other users and other contests are not affected
      const other = await fresh();
      await other.api.registerContest({ cid, password: 'letmein' });
      const second = await contest({ auth: 2, pwd: 'letmein' });
      await guesser.api.registerContest({ cid: second, password: 'letmein' });

      // once the wait is over (moved into the past here), a wrong password doubles it
      const passTime = () =>
        db()
          .updateTable('contest_password_try')
          .set({ retry_at: at(-1000) })
          .where('cid', '=', cid)
          .execute();
      await passTime();
      expect(await wrong()).toMatchObject({
        status: 400,
        msg: 'Wrong contest password. Please wait 60 seconds before the next try.',
      });
      await passTime();
      await guesser.api.registerContest({ cid, password: 'letmein' });
      expect(await guesser.api.getContestAccess(cid)).toEqual({ access: true });
    });

    it('counts parallel guesses: of 10 at once, 5 are checked and 5 refused', async () => {
      const cid = await contest({ auth: 1, pwd: 's3cret' });
      const guesser = await fresh();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          outcome(guesser.api.registerContest({ cid, password: `g${i}` })),
        ),
      );
      expect(answers.filter((a) => a.status === 400)).toHaveLength(CONTEST_GUARDS.password.freeTries);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    });

    it('forgets the wrong tries after the right password', async () => {
      const cid = await contest({ auth: 2, pwd: 'letmein' });
      const user = await fresh();
      for (let i = 0; i < 4; i++) await outcome(user.api.registerContest({ cid, password: 'nope' }));
      await user.api.registerContest({ cid, password: 'letmein' });
      // a new password drops the registrations (HOJ); the count starts from zero again
      await update(cid, { pwd: 'changed' });
      for (let i = 1; i <= 4; i++) {
        expect(await outcome(user.api.registerContest({ cid, password: 'nope' }))).toMatchObject({
          status: 400,
          msg: 'Wrong contest password.',
        });
      }
    });
  });

  describe('submission bursts', () => {
    it('takes 5 contest submissions at once and refuses the rest with the seconds to wait', async () => {
      const cid = await contest();
      const user = await fresh();
      const answers = await Promise.all(Array.from({ length: 10 }, () => outcome(submit(user, cid))));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(5);
      for (const r of refused) {
        expect(r.msg).toMatch(/^Too many submissions in a short time\. Please wait \d+ seconds\.$/);
        expect(secondsIn(r.msg)).toBeGreaterThanOrEqual(1);
        expect(secondsIn(r.msg)).toBeLessThanOrEqual(5);
        expect(r.data).toEqual({ seconds: secondsIn(r.msg) });
      }
      expect(await judgeRows(cid)).toBe(5);
      // each participant has a bucket of their own; the contest's admins have none
      const other = await fresh();
      await submit(other, cid);
      for (let i = 0; i < 7; i++) await submit(root, cid, 'B');
      expect(await judgeRows(cid)).toBe(13);
    });

    it('refills one submission every 5 seconds by default', async () => {
      const cid = await contest();
      const user = await fresh();
      for (let i = 0; i < 5; i++) await submit(user, cid);
      expect((await outcome(submit(user, cid))).status).toBe(429);
      // 5 seconds pass (moved here: the bucket's time is its only state)
      await db()
        .updateTable('contest_submit_bucket')
        .set((eb) => ({ tat_ms: eb('tat_ms', '-', 5000) }))
        .where('key', 'like', `%:${cid}:${user.uid}`)
        .execute();
      await submit(user, cid);
      expect((await outcome(submit(user, cid))).status).toBe(429);
    });

    it('is a setting of each contest, kept when a client does not send it', async () => {
      const created = await root.api.adminAddContest({
        title: 'Burst Cup',
        description: '',
        type: 0,
        auth: 0,
        startTime: at(-HOUR),
        endTime: at(HOUR),
      });
      expect(created).toMatchObject({ submitBurst: 5, submitRefillSeconds: 5 });
      const base = {
        id: created.id,
        title: created.title,
        description: '',
        type: 0 as const,
        auth: 0 as const,
        startTime: created.startTime,
        endTime: created.endTime,
      };
      const set = await root.api.adminUpdateContest({ ...base, submitBurst: 2, submitRefillSeconds: 60 });
      expect(set).toMatchObject({ submitBurst: 2, submitRefillSeconds: 60 });
      // an HOJ admin client knows nothing of them: they stay
      expect(await root.api.adminUpdateContest(base)).toMatchObject({
        submitBurst: 2,
        submitRefillSeconds: 60,
      });
      for (const [field, value, msg] of [
        ['submitBurst', 0, 'The submissions allowed at once are a whole number from 1 to 100.'],
        ['submitBurst', 1.5, 'The submissions allowed at once are a whole number from 1 to 100.'],
        [
          'submitRefillSeconds',
          3601,
          'The seconds until one more submission is allowed are a whole number from 1 to 3600.',
        ],
      ] as const) {
        const e = await failure(root.api.adminUpdateContest({ ...base, [field]: value }));
        expect([e.httpStatus, e.message]).toEqual([400, msg]);
      }
      // participants are held to it
      await root.api.adminAddContestProblemFromPublic({ cid: created.id, pid: pidA, displayId: 'A' });
      const user = await fresh();
      await submit(user, created.id);
      await submit(user, created.id);
      const refused = await outcome(submit(user, created.id));
      expect(refused.status).toBe(429);
      expect(secondsIn(refused.msg)).toBeGreaterThan(5);
      expect(secondsIn(refused.msg)).toBeLessThanOrEqual(60);
    });

    it('limits contest test runs too, with a bucket of their own', async () => {
      const cid = await contest();
      // a site admin is exempt from the site's test-run interval but takes part like anyone else
      const player = await fresh(Role.ADMIN);
      const run = () =>
        outcome(
          player.api.submitProblemTestJudge({
            pid: pidA,
            type: 'contest',
            cid,
            language: 'C++',
            code,
            userInput: '1 2',
          }),
        );
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await run());
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers[5]?.status).toBe(429);
      expect(answers[5]?.msg).toMatch(/^Too many test runs in a short time\. Please wait \d+ seconds\.$/);
      // submissions have their own bucket
      await submit(player, cid);
    });
  });

  describe('sealed results', () => {
    it('answers last-AC-code alike for users whose results after the seal are hidden', async () => {
      const cid = await contest({ type: 1, sealRank: true, sealRankTime: at(-30 * MINUTE) }, -HOUR, 2 * HOUR);
      const solver = await fresh();
      const failer = await fresh();
      const early = await fresh();
      const s1 = await submit(solver, cid);
      await judged(s1.submitId, JudgeStatus.ACCEPTED, -10 * MINUTE, 100);
      const s2 = await submit(failer, cid);
      await judged(s2.submitId, JudgeStatus.WRONG_ANSWER, -10 * MINUTE, 0);
      const s3 = await submit(early, cid);
      await judged(s3.submitId, JudgeStatus.ACCEPTED, -40 * MINUTE, 100);

      // the status calls already say "submitted" for both
      for (const [c, id] of [
        [solver, s1.submitId],
        [failer, s2.submitId],
      ] as const) {
        const status = await c.api.checkContestSubmissionsStatus(cid, [id]);
        expect(status[String(id)]?.status).toBe(JudgeStatus.SUBMITTED_UNKNOWN);
      }
      const a = await outcome(solver.api.getLastAcCode(pidA, cid));
      const b = await outcome(failer.api.getLastAcCode(pidA, cid));
      expect(a).toEqual(b);
      expect(a.status).toBe(403);
      // an accept before the seal was shown when it happened
      expect((await early.api.getLastAcCode(pidA, cid)).submitId).toBe(s3.submitId);
      // the contest's admins see live results
      const rootUid = (
        await db()
          .selectFrom('user_info')
          .select('uuid')
          .where('username', '=', 'root')
          .executeTakeFirstOrThrow()
      ).uuid;
      const s4 = await submit(root, cid);
      await judged(s4.submitId, JudgeStatus.ACCEPTED, -5 * MINUTE, 100);
      expect(rootUid).toBeTruthy();
      expect((await root.api.getLastAcCode(pidA, cid)).submitId).toBe(s4.submitId);
    });
  });

  describe('smaller leaks', () => {
    it('withholds the source from the rendered statement while the contest runs', async () => {
      const running = await contest();
      const ended = await contest({}, -3 * HOUR, HOUR);
      const user = await fresh();
      const live = await user.api.getContestProblemDetails(running, 'B');
      expect(live.problem.source).toBeNull();
      expect(JSON.stringify(live)).not.toContain('Secret Cup');
      const after = await user.api.getContestProblemDetails(ended, 'B');
      expect(after.problem.source).toBe('Secret Cup 2025');
      expect(after.statementHtml?.source).toContain('Secret Cup 2025');
    });

    it('sends only the name the board shows, except to the contest admins', async () => {
      const cid = await contest({ rankShowName: 'nickname', openRank: true });
      const alice = await fresh();
      const viewer = await fresh();
      await db()
        .updateTable('user_info')
        .set({ realname: 'Alice Real', nickname: 'Ali', school: 'North School' })
        .where('uuid', '=', alice.uid)
        .execute();
      await submit(alice, cid);
      const rowOf = (rows: { uid: string }[]) =>
        rows.find((r) => r.uid === alice.uid) as Record<string, unknown>;

      const inside = rowOf((await viewer.api.getContestRank({ cid })).records);
      expect(inside).toMatchObject({ nickname: 'Ali', realname: null, school: 'North School' });
      const outside = rowOf((await anon.api.getContestOutsideScoreboard({ cid })).records);
      expect(outside).toMatchObject({ nickname: 'Ali', realname: null });
      expect(JSON.stringify(outside)).not.toContain('Alice Real');
      const byAdmin = rowOf((await root.api.getContestRank({ cid })).records);
      expect(byAdmin).toMatchObject({ nickname: 'Ali', realname: 'Alice Real' });

      await update(cid, { rankShowName: 'realname' });
      expect(rowOf((await viewer.api.getContestRank({ cid })).records)).toMatchObject({
        nickname: null,
        realname: 'Alice Real',
      });
      await update(cid, { rankShowName: 'username' });
      expect(rowOf((await anon.api.getContestOutsideScoreboard({ cid })).records)).toMatchObject({
        nickname: null,
        realname: null,
      });
      // a keyword finds rows only by what the board shows
      expect((await viewer.api.getContestRank({ cid, keyword: 'Alice Real' })).records).toHaveLength(0);
    });

    it('sends the scroll board the shown name only, once it is open to participants', async () => {
      const cid = await contest(
        { sealRank: true, sealRankTime: at(-90 * MINUTE), autoRealRank: true, rankShowName: 'username' },
        -2 * HOUR,
        HOUR,
      );
      const alice = await fresh();
      const viewer = await fresh();
      await db()
        .updateTable('user_info')
        .set({ realname: 'Scroll Real', nickname: 'Scrolly' })
        .where('uuid', '=', alice.uid)
        .execute();
      const s = await root.api.submitProblemJudge({ pid: 'A', cid, language: 'C++', code });
      await db()
        .updateTable('judge')
        .set({
          uid: alice.uid,
          username: 'whoever',
          status: JudgeStatus.ACCEPTED,
          submit_time: at(-100 * MINUTE),
        })
        .where('submit_id', '=', s.submitId)
        .execute();
      const rows = await viewer.api.getScrollBoardSubmissions({ cid });
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain('Scroll Real');
      expect(JSON.stringify(rows)).not.toContain('Scrolly');
      const byAdmin = await root.api.getScrollBoardSubmissions({ cid });
      expect(byAdmin[0]).toMatchObject({ realname: 'Scroll Real', nickname: 'Scrolly' });
    });

    it("lists the admins' test submissions made before the start to the admins only", async () => {
      const cid = await contest();
      const test = await submit(root, cid);
      await judged(test.submitId, JudgeStatus.ACCEPTED, -2 * HOUR);
      const user = await fresh();
      const e = await failure(user.api.getContestSubmissions({ contestID: cid, beforeContestSubmit: true }));
      expect([e.httpStatus, e.message]).toEqual([
        403,
        "Only the contest's admins may list the test submissions made before the start.",
      ]);
      const mine = await user.api.getContestSubmissions({ contestID: cid });
      expect(mine.records.map((r) => r.submitId)).not.toContain(test.submitId);
      const admins = await root.api.getContestSubmissions({ contestID: cid, beforeContestSubmit: true });
      expect(admins.records.map((r) => r.submitId)).toEqual([test.submitId]);
    });
  });

  describe('event feed import', () => {
    /** Streams a declared 60 MiB body, 64 KiB at first, and says how much was sent when the answer came. */
    function bigUpload(
      token: string | null,
    ): Promise<{ status: number; body: string; sent: number; total: number }> {
      const total = 60 * 1024 * 1024;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const url = new URL(EVENT_FEED_IMPORT_PATH, server.url);
      return new Promise((resolve, reject) => {
        let sent = 0;
        const headers: Record<string, string | number> = {
          'Content-Type': 'application/x-ndjson',
          'Content-Length': total,
          'Accept-Language': 'en-US',
        };
        if (token) headers.Authorization = token;
        const req = httpRequest(
          { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (d: Buffer) => parts.push(d));
            res.on('end', () => {
              resolve({
                status: res.statusCode ?? 0,
                body: Buffer.concat(parts).toString('utf8'),
                sent,
                total,
              });
              req.destroy();
            });
          },
        );
        // the server may close the connection on us once it has answered
        req.on('error', (e) => (sent > 0 ? undefined : reject(e)));
        req.write(chunk);
        sent += chunk.length;
        // nothing more is sent unless the server still waits after 10 s: then the rest, so the call ends
        const timer = setTimeout(() => {
          while (sent < total && !req.destroyed) {
            req.write(chunk);
            sent += chunk.length;
          }
          req.end();
        }, 10_000);
        req.on('close', () => clearTimeout(timer));
      });
    }

    it('refuses an upload from anyone outside the contest admin area before reading its body', async () => {
      const anonAnswer = await bigUpload(null);
      expect(anonAnswer.status).toBe(401);
      expect(JSON.parse(anonAnswer.body)).toMatchObject({ status: 401, msg: 'Please login first' });
      expect(anonAnswer.sent).toBeLessThan(anonAnswer.total);
      const user = await fresh();
      const userAnswer = await bigUpload(user.token);
      expect(userAnswer.status).toBe(403);
      expect(userAnswer.sent).toBeLessThan(userAnswer.total);
    }, 60_000);

    it('answers every malformed feed with a 400 naming the line, the event and the field', async () => {
      const admin = await fresh(Role.ADMIN);
      const importRaw = async (events: unknown[]) => {
        const res = await fetch(`${server.url}${EVENT_FEED_IMPORT_PATH}`, {
          method: 'POST',
          headers: {
            Authorization: admin.token ?? '',
            'Content-Type': 'application/x-ndjson',
            'Accept-Language': 'en-US',
          },
          body: ndjson(events),
        });
        return [res.status, ((await res.json()) as { msg: string }).msg];
      };
      const contestWith = (data: Record<string, unknown>) => {
        const events = feedEvents();
        const contestEvent = events[0] as { data: Record<string, unknown> };
        contestEvent.data = { ...contestEvent.data, ...data };
        for (const [k, v] of Object.entries(data)) if (v === undefined) delete contestEvent.data[k];
        return events;
      };
      const before = await db()
        .selectFrom('contest')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const cases: [unknown[], string][] = [
        [
          contestWith({ duration: '99999999:00:00.000' }),
          'Line 1 of the event feed (contest "tiny"): duration must be longer than zero and at most 366 days.',
        ],
        [
          contestWith({ duration: `${'9'.repeat(400)}:00:00` }),
          'Line 1 of the event feed (contest "tiny"): duration must be longer than zero and at most 366 days.',
        ],
        [
          contestWith({ duration: '0:00:00' }),
          'Line 1 of the event feed (contest "tiny"): duration must be longer than zero and at most 366 days.',
        ],
        [
          contestWith({ duration: undefined }),
          'Line 1 of the event feed (contest "tiny"): duration is missing.',
        ],
        [
          contestWith({ start_time: '+275760-09-13T00:00:00.000Z' }),
          'Line 1 of the event feed (contest "tiny"): start_time must be a date and time from the year 1970 to 9999.',
        ],
        [
          contestWith({ start_time: 'next tuesday' }),
          'Line 1 of the event feed (contest "tiny"): start_time must be a date and time from the year 1970 to 9999.',
        ],
        [
          contestWith({ start_time: '9999-12-31T23:30:00Z' }),
          'Line 1 of the event feed (contest "tiny"): the contest would end after the year 9999.',
        ],
        [
          contestWith({ start_time: undefined }),
          'Line 1 of the event feed (contest "tiny"): start_time is missing.',
        ],
        [
          contestWith({ scoreboard_freeze_duration: '2:00:00' }),
          'Line 1 of the event feed (contest "tiny"): scoreboard_freeze_duration must lie between zero and the contest\'s duration.',
        ],
        [
          contestWith({ penalty_time: -5 }),
          'Line 1 of the event feed (contest "tiny"): penalty_time must be a whole number of minutes from 0 to 1440, or a contest time.',
        ],
        [
          [
            ...feedEvents().slice(0, 5),
            {
              type: 'submissions',
              id: 's9',
              data: { id: 's9', team_id: 't1', problem_id: 'p1', contest_time: '12 minutes' },
            },
          ],
          'Line 6 of the event feed (submissions "s9"): contest_time must be a contest time h:mm:ss.sss of at most 366 days.',
        ],
        [
          [
            ...feedEvents().slice(0, 5),
            {
              type: 'submissions',
              id: 's9',
              data: { id: 's9', team_id: 't1', problem_id: 'p1', contest_time: '99999999999:00:00' },
            },
          ],
          'Line 6 of the event feed (submissions "s9"): contest_time must be a contest time h:mm:ss.sss of at most 366 days.',
        ],
        [
          [...feedEvents(), { type: 'problems', id: 'p2', data: { id: 'p2', label: 'B', ordinal: 'first' } }],
          'Line 8 of the event feed (problems "p2"): ordinal must be a number.',
        ],
        [
          [...feedEvents(), { type: 'state', data: { started: 'yesterday' } }],
          'Line 8 of the event feed (state): started must be a date and time from the year 1970 to 9999.',
        ],
      ];
      for (const [events, msg] of cases) {
        expect(await importRaw(events), msg).toEqual([400, msg]);
      }
      const after = await db()
        .selectFrom('contest')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      expect(await importRaw(feedEvents())).toEqual([200, 'The event feed was imported as a new contest.']);
    });
  });

  describe('comments and replies', () => {
    it('takes 5 comments a minute from a user, and tells when to try again', async () => {
      const cid = await contest();
      const user = await fresh();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => outcome(user.api.addComment({ cid, content: `Question ${i}` }))),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(COMMENT_RATE.comment.perMinute);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(10 - COMMENT_RATE.comment.perMinute);
      for (const r of refused) {
        expect(r.msg).toMatch(
          /^You are posting comments too fast \(at most 5 a minute\)\. Please wait \d+ seconds\.$/,
        );
        expect(secondsIn(r.msg)).toBeLessThanOrEqual(60);
      }
      // root and the admins are not limited
      for (let i = 0; i < 7; i++) await root.api.addComment({ cid, content: `Announcement ${i}` });
    });

    it('takes 10 replies a minute, and at most 200 a day', async () => {
      const cid = await contest({}, -3 * HOUR, HOUR);
      const user = await fresh();
      const comment = await user.api.addComment({ cid, content: 'Thread' });
      const reply = (i: number) =>
        outcome(user.api.addReply({ reply: { commentId: comment.id, content: `Reply ${i}` } }));
      for (let i = 0; i < COMMENT_RATE.reply.perMinute; i++) expect((await reply(i)).status).toBe(200);
      const fast = await reply(99);
      expect(fast.status).toBe(429);
      expect(fast.msg).toMatch(
        /^You are posting replies too fast \(at most 10 a minute\)\. Please wait \d+ seconds\.$/,
      );

      // the minute windows end (moved into the past here) until the day's 200 are used
      let posted = COMMENT_RATE.reply.perMinute;
      while (posted < COMMENT_RATE.reply.perDay) {
        await db()
          .updateTable('rate_window')
          .set({ window_end: at(-1000) })
          .where('key', 'like', 'reply-minute:%')
          .execute();
        for (
          let i = 0;
          i < COMMENT_RATE.reply.perMinute && posted < COMMENT_RATE.reply.perDay;
          i++, posted++
        ) {
          expect((await reply(posted)).status).toBe(200);
        }
      }
      await db()
        .updateTable('rate_window')
        .set({ window_end: at(-1000) })
        .where('key', 'like', 'reply-minute:%')
        .execute();
      const daily = await reply(1000);
      expect(daily.status).toBe(429);
      expect(daily.msg).toMatch(
        /^You have posted 200 replies in 24 hours, the most allowed\. Please try again in \d+ h \d+ min\.$/,
      );
      const zh = testClient(server.url, 'zh-CN');
      zh.setToken(user.token);
      const dailyZh = await outcome(zh.api.addReply({ reply: { commentId: comment.id, content: 'again' } }));
      expect(dailyZh.msg).toMatch(
        /^您在 24 小时内已发表 200 条回复，已达上限。请在 \d+ 小时 \d+ 分钟后再试。$/,
      );
      // comments are counted apart
      await user.api.addComment({ cid, content: 'Another thread' });
    });
  });
});
