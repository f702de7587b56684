import { assignAwards } from './awards';
import type { RankingSettings, ScoreboardRow } from './types';

const MINUTE_MS = 60_000;

interface Keyed {
  row: ScoreboardRow;
  /** ICPC tie-break: the minute of the last accept */
  last: number;
}

/**
 * Orders scoreboard rows and fills what depends on the whole board: rank (ties share it, star rows take
 * -1 and no number), first accepts (the earliest accept of each problem in milliseconds; equal times are
 * all first) and awards. Rows are changed in place and returned in rank order; their cells and totals are
 * the participant's own and are left alone, so an incremental board re-ranks only this part.
 *
 * ACM: solved desc, penalty asc, and in 'icpc-minutes' mode the minute of the last accept; OI: score desc,
 * time asc. Rows still tied are shown by name, then uid.
 */
export function rankRows(
  rows: readonly ScoreboardRow[],
  settings: RankingSettings,
  problems: readonly string[],
): ScoreboardRow[] {
  const isAcm = settings.type === 'ACM';
  const lastAcTie = isAcm && settings.penaltyMode === 'icpc-minutes';
  const P = problems.length;
  const firstAc = new Float64Array(P).fill(Number.POSITIVE_INFINITY);
  const keyed: Keyed[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as ScoreboardRow;
    let last = 0;
    if (isAcm && row.ac > 0) {
      const info = row.submissionInfo;
      for (let p = 0; p < P; p++) {
        const at = info[problems[p] as string]?.acMs;
        if (at == null) continue;
        if (at < (firstAc[p] as number)) firstAc[p] = at;
        const minute = Math.floor(at / MINUTE_MS);
        if (minute > last) last = minute;
      }
    }
    keyed[r] = { row, last };
  }

  const compareKey = (a: Keyed, b: Keyed): number => {
    const x = a.row;
    const y = b.row;
    if (isAcm) {
      if (x.ac !== y.ac) return y.ac - x.ac;
      if (x.totalTime !== y.totalTime) return x.totalTime - y.totalTime;
      return lastAcTie ? a.last - b.last : 0;
    }
    if (x.totalScore !== y.totalScore) return y.totalScore - x.totalScore;
    return x.totalTime - y.totalTime;
  };
  keyed.sort((a, b) => {
    const k = compareKey(a, b);
    if (k !== 0) return k;
    const x = a.row;
    const y = b.row;
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    return x.uid < y.uid ? -1 : x.uid > y.uid ? 1 : 0;
  });

  const ranked: ScoreboardRow[] = new Array(keyed.length);
  let position = 0;
  let previous: Keyed | null = null;
  let previousRank = 0;
  for (let r = 0; r < keyed.length; r++) {
    const k = keyed[r] as Keyed;
    const row = k.row;
    ranked[r] = row;
    row.rank = -1;
    if (!row.isStar) {
      position++;
      row.rank = previous !== null && compareKey(previous, k) === 0 ? previousRank : position;
      previous = k;
      previousRank = row.rank;
    }
    if (isAcm && row.ac > 0) {
      const info = row.submissionInfo;
      for (let p = 0; p < P; p++) {
        const cell = info[problems[p] as string];
        if (cell) cell.isFirstAC = cell.acMs !== null && cell.acMs === firstAc[p];
      }
    }
    row.isWinAward = false;
    row.awardName = null;
    row.awardBackground = null;
    row.awardColor = null;
  }
  assignAwards(ranked, settings.type, settings.awards ?? { type: 'none' });
  return ranked;
}
