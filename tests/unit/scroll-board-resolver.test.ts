import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  feedToRankingInput,
  type ImportedFeed,
  readEventFeed,
} from '@/server/services/contests/feed/read-feed';
import { computeScoreboard, type ScoreboardRow } from '@/server/services/contests/ranking';
import {
  type BoardState,
  cellText,
  defaultMedals,
  type ResolverConfig,
  type ResolverOutcome,
  type ResolverSubmission,
  resolve,
} from '@/web/features/contests/scroll-board/resolver';

const FEED = join(__dirname, '../fixtures/contests/euc2025/event-feed.ndjson');
const MIN = 60_000;

function outcomeOf(feed: ImportedFeed, verdict: string | null): ResolverOutcome {
  if (verdict === null) return 'pending';
  const e = feed.verdicts[verdict];
  if (!e) return 'noPenalty';
  if (e.pending) return 'pending';
  return e.solved ? 'solved' : e.penalty ? 'rejected' : 'noPenalty';
}

const summary = (
  rows: readonly {
    uid: string;
    rank: number;
    solved?: number;
    ac?: number;
    penalty?: number;
    totalTime?: number;
  }[],
) => new Map(rows.map((r) => [r.uid, [r.rank, r.solved ?? r.ac, r.penalty ?? r.totalTime]]));

describe('scroll board resolver on EUC 2025', () => {
  const feed = readEventFeed(readFileSync(FEED, 'utf8'));
  const config: ResolverConfig = {
    problems: feed.problems.map((p) => p.label),
    sealAt: feed.freezeTime ?? 0,
    endAt: feed.durationMs,
    penaltyMode: 'icpc-minutes',
    penaltyMinutes: feed.penaltyMinutes,
    medals: { gold: 4, silver: 4, bronze: 4 },
    teams: feed.teams.map((t) => ({ uid: t.uid, name: t.name, school: t.displayName })),
  };
  const subs: ResolverSubmission[] = feed.submissions
    .filter((s) => !s.afterContest)
    .map((s) => ({ uid: s.uid, problem: s.problem, time: s.time, outcome: outcomeOf(feed, s.verdict) }));
  const { states, steps } = resolve(config, subs);
  const frozenBoard = computeScoreboard(feedToRankingInput(feed, { sealed: true }));
  const finalBoard = computeScoreboard(feedToRankingInput(feed, { sealed: false }));
  const first = states[0] as BoardState;
  const last = states[states.length - 1] as BoardState;

  it('starts from the frozen board: rank, solved and penalty of every team', () => {
    expect(first.rows.length).toBe(feed.teams.length);
    expect(summary(first.rows)).toEqual(summary(frozenBoard));
    // a pending cell is a frozen cell of that board (compile-error-only cells are settled up front)
    const frozenOf = new Map<string, ScoreboardRow>(frozenBoard.map((r) => [r.uid, r]));
    for (const row of first.rows) {
      for (const cell of row.cells) {
        if (!cell.pending) continue;
        const c = frozenOf.get(row.uid)?.submissionInfo[cell.problem];
        expect(c?.isAC).toBe(false);
        expect(c?.tryNum ?? 0).toBeGreaterThanOrEqual(cell.pendingTries);
      }
    }
    expect(first.step).toBe(0);
    expect(first.last).toBeNull();
  });

  it('ends on the final board, after the ICPC Resolver number of reveals', () => {
    expect(summary(last.rows)).toEqual(summary(finalBoard));
    expect(last.cursor).toBeNull();
    expect(last.rows.every((r) => r.finalized && r.cells.every((c) => !c.pending))).toBe(true);
    // icpctools' resolver takes 83 reveal steps on this feed, 38 of them solved
    expect(steps.length).toBe(83);
    expect(steps.filter((s) => s.solved).length).toBe(38);
    // the frozen leader is overtaken
    expect(first.rows[0]?.uid).not.toBe(last.rows[0]?.uid);
    // medals on the final board: ranks 1-4 gold, 5-8 silver, 9-12 bronze
    for (const r of last.rows) {
      const want = r.rank <= 4 ? 'gold' : r.rank <= 8 ? 'silver' : r.rank <= 12 ? 'bronze' : null;
      expect(r.medal).toBe(r.solved > 0 ? want : null);
    }
  });

  it('reveals the lowest team with pending cells, its cells left to right, and never reopens a final row', () => {
    const revealedCells = new Map<string, number>();
    for (let k = 0; k < steps.length; k++) {
      const before = states[k] as BoardState;
      const after = states[k + 1] as BoardState;
      const step = steps[k];
      if (!step) throw new Error('missing step');
      // the revealed team is the lowest one with a pending cell, and it is the highlighted (cursor) row
      const lowest = [...before.rows].reverse().find((r) => r.cells.some((c) => c.pending));
      expect(step.uid).toBe(lowest?.uid);
      expect(before.cursor).toBe(step.uid);
      expect(before.rows[step.from]?.uid).toBe(step.uid);
      // its leftmost pending cell
      const row = before.rows[step.from];
      expect(step.problemIndex).toBe(row?.cells.findIndex((c) => c.pending));
      const prev = revealedCells.get(step.uid) ?? -1;
      expect(step.problemIndex).toBeGreaterThan(prev);
      revealedCells.set(step.uid, step.problemIndex);
      // the cell is settled, the team moves up or stays, never down
      expect(after.rows[step.to]?.uid).toBe(step.uid);
      expect(after.rows[step.to]?.cells[step.problemIndex]?.pending).toBe(false);
      expect(step.to).toBeLessThanOrEqual(step.from);
      expect(step.to < step.from ? step.solved : true).toBe(true);
      // rows below the cursor are final: no pending cell, same team and rank from then on
      for (const state of [before, after]) {
        state.rows.forEach((r, i) => {
          expect(r.finalized).toBe(i > state.cursorIndex);
          if (r.finalized) expect(r.cells.some((c) => c.pending)).toBe(false);
        });
      }
      after.rows.forEach((r, i) => {
        if (before.rows[i]?.finalized) {
          expect(r.uid).toBe(before.rows[i]?.uid);
          expect(r.rank).toBe(before.rows[i]?.rank);
        }
      });
      // the cursor never moves down
      expect(after.cursorIndex).toBeLessThanOrEqual(before.cursorIndex);
    }
  });
});

describe('scroll board resolver, a hand-made contest', () => {
  // freeze at 60 min, end at 120 min, HOJ seconds, 20 minutes per rejected try
  const config: ResolverConfig = {
    problems: ['A', 'B', 'C'],
    sealAt: 60 * MIN,
    endAt: 120 * MIN,
    penaltyMode: 'hoj-seconds',
    penaltyMinutes: 20,
    medals: { gold: 1, silver: 1, bronze: 1 },
    teams: [
      { uid: 'u1', name: 'Ada' },
      { uid: 'u2', name: 'Bea' },
      { uid: 'u3', name: 'Cy' },
      { uid: 'u4', name: 'Dee', isStar: true },
    ],
  };
  const s = (uid: string, problem: string, minute: number, outcome: ResolverOutcome): ResolverSubmission => ({
    uid,
    problem,
    time: minute * MIN,
    outcome,
  });
  const subs = [
    s('u1', 'A', 10, 'solved'), // Ada 1 solved, 600 s
    s('u1', 'B', 70, 'rejected'), // frozen, stays unsolved
    s('u2', 'A', 20, 'rejected'),
    s('u2', 'A', 30, 'solved'), // Bea 1 solved, 1800 + 1200 s
    s('u2', 'B', 65, 'noPenalty'), // compile error after the freeze: settled up front, not pending
    s('u2', 'C', 80, 'rejected'),
    s('u2', 'C', 90, 'solved'), // frozen: Bea climbs to the top
    s('u3', 'A', 61, 'solved'), // frozen
    s('u3', 'B', 62, 'solved'), // frozen: Cy climbs to the top
    s('u3', 'C', 119, 'rejected'),
    s('u3', 'C', 121, 'solved'), // after the end: left out
    s('u4', 'A', 5, 'solved'), // star: no rank number, no medal
  ];
  const { states, steps } = resolve(config, subs);
  const view = (st: BoardState) => st.rows.map((r) => `${r.rank}:${r.name}:${r.solved}:${r.penalty}`);

  it('freezes, then reveals in the exact order', () => {
    const frozen = states[0] as BoardState;
    expect(view(frozen)).toEqual(['-1:Dee:1:300', '1:Ada:1:600', '2:Bea:1:3000', '3:Cy:0:0']);
    expect(frozen.cursor).toBe('u3');
    const bea = frozen.rows[2];
    expect(bea?.cells.map((c) => c.pending)).toEqual([false, false, true]);
    expect(bea?.cells[2]?.pendingTries).toBe(2);
    expect(frozen.rows[3]?.cells.map((c) => cellText(c))).toEqual(['? 1', '? 1', '? 1']);
    expect(frozen.rows[1]?.cells.map((c) => cellText(c))).toEqual(['1 / 10', '? 1', '']);

    expect(steps.map((st) => [st.uid, st.problem, st.solved, st.from, st.to])).toEqual([
      ['u3', 'A', true, 3, 3], // Cy 1 solved, 3660 s: still behind Bea (3000 s), stays on the cursor row
      ['u3', 'B', true, 3, 0], // Cy 2 solved, 7380 s: to the top (the star row with 1 solved goes below)
      ['u2', 'C', true, 3, 1], // the team now on the cursor row (Bea): 2 solved, 9600 s, second
      ['u1', 'B', false, 3, 3], // then Ada, whose B stays rejected: Ada is final
      ['u3', 'C', false, 0, 0], // the cursor climbs past final rows to Cy: C rejected (the accept came after the end)
    ]);
    expect(states.map((st) => st.cursor)).toEqual(['u3', 'u3', 'u2', 'u1', 'u3', null]);
    const final = states[states.length - 1] as BoardState;
    expect(view(final)).toEqual(['1:Cy:2:7380', '2:Bea:2:9600', '-1:Dee:1:300', '3:Ada:1:600']);
    expect(final.rows.map((r) => r.medal)).toEqual(['gold', 'silver', null, 'bronze']);
    expect(final.rows[1]?.cells.map((c) => cellText(c))).toEqual(['2 / 30', '', '2 / 90']);
    // medals appear only on final rows
    expect((states[1] as BoardState).rows.map((r) => [r.finalized, r.medal])).toEqual([
      [false, null],
      [false, null],
      [false, null],
      [false, null],
    ]);
    expect((states[4] as BoardState).rows.map((r) => [r.name, r.finalized, r.medal])).toEqual([
      ['Cy', false, null],
      ['Bea', true, 'silver'],
      ['Dee', true, null],
      ['Ada', true, 'bronze'],
    ]);
  });

  it('defaults the medals to 10 %, 20 % and 30 % of the ranked participants, rounded down', () => {
    expect(defaultMedals(53)).toEqual({ gold: 5, silver: 10, bronze: 15 });
    expect(defaultMedals(9)).toEqual({ gold: 0, silver: 1, bronze: 2 });
    expect(defaultMedals(0)).toEqual({ gold: 0, silver: 0, bronze: 0 });
  });
});
