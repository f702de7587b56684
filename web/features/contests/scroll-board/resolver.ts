import type { ScrollBoardInfo, ScrollBoardSubmission } from '@/shared/api/scroll-board-types';

/**
 * The scroll board's resolver (pure, no React): from the contest's submissions, the board as it stood at the
 * freeze and the sequence of reveals that turns it into the final board, in the ICPC Resolver's order
 * (icpctools ResolverLogic):
 *
 * - start: judgements of submissions made at or after the freeze are hidden; a cell unsolved at the freeze with
 *   such submissions is pending ("?" with its try count). Cells solved before the freeze, and cells whose frozen
 *   submissions are all compile errors (no penalty, no solve), are not pending: they are settled up front;
 * - each step takes the lowest-ranked team that still has a pending cell and reveals its leftmost pending cell
 *   (all the cell's submissions at once), then the board is sorted again; a team climbing up leaves the team now
 *   on its row to be handled next, and rows below the cursor are final (their rank and medal are shown).
 *
 * Ranking: solved desc, penalty asc, and with minute rounding ('icpc-minutes') the minute of the last accept;
 * rows still tied are shown by name then id, share the rank and leave gaps; star rows take no rank number.
 */

export type ResolverOutcome = 'solved' | 'rejected' | 'noPenalty' | 'pending';
export type PenaltyMode = 'hoj-seconds' | 'icpc-minutes';
export type Medal = 'gold' | 'silver' | 'bronze';

export interface ResolverTeam {
  uid: string;
  name: string;
  school?: string | null;
  isStar?: boolean;
}

export interface ResolverSubmission {
  uid: string;
  problem: string;
  /** ms since the contest start */
  time: number;
  outcome: ResolverOutcome;
}

export interface MedalCounts {
  gold: number;
  silver: number;
  bronze: number;
}

export interface ResolverConfig {
  /** display ids in board order */
  problems: readonly string[];
  /** start of the freeze, ms since the start */
  sealAt: number;
  /** the end, ms since the start: later submissions are left out */
  endAt?: number;
  penaltyMode: PenaltyMode;
  penaltyMinutes: number;
  medals: MedalCounts;
  /** teams shown even without submissions; submitters missing here are added under their uid */
  teams?: readonly ResolverTeam[];
}

export interface CellView {
  problem: string;
  solved: boolean;
  /** ms since the start of the counted accept, null when unsolved */
  acMs: number | null;
  /** rejected tries with penalty (before the accept, if any) */
  rejected: number;
  /** frozen tries still hidden */
  pendingTries: number;
  readonly pending: boolean;
}

export interface RowView {
  uid: string;
  name: string;
  school: string | null;
  isStar: boolean;
  /** 1-based, ties share; -1 for star rows */
  rank: number;
  solved: number;
  /** seconds */
  penalty: number;
  cells: readonly CellView[];
  /** shown once the row is final */
  medal: Medal | null;
  /** below the cursor: nothing more to reveal, rank final */
  finalized: boolean;
}

export interface RevealStep {
  uid: string;
  problem: string;
  problemIndex: number;
  /** the cell's result once revealed */
  solved: boolean;
  /** the team's row before and after the reveal (0 = top) */
  from: number;
  to: number;
}

export interface BoardState {
  /** rows in display order */
  rows: readonly RowView[];
  /** the team whose cell is revealed next (highlighted), null when everything is revealed */
  cursor: string | null;
  /** index of the cursor row, -1 when done */
  cursorIndex: number;
  /** the reveal that led here (null for the frozen board) */
  last: RevealStep | null;
  /** number of reveals done */
  step: number;
}

export interface Resolution {
  /** states[0] is the frozen board, states[k] the board after k reveals, the last one the final board */
  states: readonly BoardState[];
  steps: readonly RevealStep[];
}

interface Cell {
  problem: string;
  solved: boolean;
  acMs: number | null;
  rejected: number;
  pendingTries: number;
  pending: boolean;
}

interface Team {
  uid: string;
  name: string;
  school: string | null;
  isStar: boolean;
  cells: Cell[];
  /** the final cell of each problem (what a reveal shows) */
  finalCells: Cell[];
  solved: number;
  penalty: number;
  last: number;
}

const MINUTE_MS = 60_000;

/** A cell from the submissions of one team on one problem, in time order. */
function cellOf(problem: string, subs: readonly ResolverSubmission[], sealAt: number, frozen: boolean): Cell {
  let solved = false;
  let acMs: number | null = null;
  let rejected = 0;
  let pendingTries = 0;
  for (const s of subs) {
    if (solved) break;
    const hidden = frozen && s.time >= sealAt;
    if (hidden || s.outcome === 'pending') {
      // compile errors after the freeze are revealed up front; unjudged submissions stay pending
      if (!hidden || s.outcome !== 'noPenalty') pendingTries++;
      continue;
    }
    if (s.outcome === 'solved') {
      solved = true;
      acMs = s.time;
    } else if (s.outcome === 'rejected') rejected++;
  }
  // a solved cell ignores the rest; a revealed cell hides nothing (unjudged submissions just do not count)
  if (solved || !frozen) pendingTries = 0;
  return { problem, solved, acMs, rejected, pendingTries, pending: pendingTries > 0 };
}

export function resolve(config: ResolverConfig, submissions: readonly ResolverSubmission[]): Resolution {
  const P = config.problems.length;
  const problemIndex = new Map(config.problems.map((p, i) => [p, i]));
  const endAt = config.endAt ?? Number.POSITIVE_INFINITY;
  const teams = new Map<string, ResolverTeam>();
  for (const t of config.teams ?? []) teams.set(t.uid, t);
  const byTeam = new Map<string, ResolverSubmission[][]>();
  const ordered = submissions
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.time >= 0 && s.time < endAt && problemIndex.has(s.problem))
    .sort((a, b) => a.s.time - b.s.time || a.i - b.i);
  for (const { s } of ordered) {
    if (!teams.has(s.uid)) teams.set(s.uid, { uid: s.uid, name: s.uid });
    let cells = byTeam.get(s.uid);
    if (!cells) {
      cells = Array.from({ length: P }, () => []);
      byTeam.set(s.uid, cells);
    }
    (cells[problemIndex.get(s.problem) as number] as ResolverSubmission[]).push(s);
  }

  const penaltySeconds = config.penaltyMinutes * 60;
  const minutes = config.penaltyMode === 'icpc-minutes';
  const totals = (t: Team) => {
    t.solved = 0;
    t.penalty = 0;
    t.last = 0;
    for (const c of t.cells) {
      if (!c.solved || c.acMs === null) continue;
      t.solved++;
      t.penalty +=
        (minutes ? Math.floor(c.acMs / MINUTE_MS) * 60 : Math.floor(c.acMs / 1000)) +
        c.rejected * penaltySeconds;
      t.last = Math.max(t.last, Math.floor(c.acMs / MINUTE_MS));
    }
  };
  const key = (a: Team, b: Team) =>
    b.solved - a.solved || a.penalty - b.penalty || (minutes ? a.last - b.last : 0);
  const compare = (a: Team, b: Team) =>
    key(a, b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

  const order: Team[] = [];
  for (const t of teams.values()) {
    const subs = byTeam.get(t.uid) ?? Array.from({ length: P }, () => []);
    const team: Team = {
      uid: t.uid,
      name: t.name,
      school: t.school ?? null,
      isStar: t.isStar === true,
      cells: subs.map((list, p) => cellOf(config.problems[p] as string, list, config.sealAt, true)),
      finalCells: subs.map((list, p) => cellOf(config.problems[p] as string, list, config.sealAt, false)),
      solved: 0,
      penalty: 0,
      last: 0,
    };
    totals(team);
    order.push(team);
  }
  order.sort(compare);

  const snapshot = (last: RevealStep | null, step: number): BoardState => {
    let cursorIndex = -1;
    for (let i = order.length - 1; i >= 0; i--) {
      if ((order[i] as Team).cells.some((c) => c.pending)) {
        cursorIndex = i;
        break;
      }
    }
    const rows: RowView[] = [];
    let position = 0;
    let prev: Team | null = null;
    let prevRank = 0;
    const { gold, silver, bronze } = config.medals;
    for (let i = 0; i < order.length; i++) {
      const t = order[i] as Team;
      let rank = -1;
      if (!t.isStar) {
        position++;
        rank = prev !== null && key(prev, t) === 0 ? prevRank : position;
        prev = t;
        prevRank = rank;
      }
      const finalized = i > cursorIndex;
      let medal: Medal | null = null;
      if (finalized && rank > 0 && t.solved > 0) {
        if (rank <= gold) medal = 'gold';
        else if (rank <= gold + silver) medal = 'silver';
        else if (rank <= gold + silver + bronze) medal = 'bronze';
      }
      rows.push({
        uid: t.uid,
        name: t.name,
        school: t.school,
        isStar: t.isStar,
        rank,
        solved: t.solved,
        penalty: t.penalty,
        cells: t.cells,
        medal,
        finalized,
      });
    }
    return {
      rows,
      cursor: cursorIndex >= 0 ? (order[cursorIndex] as Team).uid : null,
      cursorIndex,
      last,
      step,
    };
  };

  const states: BoardState[] = [snapshot(null, 0)];
  const steps: RevealStep[] = [];
  for (;;) {
    const current = states[states.length - 1] as BoardState;
    if (current.cursorIndex < 0) break;
    const from = current.cursorIndex;
    const team = order[from] as Team;
    const p = team.cells.findIndex((c) => c.pending);
    const revealed = team.finalCells[p] as Cell;
    team.cells = team.cells.slice();
    team.cells[p] = revealed;
    totals(team);
    order.splice(from, 1);
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(order[mid] as Team, team) <= 0) lo = mid + 1;
      else hi = mid;
    }
    order.splice(lo, 0, team);
    const step: RevealStep = {
      uid: team.uid,
      problem: revealed.problem,
      problemIndex: p,
      solved: revealed.solved,
      from,
      to: lo,
    };
    steps.push(step);
    states.push(snapshot(step, steps.length));
  }
  return { states, steps };
}

/** Default medal counts: 10 %, 20 % and 30 % of the ranked participants, each rounded down. */
export function defaultMedals(ranked: number): MedalCounts {
  return {
    gold: Math.floor(ranked * 0.1),
    silver: Math.floor(ranked * 0.2),
    bronze: Math.floor(ranked * 0.3),
  };
}

/** A cell's text: "tries / minute" when solved, "tries" when rejected, "tries ?" when pending. */
export function cellText(cell: CellView): string {
  if (cell.solved && cell.acMs !== null) return `${cell.rejected + 1} / ${Math.floor(cell.acMs / MINUTE_MS)}`;
  if (cell.pending) return `? ${cell.rejected + cell.pendingTries}`;
  return cell.rejected > 0 ? `${cell.rejected}` : '';
}

/** The resolver's input from the two API answers: names by the contest's rankShowName, star users marked. */
export function resolverInput(
  info: ScrollBoardInfo,
  submissions: readonly ScrollBoardSubmission[],
  medals: MedalCounts,
): { config: ResolverConfig; submissions: ResolverSubmission[] } {
  const stars = new Set(info.starUserList);
  const teams = new Map<string, ResolverTeam>();
  for (const s of submissions) {
    if (teams.has(s.uid)) continue;
    const name =
      (info.rankShowName === 'realname' && s.realname) ||
      (info.rankShowName === 'nickname' && s.nickname) ||
      s.username;
    teams.set(s.uid, { uid: s.uid, name, school: s.school, isStar: stars.has(s.username) });
  }
  const start = Date.parse(info.startTime);
  return {
    config: {
      problems: info.problems.map((p) => p.displayId),
      sealAt: Date.parse(info.sealRankTime) - start,
      endAt: Date.parse(info.endTime) - start,
      penaltyMode: info.penaltyMode,
      penaltyMinutes: info.penaltyMinutes,
      medals,
      teams: [...teams.values()],
    },
    submissions: submissions.map((s) => ({
      uid: s.uid,
      problem: s.displayId,
      time: s.time,
      outcome: s.outcome,
    })),
  };
}
