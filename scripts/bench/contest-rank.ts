/**
 * `npm run bench:rank`: contest ranking speed on one deterministic ACM contest of 5,000 teams, 13 problems
 * and 100,000 submissions (times in ms over 5 h, not in time order), measured in one run:
 * - our computeScoreboard: the first call in the process (cold) and the median of 5 more (warm);
 * - @xcpcio/core on the same data: createContest + createTeams + createSubmissions + new Rank + buildRank,
 *   as a user of the library runs it (cold, then median of 5), and the ratio xcpcio / ours;
 * - LiveBoard: the first build, then 1,000 incremental changes (one submission's new verdict, or a new
 *   submission), each timed as upsert([one]) + rows(), and rows() with no change (the cached read).
 * Both engines are checked to agree on the board (solved, penalty, rank per team) before anything is printed.
 * Timing on this machine is noisy: compare the ratios of one run, not numbers across runs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import type * as Xcpcio from '@xcpcio/core';
import {
  computeScoreboard,
  type RankingInput,
  type ScoreboardRow,
} from '../../server/services/contests/ranking';
import { type BoardSubmission, LiveBoard } from '../../server/services/contests/ranking/live-board';
import { median, percentile } from './stats';

// The CommonJS build: the ESM one imports dayjs plugins without `.js`, which Node's ESM loader rejects.
const xcpcio = createRequire(import.meta.url)('@xcpcio/core') as typeof Xcpcio;

const TEAMS = 5000;
const PROBLEMS = 'ABCDEFGHIJKLM'.split('');
const SUBMISSIONS = 100_000;
const DURATION_MS = 5 * 3600_000;
const UPDATES = 1000;
const START_UNIX = 1_700_000_000;
const VERDICTS = ['AC', 'AC', 'WA', 'WA', 'TLE', 'RE', 'CE', 'PE', 'MLE'];
const TO_XCPCIO: Record<string, string> = {
  AC: 'ACCEPTED',
  WA: 'WRONG_ANSWER',
  TLE: 'TIME_LIMIT_EXCEEDED',
  MLE: 'MEMORY_LIMIT_EXCEEDED',
  RE: 'RUNTIME_ERROR',
  PE: 'REJECTED', // xcpcio's PRESENTATION_ERROR costs no penalty; HOJ charges PE
  CE: 'COMPILATION_ERROR',
};

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const rand = lcg(20261122);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

const participants = Array.from({ length: TEAMS }, (_, i) => ({ uid: `t${i}`, name: `Team ${i}` }));
const submissions: BoardSubmission[] = Array.from({ length: SUBMISSIONS }, (_, id) => ({
  id,
  uid: `t${Math.floor(rand() * TEAMS)}`,
  problem: pick(PROBLEMS),
  time: Math.floor(rand() * DURATION_MS),
  verdict: pick(VERDICTS),
}));
const base: Omit<RankingInput, 'submissions'> = {
  settings: {
    type: 'ACM',
    penaltyMode: 'icpc-minutes',
    sealRankTime: null,
    sealed: false,
    awards: { type: 'none' },
  },
  problems: PROBLEMS,
  participants,
};

function ours(): ScoreboardRow[] {
  return computeScoreboard({ ...base, submissions });
}

function theirs(): Xcpcio.Rank {
  const contest = xcpcio.createContest({
    contest_name: 'bench',
    start_time: START_UNIX,
    end_time: START_UNIX + DURATION_MS / 1000,
    penalty: 20 * 60,
    problem_id: PROBLEMS,
    options: { submission_timestamp_unit: 'millisecond', calculation_of_penalty: 'in_minutes' },
  });
  const teams = xcpcio.createTeams(participants.map((p) => ({ id: p.uid, name: p.name })));
  const runs = xcpcio.createSubmissions(
    submissions.map((s) => ({
      id: String(s.id),
      team_id: s.uid,
      problem_id: String(PROBLEMS.indexOf(s.problem)),
      timestamp: s.time,
      status: TO_XCPCIO[s.verdict as string] as string,
    })),
    contest,
  );
  return new xcpcio.Rank(contest, teams, runs).buildRank();
}

function timed<T>(f: () => T): [number, T] {
  const started = performance.now();
  const value = f();
  return [performance.now() - started, value];
}

function warmMedian(f: () => unknown, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(timed(f)[0]);
  return median(times);
}

/** Per-team solved, penalty and rank differences (0 when the boards agree). */
function disagreements(mine: readonly ScoreboardRow[], rank: Xcpcio.Rank): number {
  const byUid = new Map(mine.map((r) => [r.uid, r]));
  let n = Math.abs(mine.length - rank.teams.length);
  for (const t of rank.teams) {
    const r = byUid.get(t.id);
    if (!r || r.ac !== t.solvedProblemNum || r.totalTime !== t.penalty || r.rank !== t.rank) n++;
  }
  return n;
}

function sameBoard(a: readonly ScoreboardRow[], b: readonly ScoreboardRow[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((r, i) => {
    const o = b[i] as ScoreboardRow;
    return r.uid === o.uid && r.rank === o.rank && r.ac === o.ac && r.totalTime === o.totalTime;
  });
}

const ms = (x: number) => (x < 0.1 ? `${(x * 1000).toFixed(2)} µs` : `${x.toFixed(x < 10 ? 2 : 1)} ms`);

// 1. Cold: the first call of each engine in this process (ours first, so neither gains from the other's warm-up).
const [oursCold, oursRows] = timed(ours);
const [theirsCold, theirRank] = timed(theirs);
const oursWarm = warmMedian(ours);
const theirsWarm = warmMedian(theirs);
const disagree = disagreements(oursRows, theirRank);

// 2. LiveBoard: first build, then one change at a time.
const current = [...submissions];
const [liveBuild, live] = timed(() => {
  const board = new LiveBoard(base, current);
  board.rows();
  return board;
});
const updates: number[] = [];
let nextId = SUBMISSIONS;
for (let i = 0; i < UPDATES; i++) {
  let changed: BoardSubmission;
  if (rand() < 0.5) {
    const at = Math.floor(rand() * current.length);
    changed = { ...(current[at] as BoardSubmission), verdict: pick(VERDICTS) };
    current[at] = changed;
  } else {
    changed = {
      id: nextId++,
      uid: `t${Math.floor(rand() * TEAMS)}`,
      problem: pick(PROBLEMS),
      time: Math.floor(rand() * DURATION_MS),
      verdict: pick(VERDICTS),
    };
    current.push(changed);
  }
  const started = performance.now();
  live.upsert([changed]);
  live.rows();
  updates.push(performance.now() - started);
}
const reads: number[] = [];
for (let i = 0; i < UPDATES; i++) {
  const started = performance.now();
  live.rows();
  reads.push(performance.now() - started);
}
const liveMatches = sameBoard(live.rows(), computeScoreboard({ ...base, submissions: current }));

process.stdout.write(
  `Contest ranking — ${new Date().toISOString()} — ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, Node ${process.version}, @xcpcio/core ${xcpcioVersion()}\n`,
);
process.stdout.write(
  `${TEAMS} teams × ${PROBLEMS.length} problems × ${SUBMISSIONS} submissions (ACM, ICPC minutes, not in time order)\n`,
);
const table: [string, string, string][] = [
  ['what', 'cold (1st call)', 'warm (median of 5)'],
  ['computeScoreboard (ours)', ms(oursCold), ms(oursWarm)],
  ['@xcpcio/core build + buildRank', ms(theirsCold), ms(theirsWarm)],
  ['ratio xcpcio / ours', `${(theirsCold / oursCold).toFixed(1)}×`, `${(theirsWarm / oursWarm).toFixed(1)}×`],
];
printTable(table);
process.stdout.write(
  `boards agree (solved, penalty, rank per team): ${disagree === 0 ? 'yes' : `NO, ${disagree} teams differ`}\n\n`,
);
process.stdout.write(`LiveBoard first build (new LiveBoard + rows()): ${ms(liveBuild)}\n`);
printTable([
  ['LiveBoard', 'p50', 'p99'],
  [`upsert([one]) + rows(), ${UPDATES} changes`, ms(median(updates)), ms(percentile(updates, 0.99))],
  [`rows() with no change, ${UPDATES} reads`, ms(median(reads)), ms(percentile(reads, 0.99))],
]);
process.stdout.write(
  `live board after ${UPDATES} changes equals a full recompute: ${liveMatches ? 'yes' : 'NO'}\n`,
);
if (disagree !== 0 || !liveMatches) process.exitCode = 1;

function printTable(rows: [string, string, string][]): void {
  const w = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c]?.length ?? 0)));
  for (const [i, r] of rows.entries()) {
    process.stdout.write(
      `  ${r[0].padEnd(w[0] as number)}  ${r[1].padStart(w[1] as number)}  ${r[2].padStart(w[2] as number)}\n`,
    );
    if (i === 0)
      process.stdout.write(`  ${'-'.repeat((w[0] as number) + (w[1] as number) + (w[2] as number) + 4)}\n`);
  }
}

function xcpcioVersion(): string {
  // the package exports only its entry point, so its package.json is read beside dist/
  const entry = createRequire(import.meta.url).resolve('@xcpcio/core');
  return (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string })
    .version;
}
