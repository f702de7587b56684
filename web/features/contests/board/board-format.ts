import type { AcmRankCell, ContestRankRow } from '@/shared/api/contest-rank-types';
import type { ContestVO } from '@/shared/api/contest-types';
import type { RankShowName } from '@/shared/constants/contests';

export { boardTime } from '@/shared/format/board-time';

/** localStorage key of the users a visitor follows on a contest's boards. */
export const concernedKey = (cid: number) => `contestRankConcerned_${cid}`;
/** The server takes at most this many concerned uids (contestRankBody). */
export const CONCERNED_MAX = 200;

/** The name a row shows (contest setting rankShowName; username when the chosen one is empty). */
export function shownName(
  row: Pick<ContestRankRow, 'username' | 'realname' | 'nickname'>,
  show: RankShowName,
): string {
  const chosen = show === 'realname' ? row.realname : show === 'nickname' ? row.nickname : row.username;
  return chosen?.trim() ? chosen : row.username;
}

export type AcmCellKind = 'firstBlood' | 'accepted' | 'frozen' | 'pending' | 'rejected' | 'none';

/** What a cell shows: first blood, accepted, frozen (tries after the seal), pending (not judged), rejected. */
export function acmCellKind(cell: AcmRankCell | undefined): AcmCellKind {
  if (!cell) return 'none';
  if (cell.isAC) return cell.isFirstAC && !cell.isAfterContest ? 'firstBlood' : 'accepted';
  if (cell.isFrozen) return 'frozen';
  if (cell.tryNum > 0) return 'pending';
  if (cell.errorNum > 0) return 'rejected';
  return 'none';
}

/**
 * The leading rows of page 1 that the server pinned (the caller's own inside the contest, then the
 * concerned ones, each once); they appear again in their place further down.
 */
export function pinnedCount(
  rows: readonly ContestRankRow[],
  wanted: readonly string[],
  page: number,
): number {
  if (page !== 1 || wanted.length === 0) return 0;
  const want = new Set(wanted);
  const seen = new Set<string>();
  let n = 0;
  for (const row of rows) {
    if (!want.has(row.uid) || seen.has(row.uid)) break;
    seen.add(row.uid);
    n++;
  }
  return n;
}

/** Full marks assumed for an OI column: 100 (HOJ's default) unless a row scored more. */
export function fullMarks(
  rows: readonly { submissionInfo: Record<string, number> }[],
  displayId: string,
): number {
  let max = 100;
  for (const r of rows) max = Math.max(max, r.submissionInfo[displayId] ?? 0);
  return max;
}

/** Background and text colour of an OI score, from red (0) through amber to green (full marks). */
export function scoreColour(score: number, full: number): { background: string; color: string } {
  const f = full > 0 ? Math.min(1, Math.max(0, score / full)) : 0;
  if (f >= 1) return { background: 'hsl(142 64% 36%)', color: '#ffffff' };
  const hue = Math.round(f * 100);
  return {
    background: `hsl(${hue} 85% ${f === 0 ? 94 : 88}%)`,
    color: `hsl(${hue} 70% ${f === 0 ? 38 : 26}%)`,
  };
}

/** Minutes from the seal to the end when the viewer's board is frozen now, else null. */
export function frozenMinutes(
  contest: Pick<ContestVO, 'sealRank' | 'sealRankTime' | 'endTime' | 'autoRealRank'>,
  nowMs: number,
  liveForAdmin: boolean,
): number | null {
  if (!contest.sealRank || !contest.sealRankTime || liveForAdmin) return null;
  const seal = Date.parse(contest.sealRankTime);
  const end = Date.parse(contest.endTime);
  if (nowMs < seal) return null;
  if (nowMs >= end && contest.autoRealRank) return null;
  return Math.max(0, Math.round((end - seal) / 60_000));
}
