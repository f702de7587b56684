import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestRowChanged } from '../../server/services/contests/contest-row-cache';
import type { AcmRankRow, OiRankRow } from '../../shared/api/contest-rank-types';
import { EVENT_FEED_EXPORT_PATH } from '../../shared/api/event-feed-endpoints';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { failure, type TestClient, testClient } from '../helpers/api';
import { type FeedEvent, parseFeed, SCHEMA_OF, spec, specViolations } from '../helpers/contest-api-spec';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * Exported event feeds against the ICPC Contest API's own JSON schemas (helpers/contest-api-spec.ts), and the
 * round trip: a contest exported, imported on a fresh site, shows the same board.
 */

const OLD_FEED = readFileSync(join(__dirname, '../fixtures/contests/verdict-feed/old-form.ndjson'), 'utf8');
const MIN = 60_000;

describe('the Contest API 2023-06 schemas in tests/fixtures/ccs-specs', () => {
  it('hold every event type and refuse what the spec refuses', () => {
    expect(spec.types).toEqual(expect.arrayContaining(Object.keys(SCHEMA_OF)));
    const feed = (...events: FeedEvent[]) => events.map((e) => JSON.stringify(e)).join('\n');
    const team = { id: 't1', name: 'One', label: '1' };
    expect(
      specViolations(
        feed(
          {
            type: 'contest',
            id: null,
            data: { id: 'c', name: 'C', duration: '1:00:00', scoreboard_type: 'pass-fail', penalty_time: 20 },
          },
          { type: 'teams', id: 't1', data: team },
        ),
      ),
    ).toEqual([]);
    const { label: _, ...unlabelled } = team;
    expect(specViolations(feed({ type: 'teams', id: 't1', data: unlabelled })).join('\n')).toMatch(
      /teams t1\): \/ must have required property 'label'/,
    );
    expect(
      specViolations(
        feed({ type: 'state', data: { started: null, ended: null, finalized: null, end_of_updates: null } }),
      ).join('\n'),
    ).toMatch(/must have required property 'id'/);
    expect(
      specViolations(
        feed({ type: 'judgement-types', id: 'PA', data: { id: 'PA', name: 'Partial', solved: false } }),
      ).join('\n'),
    ).toMatch(/must be equal to one of the allowed values/);
    const java = {
      id: 's',
      language_id: 'java',
      problem_id: 'p',
      team_id: 't1',
      time: '2025-01-01T00:00:00.000+00:00',
      contest_time: '0:00:00.000',
      files: [],
    };
    expect(specViolations(feed({ type: 'submissions', id: 's', data: java })).join('\n')).toMatch(
      /must have required property 'entry_point'/,
    );
    expect(
      specViolations(
        feed({
          type: 'contest',
          id: null,
          data: { id: 'c', name: 'C', duration: '1:00:00', scoreboard_type: 'score', penalty_time: 20 },
        }),
      ).join('\n'),
    ).toMatch(/must NOT be valid/);
  });

  it('refuse the feeds Verdict wrote before (teams without labels, HOJ status names, state without id)', () => {
    const found = specViolations(OLD_FEED).join('\n');
    expect(found).toMatch(/teams .*must have required property 'label'/);
    expect(found).toMatch(/state \): \/ must have required property 'id'/);
    expect(found).toMatch(/judgement-types PA\)/);
    expect(found).toMatch(/submissions 3\): \/ must have required property 'entry_point'/);
    expect(found).toMatch(/contest 1002\): id must be null/);
  });
});

type BoardRow = Omit<
  AcmRankRow & OiRankRow,
  'realname' | 'nickname' | 'school' | 'gender' | 'avatar' | 'total'
>;

interface Run {
  user: string;
  problem: 'A' | 'B';
  at: number;
  status: number;
  language?: string;
  score?: number | null;
  time?: number | null;
  code?: string;
}

describe.each(DATABASES)(
  'exported event feeds against the Contest API 2023-06 on $name',
  ({ name, databaseUrl }) => {
    let source: TestServer;
    let target: TestServer;
    let root: TestClient;
    let fresh: TestClient;
    let acm = 0;
    let oi = 0;
    const uids: Record<string, string> = {};

    const db = () => source.server.ctx.db;

    async function exportFeed(cid: number): Promise<string> {
      const res = await fetch(`${source.url}${EVENT_FEED_EXPORT_PATH}?cid=${cid}`, {
        headers: { Authorization: root.token ?? '' },
      });
      expect(res.status).toBe(200);
      return res.text();
    }

    /**
     * A contest's rank page as its admin sees it: sealed as the public sees it, or live. The feed carries the
     * board's name only, so personal names, schools and avatars stay on the site and are left out; so is `total`,
     * which an imported board counts with after-contest submissions and the site's without.
     */
    async function board(client: TestClient, cid: number, live: boolean): Promise<BoardRow[]> {
      const page = await client.api.getContestRank({ cid, currentPage: 1, limit: 300, forceRefresh: live });
      return page.records.map((r) => {
        const { realname, nickname, school, gender, avatar, total, ...row } = r as AcmRankRow & OiRankRow;
        return row;
      });
    }

    /** Moves a demo contest into the past: two hours, sealed for the last thirty minutes, still sealed after. */
    async function endContest(cid: number, start: number) {
      await db()
        .kysely.updateTable('contest')
        .set({
          start_time: new Date(start).toISOString(),
          end_time: new Date(start + 120 * MIN).toISOString(),
          duration: 7200,
          seal_rank: 1,
          seal_rank_time: new Date(start + 90 * MIN).toISOString(),
          auto_real_rank: 0,
          gmt_modified: new Date().toISOString(),
        })
        .where('id', '=', cid)
        .execute();
      contestRowChanged(db(), cid);
    }

    async function insertRuns(cid: number, start: number, runs: Run[]) {
      const problems = await db()
        .kysely.selectFrom('contest_problem')
        .select(['id', 'pid', 'display_id'])
        .where('cid', '=', cid)
        .execute();
      for (const r of runs) {
        const p = problems.find((x) => x.display_id === r.problem);
        if (!p) throw new Error(`no problem ${r.problem}`);
        await db()
          .kysely.insertInto('judge')
          .values({
            pid: p.pid,
            display_pid: r.problem,
            uid: uids[r.user] as string,
            username: r.user,
            submit_time: new Date(start + r.at).toISOString(),
            status: r.status,
            share: 0,
            time: r.time === undefined ? 10 : r.time,
            memory: 1024,
            score: r.score ?? null,
            length: 60,
            code: r.code ?? 'int main(){}',
            language: r.language ?? 'C++',
            cid,
            cpid: p.id,
            is_manual: 0,
            attempt: 1,
            gmt_modified: new Date(start + r.at + 1500).toISOString(),
          })
          .execute();
      }
    }

    beforeAll(async () => {
      if (name === 'postgres') await assertPostgresReachable();
      source = await startTestServer({ databaseUrl, judgeWorkers: 0 });
      target = await startTestServer({ databaseUrl, judgeWorkers: 0, demo: false });
      root = testClient(source.url);
      await root.login('root', source.rootPassword);
      fresh = testClient(target.url);
      await fresh.login('root', target.rootPassword);
      const contests = await db().kysely.selectFrom('contest').select(['id', 'title']).execute();
      acm = contests.find((c) => c.title === 'Verdict Warm-up Round')?.id ?? 0;
      oi = contests.find((c) => c.title === 'Verdict OI Open')?.id ?? 0;
      uids.root = (
        await db()
          .kysely.selectFrom('user_info')
          .select('uuid')
          .where('username', '=', 'root')
          .executeTakeFirstOrThrow()
      ).uuid;
    });
    afterAll(async () => {
      await source?.destroy();
      await target?.destroy();
    });

    it('exports each demo contest as seeded (a running ACM contest, an OI contest not started) within the schemas', async () => {
      expect([acm, oi].every((id) => id > 0)).toBe(true);
      for (const cid of [acm, oi]) {
        const feed = await exportFeed(cid);
        expect(specViolations(feed), `contest ${cid}`).toEqual([]);
      }
      const [contest] = parseFeed(await exportFeed(oi));
      expect(contest).toMatchObject({ type: 'contest', id: null, data: { scoreboard_type: 'score' } });
      expect(contest?.data).not.toHaveProperty('penalty_time');
    });

    describe('with submissions of every kind', () => {
      const acmStart = Date.now() - 3 * 60 * MIN;
      const oiStart = acmStart + 7 * MIN;

      beforeAll(async () => {
        for (const [username, opts] of [
          ['sa1', { nickname: 'Ann' }],
          ['sa2', {}],
          ['sa3', {}],
          ['sa4', {}],
          ['sa5', {}],
          ['so1', {}],
          ['so2', {}],
          ['so3', {}],
          ['so4', {}],
        ] as const) {
          uids[username] = (await userClient(source, username, opts)).uid;
        }
        await db()
          .kysely.updateTable('user_info')
          .set({ school: 'Spec U' })
          .where('username', 'in', ['sa1', 'sa3', 'so2'])
          .execute();
        await db()
          .kysely.updateTable('contest')
          .set({ star_account: '["sa4"]' })
          .where('id', '=', acm)
          .execute();
        contestRowChanged(db(), acm);
        await endContest(acm, acmStart);
        await endContest(oi, oiStart);
        const S = JudgeStatus;
        await insertRuns(acm, acmStart, [
          { user: 'sa1', problem: 'A', at: 10 * MIN, status: S.WRONG_ANSWER },
          { user: 'sa1', problem: 'A', at: 20 * MIN + 700, status: S.ACCEPTED },
          { user: 'sa1', problem: 'B', at: 30 * MIN, status: S.RUNTIME_ERROR, language: 'Java' },
          {
            user: 'sa1',
            problem: 'B',
            at: 50 * MIN,
            status: S.ACCEPTED,
            language: 'Java',
            code: '/* class Main */ public class Solver { public static void main(String[] a) {} }',
          },
          { user: 'sa1', problem: 'A', at: 100 * MIN, status: S.ACCEPTED },
          { user: 'sa2', problem: 'A', at: 5 * MIN, status: S.PRESENTATION_ERROR, language: 'Python3' },
          { user: 'sa2', problem: 'A', at: 15 * MIN + 30_000, status: S.ACCEPTED, language: 'Python3' },
          { user: 'sa2', problem: 'B', at: 40 * MIN, status: S.SYSTEM_ERROR, language: 'C' },
          { user: 'sa2', problem: 'B', at: 45 * MIN, status: S.PARTIAL_ACCEPTED, language: 'C' },
          { user: 'sa2', problem: 'B', at: 46 * MIN, status: S.CANCELLED, language: 'C' },
          { user: 'sa2', problem: 'B', at: 47 * MIN, status: S.COMPILE_ERROR, language: 'C' },
          { user: 'sa2', problem: 'B', at: 48 * MIN, status: S.SUBMITTED_FAILED, language: 'C' },
          { user: 'sa2', problem: 'B', at: 49 * MIN, status: S.SUBMITTED_UNKNOWN, language: 'C' },
          { user: 'sa2', problem: 'B', at: 95 * MIN, status: S.ACCEPTED, language: 'C' },
          { user: 'sa3', problem: 'A', at: 3 * MIN, status: S.TIME_LIMIT_EXCEEDED, language: 'C++ 20' },
          { user: 'sa3', problem: 'A', at: 4 * MIN, status: S.MEMORY_LIMIT_EXCEEDED, language: 'Golang' },
          { user: 'sa3', problem: 'A', at: 60 * MIN, status: S.ACCEPTED, language: 'JavaScript (Node)' },
          { user: 'sa3', problem: 'B', at: 100 * MIN, status: S.PENDING },
          { user: 'sa3', problem: 'B', at: 101 * MIN, status: S.JUDGING },
          { user: 'sa4', problem: 'A', at: 1 * MIN, status: S.ACCEPTED },
          { user: 'sa5', problem: 'B', at: -5 * MIN, status: S.ACCEPTED },
          { user: 'sa5', problem: 'A', at: 30 * MIN, status: S.WRONG_ANSWER, language: 'Brainfuck' },
          { user: 'sa5', problem: 'B', at: 125 * MIN, status: S.WRONG_ANSWER },
          { user: 'root', problem: 'A', at: 2 * MIN, status: S.ACCEPTED },
        ]);
        await insertRuns(oi, oiStart, [
          { user: 'so1', problem: 'A', at: 10 * MIN, status: S.PARTIAL_ACCEPTED, score: 40, time: 100 },
          { user: 'so1', problem: 'A', at: 20 * MIN, status: S.ACCEPTED, score: 100, time: 50 },
          { user: 'so1', problem: 'A', at: 30 * MIN, status: S.WRONG_ANSWER, score: 20, time: 43 },
          { user: 'so1', problem: 'A', at: 130 * MIN, status: S.ACCEPTED, score: 100, time: 5 },
          {
            user: 'so2',
            problem: 'A',
            at: 15 * MIN,
            status: S.ACCEPTED,
            score: 100,
            time: 30,
            language: 'Java',
          },
          { user: 'so2', problem: 'A', at: 40 * MIN, status: S.ACCEPTED, score: 100, time: 29 },
          { user: 'so3', problem: 'A', at: 5 * MIN, status: S.COMPILE_ERROR, score: null, time: null },
          { user: 'so3', problem: 'A', at: 95 * MIN, status: S.PARTIAL_ACCEPTED, score: 60, time: 87 },
          { user: 'so4', problem: 'A', at: 50 * MIN, status: S.PENDING, score: null, time: null },
        ]);
      });

      it('exports both contests within the schemas, every HOJ status as the API judgement type that means it', async () => {
        const feeds = [await exportFeed(acm), await exportFeed(oi)];
        for (const feed of feeds) expect(specViolations(feed)).toEqual([]);
        const events = parseFeed(feeds[0] as string);
        const data = (type: string) => events.filter((e) => e.type === type).map((e) => e.data ?? {});
        expect(data('judgement-types').map((t) => [t.id, t.penalty, t.solved])).toEqual([
          ['AC', false, true],
          ['WA', true, false],
          ['TLE', true, false],
          ['MLE', true, false],
          ['RTE', true, false],
          ['PE', true, false],
          ['CE', false, false],
          ['RE', false, false],
          ['SE', false, false],
          ['CS', false, false],
        ]);
        const rows = await db()
          .kysely.selectFrom('judge')
          .select(['submit_id', 'status'])
          .where('cid', '=', acm)
          .execute();
        const statusOf = new Map(rows.map((r) => [String(r.submit_id), r.status]));
        const typeOfStatus = new Map<number, unknown>();
        for (const j of data('judgements'))
          typeOfStatus.set(statusOf.get(String(j.submission_id)) ?? NaN, j.judgement_type_id ?? null);
        const S = JudgeStatus;
        expect(Object.fromEntries(typeOfStatus)).toEqual({
          [S.ACCEPTED]: 'AC',
          [S.WRONG_ANSWER]: 'WA',
          [S.TIME_LIMIT_EXCEEDED]: 'TLE',
          [S.MEMORY_LIMIT_EXCEEDED]: 'MLE',
          [S.RUNTIME_ERROR]: 'RTE',
          [S.PRESENTATION_ERROR]: 'PE',
          [S.COMPILE_ERROR]: 'CE',
          [S.PARTIAL_ACCEPTED]: 'RE',
          [S.SUBMITTED_FAILED]: 'SE',
          [S.SYSTEM_ERROR]: 'CS',
          [S.CANCELLED]: 'CS',
          [S.SUBMITTED_UNKNOWN]: 'CS',
          [S.PENDING]: null,
          [S.JUDGING]: null,
        });
        // in order of first use; a second C++ keeps what tells it apart, as the API recommends
        expect(data('languages').map((l) => [l.name, l.id, l.entry_point_name])).toEqual([
          ['C++', 'cpp', null],
          ['C++ 20', 'cpp20', null],
          ['Golang', 'go', null],
          ['Python3', 'python3', 'Main file'],
          ['Java', 'java', 'Main class'],
          ['Brainfuck', 'brainfuck', null],
          ['C', 'c', null],
          ['JavaScript (Node)', 'javascript', 'Main file'],
        ]);
        // a Java run names the class the judge runs: the one its code declares, else HOJ's Main
        const javaEntries = data('submissions')
          .filter((s) => s.language_id === 'java')
          .map((s) => s.entry_point);
        expect(javaEntries).toEqual(['Main', 'Solver']);
        const entries = new Map(data('submissions').map((s) => [s.language_id, s.entry_point ?? null]));
        expect(Object.fromEntries(entries)).toMatchObject({
          python3: 'main.py',
          javascript: 'main.js',
          cpp: null,
        });
        expect(data('teams').map((t) => [t.label, t.name, t.group_ids])).toEqual([
          ['sa1', 'sa1', []],
          ['sa2', 'sa2', []],
          ['sa3', 'sa3', []],
          ['sa4', 'sa4', ['star']],
          ['sa5', 'sa5', []],
        ]);
        expect(data('contest')[0]).toMatchObject({
          scoreboard_type: 'pass-fail',
          penalty_time: 20,
          penalty_mode: 'hoj-seconds',
        });
        const oiEvents = parseFeed(feeds[1] as string);
        expect(oiEvents.find((e) => e.type === 'contest')?.data).toMatchObject({
          scoreboard_type: 'score',
          oi_rank_score_type: 'Recent',
        });
        const problem = await db()
          .kysely.selectFrom('problem')
          .select(['io_score', 'time_limit'])
          .where('problem_id', '=', '1000')
          .executeTakeFirstOrThrow();
        expect(oiEvents.find((e) => e.type === 'problems')?.data).toMatchObject({
          max_score: problem.io_score,
          time_limit: problem.time_limit / 1000,
          test_data_count: expect.any(Number),
        });
        expect(
          oiEvents
            .filter((e) => e.type === 'judgements')
            .map((e) => [e.data?.judgement_type_id ?? null, e.data?.score, e.data?.max_run_time ?? null]),
        ).toEqual([
          ['CE', 0, null],
          ['RE', 40, 0.1],
          ['AC', 100, 0.03],
          ['AC', 100, 0.05],
          ['WA', 20, 0.043],
          ['AC', 100, 0.029],
          [null, 0, null],
          ['RE', 60, 0.087],
          ['AC', 100, 0.005],
        ]);
      });

      it('round-trips the ACM contest: imported on a fresh site, its board equals the original, sealed and live', async () => {
        const feed = await exportFeed(acm);
        const { cid } = await fresh.api.adminImportEventFeed(feed);
        const row = await target.server.ctx.db.kysely
          .selectFrom('contest')
          .selectAll()
          .where('id', '=', cid)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ type: 0, penalty_mode: 'hoj-seconds', seal_rank: 1 });
        for (const live of [false, true]) {
          const original = await board(root, acm, live);
          expect(await board(fresh, cid, live), `live ${live}`).toEqual(original);
          expect(original.length).toBe(5);
        }
        // what the original shows: star sa4 unranked, hoj-seconds penalties, CE/SE/PA/CA/SF/UNKNOWN free
        const live = await board(root, acm, true);
        expect(live.map((r) => [r.username, r.rank, r.ac, r.totalTime])).toEqual([
          ['sa1', 1, 2, 20 * 60 + 20 * 60 + 50 * 60 + 20 * 60],
          ['sa2', 2, 2, 15 * 60 + 30 + 20 * 60 + 95 * 60],
          ['sa4', -1, 1, 60],
          ['sa3', 3, 1, 60 * 60 + 40 * 60],
          ['sa5', 4, 0, 0],
        ]);
      });

      it('round-trips the OI contest: imported on a fresh site as an OI contest, the same board, sealed and live', async () => {
        const feed = await exportFeed(oi);
        const { cid } = await fresh.api.adminImportEventFeed(feed);
        const row = await target.server.ctx.db.kysely
          .selectFrom('contest')
          .selectAll()
          .where('id', '=', cid)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ type: 1, oi_rank_score_type: 'Recent', seal_rank: 1 });
        for (const live of [false, true]) {
          expect(await board(fresh, cid, live), `live ${live}`).toEqual(await board(root, oi, live));
        }
        const live = await board(root, oi, true);
        expect(live.map((r) => [r.username, r.rank, r.totalScore, r.totalTime])).toEqual([
          ['so2', 1, 100, 29],
          ['so3', 2, 60, 0],
          ['so1', 3, 20, 50],
          ['so4', 4, 0, 0],
        ]);
        // an imported OI contest keeps its rules: it cannot become ACM, other changes pass
        const vo = await fresh.api.adminGetContest(cid);
        const base = {
          id: cid,
          title: vo.title,
          description: vo.description,
          auth: 0 as const,
          startTime: vo.startTime,
          endTime: vo.endTime,
        };
        const toAcm = await failure(fresh.api.adminUpdateContest({ ...base, type: 0 as const }));
        expect([toAcm.status, toAcm.message]).toEqual([
          400,
          'This contest was imported from an event feed: its rules (ACM or OI) come from the feed and cannot be changed.',
        ]);
        expect(
          await fresh.api.adminUpdateContest({ ...base, type: 1 as const, sealRank: false }),
        ).toMatchObject({ sealRank: false });
      });

      it('exports clarifications within the schema: questions, private answers, answers and messages to all', async () => {
        const problems = await db()
          .kysely.selectFrom('contest_problem')
          .select(['id', 'display_id'])
          .where('cid', '=', acm)
          .execute();
        const cpA = problems.find((p) => p.display_id === 'A')?.id ?? null;
        let asked = 0;
        const write = async (m: { by: string; jury?: boolean; to?: string; replyTo?: number; at: number }) =>
          (
            await db()
              .kysely.insertInto('contest_clarification')
              .values({
                cid: acm,
                cpid: m.jury ? null : cpA,
                uid: uids[m.by] as string,
                from_jury: m.jury ? 1 : 0,
                to_uid: m.to ? (uids[m.to] as string) : null,
                reply_to_id: m.replyTo ?? null,
                text: `message ${++asked}`,
                answered: 0,
                answered_by: null,
                answered_at: null,
                gmt_create: new Date(acmStart + m.at).toISOString(),
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        const q1 = await write({ by: 'sa1', at: 10 * MIN });
        await write({ by: 'root', jury: true, to: 'sa1', replyTo: q1, at: 11 * MIN });
        const q2 = await write({ by: 'sa2', at: 12 * MIN });
        await write({ by: 'root', jury: true, replyTo: q2, at: 13 * MIN });
        await write({ by: 'root', jury: true, at: -5 * MIN });
        const feed = await exportFeed(acm);
        expect(specViolations(feed)).toEqual([]);
        const clarifications = parseFeed(feed).filter((e) => e.type === 'clarifications');
        expect(
          clarifications.map((e) => [e.data?.from_team_id, e.data?.to_team_id, e.data?.reply_to_id]),
        ).toEqual([
          [uids.sa1, null, null],
          [null, uids.sa1, String(q1)],
          [uids.sa2, null, null],
          [null, null, String(q2)],
          [null, null, null],
        ]);
        // a message before the start has a negative contest time
        expect(clarifications[4]?.data?.contest_time).toBe('-0:05:00.000');
        // the checker refuses a clarification from a team to a team, and one naming no team
        const broken = feed.replace(
          `"from_team_id":null,"to_team_id":"${uids.sa1}"`,
          `"from_team_id":"${uids.sa2}","to_team_id":"nobody"`,
        );
        expect(broken).not.toBe(feed);
        const found = specViolations(broken).join('\n');
        expect(found).toMatch(/clarifications \d+\): \/ must NOT be valid/);
        expect(found).toMatch(/to_team_id names no teams/);
        // a feed with clarifications imports as before: the same board
        const { cid } = await fresh.api.adminImportEventFeed(feed);
        expect(await board(fresh, cid, true)).toEqual(await board(root, acm, true));
      });
    });

    it('imports a feed written by the earlier exporter (old form): same contest, same board', async () => {
      const { cid } = await fresh.api.adminImportEventFeed(OLD_FEED);
      const row = await target.server.ctx.db.kysely
        .selectFrom('contest')
        .selectAll()
        .where('id', '=', cid)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        title: 'Old Feed Cup',
        type: 0,
        start_time: '2025-03-01T09:00:00.000Z',
        end_time: '2025-03-01T11:00:00.000Z',
        seal_rank: 1,
        seal_rank_time: '2025-03-01T10:30:00.000Z',
        penalty_mode: 'icpc-minutes',
      });
      const live = await board(fresh, cid, true);
      // its RE was a runtime error with penalty, SE/PA/CA cost nothing: the feed's own flags say so
      expect(live.map((r) => [r.username, r.rank, r.ac, r.totalTime / 60])).toEqual([
        ['oalice', 1, 2, 20 + 20 + 50 + 20],
        ['ostar', -1, 1, 1],
        ['obob', 2, 1, 15 + 20],
        ['ocarol', 3, 1, 95],
      ]);
      const sealed = await board(fresh, cid, false);
      expect(sealed.find((r) => r.username === 'ocarol')).toMatchObject({
        ac: 0,
        submissionInfo: { A: { tryNum: 1, isFrozen: true } },
      });
    });
  },
);
