import { RankOrder } from './rank-rows';
import type { ProblemCell, RankingInput, RankingSubmission, ScoreboardRow } from './types';
import { HOJ_VERDICTS } from './verdicts';

const MINUTE_MS = 60_000;
const NO_EFFECT = 0;
const PENALTY = 1;
const SOLVED = 2;
const PENDING = 3;
const SKIPPED = -1;

/**
 * Indexes of the submissions in time order, equal times keeping their input order. Input that is already ordered
 * (as a database query returns it) is kept; integer times below 2^32 ms are put in order by a stable two-pass
 * radix sort (linear time, no comparator); anything else falls back to a comparator sort.
 */
export function timeOrder(times: Float64Array): Uint32Array {
  const n = times.length;
  const order = new Uint32Array(n);
  let ordered = true;
  let radixable = true;
  for (let i = 0; i < n; i++) {
    const t = times[i] as number;
    order[i] = i;
    if (i > 0 && t < (times[i - 1] as number)) ordered = false;
    if (!(t >= 0 && t < 4_294_967_296 && Number.isInteger(t))) radixable = false;
  }
  if (ordered) return order;
  if (!radixable) return order.sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
  // Keys travel with their indexes so both passes read memory sequentially.
  let keys = Uint32Array.from(times);
  let idx = order;
  let keysTo = new Uint32Array(n);
  let idxTo = new Uint32Array(n);
  const counts = new Uint32Array(65_537);
  for (let shift = 0; shift < 32; shift += 16) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(((keys[i] as number) >>> shift) & 0xffff) + 1]++;
    for (let d = 1; d <= 65_536; d++) counts[d] = (counts[d] as number) + (counts[d - 1] as number);
    for (let i = 0; i < n; i++) {
      const key = keys[i] as number;
      const digit = (key >>> shift) & 0xffff;
      const at = counts[digit] as number;
      keysTo[at] = key;
      idxTo[at] = idx[i] as number;
      counts[digit] = at + 1;
    }
    [keys, keysTo] = [keysTo, keys];
    [idx, idxTo] = [idxTo, idx];
  }
  return idx;
}

interface Entry {
  uid: string;
  name: string;
  index: number;
  isStar: boolean;
  ac: number;
  totalTime: number;
  totalScore: number;
}

/**
 * Computes a contest scoreboard: one pass over the submissions in time order filling per-(participant, problem)
 * cells held in flat typed arrays, then one sort. Pure: plain data in, plain data out.
 */
export function computeScoreboard(input: RankingInput): ScoreboardRow[] {
  return buildScoreboard(input).rows;
}

/** computeScoreboard, also giving the order it ranked by (an incremental board keeps it: live-board.ts). */
export function buildScoreboard(input: RankingInput): { rows: ScoreboardRow[]; order: RankOrder } {
  const s = input.settings;
  const isAcm = s.type === 'ACM';
  const verdicts = s.verdicts ?? HOJ_VERDICTS;
  const penaltyMode = s.penaltyMode ?? 'hoj-seconds';
  const penaltySeconds = (s.penaltyMinutes ?? 20) * 60;
  const oiHighest = s.oiScoreMode === 'Highest';
  const sealAt = s.sealed && s.sealRankTime !== null ? s.sealRankTime : Number.POSITIVE_INFINITY;
  const stars = new Set(s.starUids ?? []);
  const problemIndex = new Map<string, number>(input.problems.map((p, i) => [p, i]));
  const P = input.problems.length;

  const effectOf = new Map<string, number>();
  for (const [code, e] of Object.entries(verdicts)) {
    effectOf.set(code, e.pending ? PENDING : e.solved ? SOLVED : e.penalty ? PENALTY : NO_EFFECT);
  }

  // Participants, in first-seen order.
  const entries: Entry[] = [];
  const indexOf = new Map<string, number>();
  const addEntry = (uid: string, name: string): number => {
    const index = entries.length;
    entries.push({
      uid,
      name,
      index,
      isStar: stars.has(uid),
      ac: 0,
      totalTime: 0,
      totalScore: 0,
    });
    indexOf.set(uid, index);
    return index;
  };
  for (const p of input.participants ?? []) if (!indexOf.has(p.uid)) addEntry(p.uid, p.name ?? p.uid);

  // Pass 1, in input order: resolve every submission to (participant, problem, effect) in typed arrays.
  const subs = input.submissions;
  const n = subs.length;
  const subUser = new Int32Array(n);
  const subProblem = new Int32Array(n);
  const subEffect = new Int8Array(n);
  const subTime = new Float64Array(n);
  const subAfter = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const sub = subs[i] as RankingSubmission;
    subTime[i] = sub.time;
    const pi = problemIndex.get(sub.problem);
    if (pi === undefined || (sub.afterContest === true && !s.includeAfterContest)) {
      subEffect[i] = SKIPPED;
      continue;
    }
    subProblem[i] = pi;
    if (sub.afterContest === true) subAfter[i] = 1;
    subUser[i] = indexOf.get(sub.uid) ?? addEntry(sub.uid, sub.uid);
    subEffect[i] = sub.verdict === null ? PENDING : (effectOf.get(sub.verdict) ?? NO_EFFECT);
  }

  // Pass 2, in time order: fill the cells.
  const cellCount = entries.length * P;
  const acMs = new Float64Array(cellCount).fill(-1);
  const errorNum = new Int32Array(cellCount);
  const tryNum = new Int32Array(cellCount);
  const frozen = new Uint8Array(cellCount);
  const afterContest = new Uint8Array(cellCount);
  const score = isAcm ? null : new Float64Array(cellCount).fill(Number.NaN);
  const scoreTime = isAcm ? null : new Float64Array(cellCount);
  const useTime = isAcm ? null : new Float64Array(cellCount).fill(Number.NaN);
  const order = timeOrder(subTime);
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    const effect = subEffect[i] as number;
    if (effect === SKIPPED) continue;
    const c = (subUser[i] as number) * P + (subProblem[i] as number);
    if (isAcm && (acMs[c] as number) >= 0) continue;
    const time = subTime[i] as number;
    if (time >= sealAt || effect === PENDING) {
      tryNum[c] = (tryNum[c] as number) + 1;
      if (time >= sealAt) frozen[c] = 1;
      continue;
    }
    if (isAcm) {
      if (effect === SOLVED) {
        acMs[c] = time;
        afterContest[c] = subAfter[i] as number;
      } else if (effect === PENALTY) {
        errorNum[c] = (errorNum[c] as number) + 1;
      }
      continue;
    }
    // OI: the latest judged score (Recent) or the best one (Highest).
    const sub = subs[i] as RankingSubmission;
    const value = sub.score ?? 0;
    const held = (score as Float64Array)[c] as number;
    if (
      Number.isNaN(held) ||
      (oiHighest ? value > held : time >= ((scoreTime as Float64Array)[c] as number))
    ) {
      (score as Float64Array)[c] = value;
      (scoreTime as Float64Array)[c] = time;
    }
    if (effect === SOLVED) {
      if ((acMs[c] as number) < 0) acMs[c] = time;
      if (sub.afterContest === true) afterContest[c] = 1;
      const held = (useTime as Float64Array)[c] as number;
      if (sub.useTime != null && (Number.isNaN(held) || sub.useTime < held))
        (useTime as Float64Array)[c] = sub.useTime;
    }
  }

  // Totals, then one row per participant (cells are the participant's own; ranking is RankOrder's job).
  const rows: ScoreboardRow[] = new Array(entries.length);
  for (const e of entries) {
    const base = e.index * P;
    const info: Record<string, ProblemCell> = {};
    for (let p = 0; p < P; p++) {
      const c = base + p;
      const at = acMs[c] as number;
      const sc = score ? (score[c] as number) : Number.NaN;
      const ut = useTime ? (useTime[c] as number) : Number.NaN;
      if (isAcm) {
        if (at >= 0) {
          e.ac++;
          e.totalTime += acSecondsOf(at, penaltyMode) + (errorNum[c] as number) * penaltySeconds;
        }
      } else {
        if (!Number.isNaN(sc)) e.totalScore += sc;
        if (at >= 0) e.ac++;
        if (!Number.isNaN(ut)) e.totalTime += ut;
      }
      info[input.problems[p] as string] = {
        isAC: at >= 0,
        ACTime: at >= 0 && isAcm ? acSecondsOf(at, penaltyMode) : null,
        acMs: at >= 0 ? at : null,
        errorNum: errorNum[c] as number,
        tryNum: tryNum[c] as number,
        isFrozen: frozen[c] === 1,
        isFirstAC: false,
        isAfterContest: afterContest[c] === 1,
        score: Number.isNaN(sc) ? null : sc,
        useTime: Number.isNaN(ut) ? null : ut,
      };
    }
    rows[e.index] = {
      uid: e.uid,
      name: e.name,
      rank: -1,
      isStar: e.isStar,
      ac: e.ac,
      totalTime: e.totalTime,
      totalScore: e.totalScore,
      submissionInfo: info,
      isWinAward: false,
      awardName: null,
      awardBackground: null,
      awardColor: null,
    };
  }
  const ranking = new RankOrder(s, input.problems);
  return { rows: ranking.rankBuilt(rows, (i) => acMs.subarray(i * P, i * P + P)), order: ranking };
}

function acSecondsOf(ms: number, mode: string): number {
  return mode === 'icpc-minutes' ? Math.floor(ms / MINUTE_MS) * 60 : Math.floor(ms / 1000);
}
