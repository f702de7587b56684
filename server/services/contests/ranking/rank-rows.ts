import { assignAwards } from './awards';
import type { RankingSettings, ScoreboardRow } from './types';

const MINUTE_MS = 60_000;

/** A row with what ranking reads of its cells, in problem order (a row's cells never change once built). */
interface Keyed {
  row: ScoreboardRow;
  /** ms of the counted accept per problem, -1 when not solved */
  acMs: Float64Array;
  /** the cells' isFirstAC as last written */
  first: Uint8Array;
  /** ICPC tie-break: the minute of the last accept */
  last: number;
}

function keyedOf(row: ScoreboardRow, problems: readonly string[]): Keyed {
  const P = problems.length;
  const acMs = new Float64Array(P).fill(-1);
  const first = new Uint8Array(P);
  let last = 0;
  for (let p = 0; p < P; p++) {
    const cell = row.submissionInfo[problems[p] as string];
    if (!cell) continue;
    if (cell.isFirstAC) first[p] = 1;
    if (!cell.isAC || cell.acMs === null) continue;
    acMs[p] = cell.acMs;
    const minute = Math.floor(cell.acMs / MINUTE_MS);
    if (minute > last) last = minute;
  }
  return { row, acMs, first, last };
}

/** A freshly built row whose accept times are already at hand (no cell is marked first yet). */
function keyedFrom(row: ScoreboardRow, acMs: Float64Array): Keyed {
  let last = 0;
  for (let p = 0; p < acMs.length; p++) {
    const at = acMs[p] as number;
    if (at < 0) continue;
    const minute = Math.floor(at / MINUTE_MS);
    if (minute > last) last = minute;
  }
  return { row, acMs, first: new Uint8Array(acMs.length), last };
}

/**
 * The order of a board and what depends on the whole of it: rank (ties share it, star rows take -1 and no
 * number), first accepts (the earliest accept of each problem in milliseconds; equal times are all first)
 * and awards. Rows are changed in place (those fields only); their cells and totals are the participant's
 * own. `update` re-ranks after some rows were replaced: the new rows are put in place by binary search in
 * the kept order instead of sorting everything again.
 *
 * ACM: solved desc, penalty asc, and in 'icpc-minutes' mode the minute of the last accept; OI: score desc,
 * time asc. Rows still tied are shown by name, then uid.
 */
export class RankOrder {
  private order: Keyed[] = [];
  private readonly isAcm: boolean;
  private readonly lastAcTie: boolean;

  constructor(
    private readonly settings: RankingSettings,
    private readonly problems: readonly string[],
  ) {
    this.isAcm = settings.type === 'ACM';
    this.lastAcTie = this.isAcm && settings.penaltyMode === 'icpc-minutes';
  }

  /**
   * Ranks freshly built rows from scratch, given each row's accept times in problem order (-1 unsolved):
   * computeScoreboard has them in its typed arrays, so the cells need not be read back.
   */
  rankBuilt(rows: readonly ScoreboardRow[], acMsOf: (index: number) => Float64Array): ScoreboardRow[] {
    this.order = rows.map((r, i) => keyedFrom(r, acMsOf(i)));
    this.order.sort((a, b) => this.compare(a, b));
    return this.finish();
  }

  /** Replaces `removed` rows by `added` ones (a participant's recomputed row) and re-ranks. */
  update(removed: readonly ScoreboardRow[], added: readonly ScoreboardRow[]): ScoreboardRow[] {
    if (removed.length > 0) {
      const gone = new Set(removed);
      this.order = this.order.filter((k) => !gone.has(k.row));
    }
    for (const row of added) {
      const k = keyedOf(row, this.problems);
      let lo = 0;
      let hi = this.order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.compare(this.order[mid] as Keyed, k) <= 0) lo = mid + 1;
        else hi = mid;
      }
      this.order.splice(lo, 0, k);
    }
    return this.finish();
  }

  /** Rank order key only (rows equal here share a rank). */
  private compareKey(a: Keyed, b: Keyed): number {
    const x = a.row;
    const y = b.row;
    if (this.isAcm) {
      if (x.ac !== y.ac) return y.ac - x.ac;
      if (x.totalTime !== y.totalTime) return x.totalTime - y.totalTime;
      return this.lastAcTie ? a.last - b.last : 0;
    }
    if (x.totalScore !== y.totalScore) return y.totalScore - x.totalScore;
    return x.totalTime - y.totalTime;
  }

  private compare(a: Keyed, b: Keyed): number {
    const k = this.compareKey(a, b);
    if (k !== 0) return k;
    const x = a.row;
    const y = b.row;
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    return x.uid < y.uid ? -1 : x.uid > y.uid ? 1 : 0;
  }

  private finish(): ScoreboardRow[] {
    const order = this.order;
    const P = this.problems.length;
    const ranked: ScoreboardRow[] = new Array(order.length);
    const firstAc = new Float64Array(P).fill(Number.POSITIVE_INFINITY);
    let position = 0;
    let previous: Keyed | null = null;
    let previousRank = 0;
    for (let r = 0; r < order.length; r++) {
      const k = order[r] as Keyed;
      const row = k.row;
      ranked[r] = row;
      row.rank = -1;
      if (!row.isStar) {
        position++;
        row.rank = previous !== null && this.compareKey(previous, k) === 0 ? previousRank : position;
        previous = k;
        previousRank = row.rank;
      }
      row.isWinAward = false;
      row.awardName = null;
      row.awardBackground = null;
      row.awardColor = null;
      if (this.isAcm && row.ac > 0) {
        for (let p = 0; p < P; p++) {
          const at = k.acMs[p] as number;
          if (at >= 0 && at < (firstAc[p] as number)) firstAc[p] = at;
        }
      }
    }
    // first accepts: only cells whose flag changes are written (a handful per re-rank)
    if (this.isAcm) {
      for (const k of order) {
        for (let p = 0; p < P; p++) {
          const at = k.acMs[p] as number;
          const want = at >= 0 && at === firstAc[p] ? 1 : 0;
          if (want === k.first[p]) continue;
          k.first[p] = want;
          const cell = k.row.submissionInfo[this.problems[p] as string];
          if (cell) cell.isFirstAC = want === 1;
        }
      }
    }
    assignAwards(ranked, this.settings.type, this.settings.awards ?? { type: 'none' });
    return ranked;
  }
}
