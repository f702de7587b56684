import type { TrainingRankCell, TrainingRankItem } from '../../../shared/api/training-types';
import type { Page } from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { Role } from '../../../shared/constants/roles';
import { TRAINING_LIMITS } from '../../../shared/constants/trainings';
import type { TrainingRankParams } from '../../../shared/schemas/trainings';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canManageTraining } from '../authz';
import { pageRequest, toPage } from '../paging';
import { loadEnterableTraining } from './access';
import { shownProblemSql, type TrainingRow } from './store';

/**
 * GET /api/get-training-rank (HOJ's TrainingManager#getTrainingRank): the training's recorded
 * submissions (records.ts), oldest first, per user and problem: the verdict of the latest finished
 * submission until one is accepted, then accepted for good with the fastest accepted run. Users are
 * ranked by problems solved, then by the sum of those fastest runs (less first). The training's
 * creator and root accounts are left out (HOJ). Real names go to the training's managers only (HOJ's
 * client shows them only to its admins; Verdict does not send them to others).
 */

/** HOJ's finished verdicts (its record query's status list): pending, judging and failed ones wait. */
const COUNTED = [
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.ACCEPTED,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
];

async function rootUids(db: Db): Promise<Set<string>> {
  const rows = await db.kysely
    .selectFrom('user_role')
    .select('uid')
    .where('role_id', '=', Role.ROOT)
    .execute();
  return new Set(rows.map((r) => r.uid));
}

async function recordRows(db: Db, tid: number) {
  return db.kysely
    .selectFrom('training_record as tr')
    .innerJoin('judge as j', 'j.submit_id', 'tr.submit_id')
    .innerJoin('training_problem as tp', 'tp.id', 'tr.tpid')
    .innerJoin('problem as p', 'p.id', 'tp.pid')
    .innerJoin('user_info as u', 'u.uuid', 'tr.uid')
    .select([
      'tr.uid',
      'p.problem_id',
      'j.status',
      'j.score',
      'j.time',
      'u.username',
      'u.nickname',
      'u.realname',
      'u.avatar',
      'u.school',
      'u.gender',
    ])
    .where('tr.tid', '=', tid)
    .where('j.status', 'in', COUNTED)
    .where(shownProblemSql('p'))
    .orderBy('j.submit_time')
    .orderBy('j.submit_id')
    .execute();
}
type RecordRow = Awaited<ReturnType<typeof recordRows>>[number];

const matches = (keyword: string, ...texts: (string | null)[]) =>
  texts.some((t) => t?.toLowerCase().includes(keyword));

/** The whole ranking, best first, with places (equal solved count and run time share one). */
export function rankRecords(
  rows: readonly RecordRow[],
  exclude: ReadonlySet<string>,
  showRealname: boolean,
  keyword: string,
): TrainingRankItem[] {
  const byUser = new Map<string, TrainingRankItem>();
  for (const r of rows) {
    if (exclude.has(r.uid)) continue;
    if (keyword && !matches(keyword, r.username, r.realname, r.school)) continue;
    let item = byUser.get(r.uid);
    if (!item) {
      item = {
        rank: 0,
        uid: r.uid,
        username: r.username,
        nickname: r.nickname,
        realname: showRealname ? r.realname : null,
        avatar: r.avatar,
        school: r.school,
        gender: r.gender,
        ac: 0,
        totalRunTime: 0,
        submissionInfo: {},
      };
      byUser.set(r.uid, item);
    }
    const cell: TrainingRankCell | undefined = item.submissionInfo[r.problem_id];
    const accepted = r.status === JudgeStatus.ACCEPTED;
    const runTime = r.time ?? 0;
    if (cell?.isAC) {
      // solved already: only a faster accepted run changes the cell
      if (accepted && cell.runTime !== null && runTime < cell.runTime) {
        item.totalRunTime += runTime - cell.runTime;
        cell.runTime = runTime;
      }
      continue;
    }
    item.submissionInfo[r.problem_id] = {
      status: r.status,
      score: r.score,
      isAC: accepted,
      runTime: accepted ? runTime : null,
    };
    if (accepted) {
      item.ac += 1;
      item.totalRunTime += runTime;
    }
  }
  const ranked = [...byUser.values()].sort((a, b) => b.ac - a.ac || a.totalRunTime - b.totalRunTime);
  ranked.forEach((item, i) => {
    const prev = ranked[i - 1];
    item.rank = prev && prev.ac === item.ac && prev.totalRunTime === item.totalRunTime ? prev.rank : i + 1;
  });
  return ranked;
}

export async function trainingRank(
  db: Db,
  user: CurrentUser | null,
  query: TrainingRankParams,
): Promise<Page<TrainingRankItem>> {
  const training: TrainingRow = await loadEnterableTraining(db, user, query.tid);
  const req = pageRequest(query.currentPage, query.limit, TRAINING_LIMITS.rankPageSize);
  const [rows, roots] = await Promise.all([recordRows(db, training.id), rootUids(db)]);
  roots.add(training.uid);
  const ranked = rankRecords(
    rows,
    roots,
    canManageTraining(user, training),
    query.keyword?.trim().toLowerCase() ?? '',
  );
  return toPage(ranked.slice(req.offset, req.offset + req.size), ranked.length, req);
}
