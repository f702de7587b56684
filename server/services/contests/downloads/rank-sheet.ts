import { ContestType, type PenaltyModeValue, type RankShowName } from '../../../../shared/constants/contests';
import { boardTime } from '../../../../shared/format/board-time';
import type { ContestRankDownloadParams } from '../../../../shared/schemas/contest-downloads';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { type SheetRows, sheetFile } from '../../files/sheets';
import { isSealedFor } from '../access';
import { loadAdministeredContest } from '../admin-contests';
import type { ContestBoardCache } from '../board/board-cache';
import { displayName } from '../board/board-cache';

/** Column titles in the caller's language (locales, section `contestDownload`). */
export type Translate = (key: string) => string;

/**
 * HOJ GET /api/file/download-contest-rank: the contest's board as a spreadsheet for its admins,
 * every row (not a page), sealed as the admin sees it unless `forceRefresh` asks for the live board,
 * stars as "*" unless `removeStar` drops them. ACM cells read "time (-wrong tries)" for a solved
 * problem and "-tries" for an unsolved one; OI cells are scores.
 */
export async function contestRankSheet(
  db: Db,
  boards: ContestBoardCache,
  user: CurrentUser,
  params: ContestRankDownloadParams,
  t: Translate,
): Promise<{ fileName: string; data: Buffer }> {
  const contest = await loadAdministeredContest(db, user, params.cid, 'contest');
  const sealed = isSealedFor(contest, user, !!params.forceRefresh);
  const view = await boards.view(db, contest, { sealed, includeAfterContest: false }, !!params.forceRefresh);
  const show = contest.rank_show_name as RankShowName;
  const oi = contest.type === ContestType.OI;
  const mode = contest.penalty_mode as PenaltyModeValue;
  const head = [
    t('contestDownload.rank'),
    t('contestDownload.username'),
    t('contestDownload.shownName'),
    t('contestDownload.realname'),
    t('contestDownload.school'),
    ...(oi ? [t('contestDownload.totalScore')] : [t('contestDownload.solved'), t('contestDownload.penalty')]),
    ...view.problems,
  ];
  const rows: SheetRows = [head];
  for (const r of view.rows) {
    if (params.removeStar && r.isStar) continue;
    const u = view.users.get(r.uid);
    const cells = view.problems.map((p) => {
      const c = r.submissionInfo[p];
      if (!c) return null;
      if (oi) return c.score ?? null;
      if (c.isAC) return `${boardTime(c.ACTime ?? 0, mode)}${c.errorNum ? ` (-${c.errorNum})` : ''}`;
      const tries = c.errorNum + c.tryNum;
      return tries ? `-${tries}` : null;
    });
    rows.push([
      r.isStar ? '*' : r.rank,
      u?.username ?? r.name,
      displayName(u, show, r.uid),
      u?.realname ?? null,
      u?.school ?? null,
      ...(oi ? [r.totalScore] : [r.ac, boardTime(r.totalTime, mode)]),
      ...cells,
    ]);
  }
  return {
    fileName: `contest_${contest.id}_rank.${params.format}`,
    data: await sheetFile(rows, params.format),
  };
}
