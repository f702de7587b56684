import type { AwardSettings, ContestRuleType, ScoreboardRow } from './types';

/**
 * Marks award rows in place, walking the ranked list from the top: star rows are skipped, only rows with a solve
 * (ACM) or a positive score (OI) can win; each level consumes its count. Percent levels take floor(num % × N),
 * N = the number of non-star rows; levels whose count is 0 are dropped. Ties at a cut-off are not considered.
 */
export function assignAwards(rows: ScoreboardRow[], type: ContestRuleType, awards: AwardSettings): void {
  if (awards.type === 'none') return;
  const official = rows.reduce((n, r) => (r.isStar ? n : n + 1), 0);
  const levels = awards.levels
    .map((l) => ({
      ...l,
      num: awards.type === 'percent' ? Math.floor((l.num * official) / 100) : Math.floor(l.num),
    }))
    .filter((l) => l.num > 0);
  let level = 0;
  let used = 0;
  for (const row of rows) {
    const current = levels[level];
    if (current === undefined) return;
    if (row.isStar) continue;
    if (type === 'ACM' ? row.ac <= 0 : row.totalScore <= 0) continue;
    row.isWinAward = true;
    row.awardName = current.name;
    row.awardBackground = current.background;
    row.awardColor = current.color;
    used++;
    if (used >= current.num) {
      level++;
      used = 0;
    }
  }
}
