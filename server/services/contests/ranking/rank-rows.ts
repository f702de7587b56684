import { assignAwards } from './awards';
import type { ProblemCell, RankingSettings, ScoreboardRow } from './types';

const MINUTE_MS = 60_000;

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
  const lastAcMinute = new Map<ScoreboardRow, number>();
  const firstAc = new Map<string, number>();
  for (const row of rows) {
    let last = 0;
    for (const p of problems) {
      const cell = row.submissionInfo[p] as ProblemCell | undefined;
      if (!cell || cell.acMs === null || !cell.isAC) continue;
      const minute = Math.floor(cell.acMs / MINUTE_MS);
      if (minute > last) last = minute;
      if (isAcm && cell.acMs < (firstAc.get(p) ?? Number.POSITIVE_INFINITY)) firstAc.set(p, cell.acMs);
    }
    if (lastAcTie) lastAcMinute.set(row, last);
  }

  const compareKey = (a: ScoreboardRow, b: ScoreboardRow): number => {
    if (isAcm) {
      if (a.ac !== b.ac) return b.ac - a.ac;
      if (a.totalTime !== b.totalTime) return a.totalTime - b.totalTime;
      return lastAcTie ? (lastAcMinute.get(a) ?? 0) - (lastAcMinute.get(b) ?? 0) : 0;
    }
    if (a.totalScore !== b.totalScore) return b.totalScore - a.totalScore;
    return a.totalTime - b.totalTime;
  };
  const ranked = [...rows].sort((a, b) => {
    const k = compareKey(a, b);
    if (k !== 0) return k;
    if (a.name !== b.name) return a.name < b.name ? -1 : 1;
    return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
  });

  let position = 0;
  let previous: ScoreboardRow | null = null;
  let previousRank = 0;
  for (const row of ranked) {
    row.rank = -1;
    if (!row.isStar) {
      position++;
      row.rank = previous !== null && compareKey(previous, row) === 0 ? previousRank : position;
      previous = row;
      previousRank = row.rank;
    }
    if (isAcm) {
      for (const p of problems) {
        const cell = row.submissionInfo[p];
        if (cell) cell.isFirstAC = cell.isAC && cell.acMs !== null && cell.acMs === firstAc.get(p);
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
