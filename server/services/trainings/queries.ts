import type {
  TrainingAccess,
  TrainingCategory,
  TrainingDetail,
  TrainingProblemItem,
  TrainingVO,
} from '../../../shared/api/training-types';
import type { Page } from '../../../shared/api/types';
import { TRAINING_LIMITS } from '../../../shared/constants/trainings';
import type { TrainingListParams } from '../../../shared/schemas/trainings';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { markdownHtml } from '../markdown/render-cache';
import { pageRequest, toPage } from '../paging';
import { countsByProblem, emptyCounts } from '../problems/counts';
import { tagsByProblem } from '../problems/tags';
import { hasTrainingAccess, loadEnterableTraining, loadVisibleTraining } from './access';
import { acceptedCounts, problemCounts } from './progress';
import { categoryOfTraining, shownTrainingProblems } from './store';
import { toCategory, toTrainingVO } from './vo';

/** GET /api/get-training-category (HOJ): every category, oldest first. */
export async function listTrainingCategories(db: Db): Promise<TrainingCategory[]> {
  const rows = await db.kysely
    .selectFrom('training_category')
    .selectAll()
    .where('gid', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map(toCategory);
}

/**
 * GET /api/get-training-list (HOJ): the visible trainings by their order number (`rank`, then the
 * newest id last), filtered by category, access type and a keyword in the title or author, with
 * the problem count and the caller's solved count of each. The site's trainings only; with `gid`,
 * that group's instead (GET /api/group/get-training-list, whose caller the group service checked).
 */
export async function listTrainings(
  db: Db,
  user: CurrentUser | null,
  query: TrainingListParams,
  gid: number | null = null,
): Promise<Page<TrainingVO>> {
  const req = pageRequest(query.currentPage, query.limit, TRAINING_LIMITS.pageSize);
  const trainings = db.kysely
    .selectFrom('training as t')
    .leftJoin('mapping_training_category as m', 'm.tid', 't.id')
    .leftJoin('training_category as c', 'c.id', 'm.cid')
    .where('t.status', '=', 1);
  let base = gid === null ? trainings.where('t.is_group', '=', 0) : trainings.where('t.gid', '=', gid);
  if (query.categoryId !== undefined) base = base.where('c.id', '=', query.categoryId);
  if (query.auth) base = base.where('t.auth', '=', query.auth);
  const keyword = query.keyword?.trim();
  if (keyword) {
    base = base.where((eb) => eb.or([containsText('t.title', keyword), containsText('t.author', keyword)]));
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) return toPage([], total, req);
  const rows = await base
    .selectAll('t')
    .select(['c.id as c_id', 'c.name as c_name', 'c.color as c_color'])
    .orderBy('t.rank')
    .orderBy('t.id')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  const tids = rows.map((r) => r.id);
  const [counts, solved] = await Promise.all([
    problemCounts(db, tids),
    acceptedCounts(db, user?.uid ?? null, tids),
  ]);
  return toPage(
    rows.map((r) =>
      toTrainingVO(r, r.c_id === null ? null : { id: r.c_id, name: r.c_name ?? '', color: r.c_color }, {
        problemCount: counts.get(r.id) ?? 0,
        acCount: solved.get(r.id) ?? 0,
      }),
    ),
    total,
    req,
  );
}

/**
 * GET /api/get-training-detail (HOJ): the VO with the introduction rendered on the server. Everyone
 * who may know of the training reads it, a private one too (its page asks for the password); the
 * solved count is the caller's own progress.
 */
export async function trainingDetail(db: Db, user: CurrentUser | null, tid: number): Promise<TrainingDetail> {
  const training = await loadVisibleTraining(db, user, tid);
  const [category, counts, solved] = await Promise.all([
    categoryOfTraining(db, tid),
    problemCounts(db, [tid]),
    acceptedCounts(db, user?.uid ?? null, [tid]),
  ]);
  const vo = toTrainingVO(training, category ?? null, {
    problemCount: counts.get(tid) ?? 0,
    acCount: solved.get(tid) ?? 0,
  });
  return { ...vo, descriptionHtml: markdownHtml(vo.description) };
}

/**
 * GET /api/get-training-problem-list (HOJ): the problems in the training's order with their tags and
 * accepted and total counts outside contests (HOJ's ProblemVO), for those who may enter it.
 */
export async function trainingProblemList(
  db: Db,
  user: CurrentUser | null,
  tid: number,
): Promise<TrainingProblemItem[]> {
  await loadEnterableTraining(db, user, tid);
  const rows = await shownTrainingProblems(db, tid);
  const pids = rows.map((r) => r.pid);
  const [counts, tags] = await Promise.all([countsByProblem(db, pids), tagsByProblem(db, pids)]);
  return rows.map((r) => ({
    ...(counts.get(r.pid) ?? emptyCounts()),
    pid: r.pid,
    problemId: r.problem_id,
    title: r.title,
    difficulty: r.difficulty,
    type: r.type,
    tags: tags.get(r.pid) ?? [],
    score: null,
  }));
}

/**
 * GET /api/get-training-access (HOJ): may the caller enter? Public trainings and their managers
 * always (HOJ answers only whether the caller registered; its client decides the rest).
 */
export async function trainingAccess(db: Db, user: CurrentUser, tid: number): Promise<TrainingAccess> {
  const training = await loadVisibleTraining(db, user, tid);
  return { access: await hasTrainingAccess(db, user, training) };
}
