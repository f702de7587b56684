/**
 * What tests/api/faults.test.ts asserts after a fault, read from the database (and DATA_DIR) rather
 * than through the server under test: each returns the violations it found (empty: it holds) and
 * the figures the report gives.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../server/db/database';
import type { AcmRankRow } from '../../shared/api/contest-rank-types';
import { JUDGING_STATUSES, JudgeStatus } from '../../shared/constants/judge-status';
import type { TestClient } from './api';
import { EXPECTED, type SentTry, tagOf } from './faults-load';

export interface SubmissionFigures {
  rows: number;
  acknowledged: number;
  /** rows stored by a submit whose answer never came (the server died first) */
  storedWithoutAnswer: number;
  /** rows judged on a later attempt than the first claim (a judge died or the server restarted) */
  claimedAgain: number;
  /** finished submissions as the judges' counters have them */
  finishesCounted: number;
  byJudger: Record<string, number>;
}

/** Active test cases per problem (database id): what a fully judged submission has one row each of. */
export async function caseCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db.kysely
    .selectFrom('problem_case')
    .select(['pid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 0)
    .groupBy('pid')
    .execute();
  return new Map(rows.map((r) => [r.pid, Number(r.n)]));
}

/**
 * Every acknowledged submission exists once with the verdict its program must get, every stored row
 * was sent by the test (by its tag) and stored once, nothing is left leased or in progress, and each
 * has one case row per test case of its final attempt (none for a compile error).
 */
export async function checkSubmissions(
  db: Db,
  sent: SentTry[],
): Promise<{ violations: string[]; figures: SubmissionFigures }> {
  const violations: string[] = [];
  const counts = await caseCounts(db);
  const rows = await db.kysely
    .selectFrom('judge')
    .select(['submit_id', 'status', 'attempt', 'lease_owner', 'code', 'pid', 'judger', 'error_message'])
    .orderBy('submit_id')
    .execute();
  const cases = await db.kysely.selectFrom('judge_case').select(['submit_id', 'attempt', 'seq']).execute();
  const casesOf = new Map<number, { attempt: number; seq: number }[]>();
  for (const c of cases) {
    const list = casesOf.get(c.submit_id) ?? [];
    list.push(c);
    casesOf.set(c.submit_id, list);
  }
  const byTag = new Map(sent.map((s) => [s.tag, s]));
  const rowsOfTag = new Map<string, number[]>();
  const byJudger: Record<string, number> = {};
  let claimedAgain = 0;
  for (const row of rows) {
    const tag = tagOf(row.code);
    const what = `submission ${row.submit_id} (${tag})`;
    const try_ = tag ? byTag.get(tag) : undefined;
    if (!tag || !try_) {
      violations.push(`${what}: stored, but the test never sent it`);
      continue;
    }
    rowsOfTag.set(tag, [...(rowsOfTag.get(tag) ?? []), row.submit_id]);
    if ((JUDGING_STATUSES as readonly number[]).includes(row.status) || row.lease_owner !== null) {
      violations.push(`${what}: not final (status ${row.status}, lease ${row.lease_owner})`);
      continue;
    }
    const expected = EXPECTED[try_.planned.kind];
    if (row.status !== expected) {
      violations.push(
        `${what}: ${try_.planned.language} ${try_.planned.kind} judged ${row.status}, not ${expected}` +
          (row.error_message ? ` (${row.error_message.slice(0, 200)})` : ''),
      );
    }
    const mine = casesOf.get(row.submit_id) ?? [];
    const seqs = mine.map((c) => c.seq);
    const wanted = row.status === JudgeStatus.COMPILE_ERROR ? 0 : (counts.get(row.pid) ?? -1);
    if (mine.some((c) => c.attempt !== row.attempt))
      violations.push(`${what}: case rows of attempts other than its final ${row.attempt}`);
    if (new Set(seqs).size !== seqs.length) violations.push(`${what}: a case row twice (${seqs.join(',')})`);
    if (mine.length !== wanted) violations.push(`${what}: ${mine.length} case rows, not ${wanted}`);
    if (row.attempt > 1) claimedAgain++;
    const judger = row.judger ?? '(none)';
    byJudger[judger] = (byJudger[judger] ?? 0) + 1;
  }
  for (const [tag, ids] of rowsOfTag) {
    if (ids.length > 1) violations.push(`try ${tag} stored ${ids.length} times: ${ids.join(', ')}`);
  }
  const acknowledged = sent.filter((s) => s.submitId !== null);
  const stored = new Set(rows.map((r) => r.submit_id));
  for (const s of acknowledged) {
    const ids = rowsOfTag.get(s.tag) ?? [];
    if (!stored.has(s.submitId ?? -1) || !ids.includes(s.submitId ?? -1))
      violations.push(`acknowledged ${s.tag} as ${s.submitId}: no such row with its code`);
  }
  const finished = await db.kysely
    .selectFrom('judge_server')
    .select((eb) => eb.fn.sum<number>('cases_judged').as('n'))
    .executeTakeFirstOrThrow();
  return {
    violations,
    figures: {
      rows: rows.length,
      acknowledged: acknowledged.length,
      storedWithoutAnswer: sent.filter((s) => s.submitId === null && rowsOfTag.has(s.tag)).length,
      claimedAgain,
      finishesCounted: Number(finished.n ?? 0),
      byJudger,
    },
  };
}

interface Cell {
  isAC: boolean;
  errorNum: number;
  ACTime: number | null;
}

/** HOJ's penalty verdicts (server/services/contests/ranking/verdicts.ts): everything else costs nothing. */
const PENALTY: readonly number[] = [
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.PRESENTATION_ERROR,
];

/**
 * The contest's ACM board as the server shows it (live, as its admin asks for it) against a
 * recomputation from the stored submissions written here, independent of the ranking engine: per
 * user and problem, solved at the first accept (seconds from the start, floored), one penalty try
 * per WA/TLE/MLE/RE/PE before it, 20 minutes each.
 */
export async function boardViolations(db: Db, root: TestClient, cid: number): Promise<string[]> {
  const contest = await db.kysely
    .selectFrom('contest')
    .select('start_time')
    .where('id', '=', cid)
    .executeTakeFirstOrThrow();
  const start = Date.parse(contest.start_time);
  const subs = await db.kysely
    .selectFrom('judge')
    .select(['uid', 'display_pid', 'status', 'submit_time'])
    .where('cid', '=', cid)
    .orderBy('submit_time')
    .orderBy('submit_id')
    .execute();
  const expected = new Map<string, Map<string, Cell>>();
  for (const s of subs) {
    const cells = expected.get(s.uid) ?? new Map<string, Cell>();
    expected.set(s.uid, cells);
    const cell = cells.get(s.display_pid) ?? { isAC: false, errorNum: 0, ACTime: null };
    cells.set(s.display_pid, cell);
    if (cell.isAC) continue;
    if (s.status === JudgeStatus.ACCEPTED) {
      cell.isAC = true;
      cell.ACTime = Math.floor((Date.parse(s.submit_time) - start) / 1000);
    } else if (PENALTY.includes(s.status)) cell.errorNum++;
  }
  const board = await root.api.getContestRank({ cid, forceRefresh: true, limit: 100 });
  const violations: string[] = [];
  if (board.total > 100) violations.push(`the board has ${board.total} rows; the check reads 100`);
  const rows = board.records as AcmRankRow[];
  const shown = new Set(rows.map((r) => r.uid));
  for (const uid of expected.keys()) if (!shown.has(uid)) violations.push(`board: ${uid} missing`);
  let previous: AcmRankRow | null = null;
  for (const row of rows) {
    const cells = expected.get(row.uid);
    if (!cells) {
      violations.push(`board: ${row.username} has no submission`);
      continue;
    }
    let ac = 0;
    let totalTime = 0;
    for (const problem of new Set([...cells.keys(), ...Object.keys(row.submissionInfo)])) {
      const want = cells.get(problem) ?? { isAC: false, errorNum: 0, ACTime: null };
      const got = row.submissionInfo[problem] ?? { isAC: false, errorNum: 0, ACTime: null };
      if (want.isAC) {
        ac++;
        totalTime += (want.ACTime ?? 0) + 20 * 60 * want.errorNum;
      }
      if (got.isAC !== want.isAC || got.errorNum !== want.errorNum || (got.ACTime ?? null) !== want.ACTime) {
        violations.push(
          `board: ${row.username} ${problem} shows ${JSON.stringify([got.isAC, got.errorNum, got.ACTime])}, ` +
            `recomputed ${JSON.stringify([want.isAC, want.errorNum, want.ACTime])}`,
        );
      }
    }
    if (row.ac !== ac || row.totalTime !== totalTime)
      violations.push(`board: ${row.username} ${row.ac}/${row.totalTime}, recomputed ${ac}/${totalTime}`);
    if (previous && (previous.ac < row.ac || (previous.ac === row.ac && previous.totalTime > row.totalTime)))
      violations.push(`board: ${previous.username} above ${row.username} out of order`);
    previous = row;
  }
  return violations;
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * Nothing half-written in the file store: every file under DATA_DIR/files is named by the sha256
 * of its whole content (no temporary or cut file left), and every row naming a stored file (test
 * cases, staged uploads, public images) names one that is there.
 */
export async function storeViolations(
  db: Db,
  dataDir: string,
): Promise<{ violations: string[]; files: number }> {
  const violations: string[] = [];
  const root = join(dataDir, 'files');
  const present = new Set<string>();
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, dir.name);
    if (!dir.isDirectory() || !/^[0-9a-f]{2}$/.test(dir.name)) {
      violations.push(`left in the store: ${path}`);
      continue;
    }
    for (const f of readdirSync(path, { withFileTypes: true })) {
      const file = join(path, f.name);
      if (!f.isFile() || !HASH.test(f.name) || !f.name.startsWith(dir.name)) {
        violations.push(`left in the store: ${file}`);
        continue;
      }
      const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
      if (hash !== f.name) violations.push(`cut or changed: ${file} holds ${hash}`);
      present.add(f.name);
    }
  }
  const named: [string, string][] = [];
  for (const c of await db.kysely
    .selectFrom('problem_case')
    .select(['id', 'input_hash', 'output_hash'])
    .execute())
    named.push([`case ${c.id} input`, c.input_hash], [`case ${c.id} output`, c.output_hash]);
  for (const i of await db.kysely.selectFrom('public_image').select('hash').execute())
    named.push([`public image`, i.hash]);
  for (const u of await db.kysely.selectFrom('testdata_upload').select(['id', 'cases']).execute()) {
    for (const c of JSON.parse(u.cases) as { inputHash: string; outputHash: string }[])
      named.push([`upload ${u.id}`, c.inputHash], [`upload ${u.id}`, c.outputHash]);
  }
  for (const [what, hash] of named) if (!present.has(hash)) violations.push(`${what} names missing ${hash}`);
  return { violations, files: present.size };
}
