import type { RecentProblem } from '../../../shared/api/home-types';
import { HOME_LIMITS } from '../../../shared/constants/ranks';
import type { Db } from '../../db/database';
import { openProblemSql } from '../problems/visibility';
import type { HomeCaches } from './home-cache';

/**
 * HOJ GET /api/get-recent-updated-problem: the ten public problems changed last. HOJ orders them by
 * creation while its page shows the time of the last change; here the order is the change, what
 * the list is called and shows.
 */
export async function getRecentProblems(db: Db, caches: HomeCaches): Promise<RecentProblem[]> {
  return caches.problems.get('recent', async () => {
    const rows = await db.kysely
      .selectFrom('problem')
      .select(['id', 'problem_id', 'title', 'type', 'gmt_create', 'gmt_modified'])
      .where(openProblemSql())
      .orderBy('gmt_modified', 'desc')
      .orderBy('id', 'desc')
      .limit(HOME_LIMITS.recentProblems)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      problemId: r.problem_id,
      title: r.title,
      type: r.type,
      gmtCreate: r.gmt_create,
      gmtModified: r.gmt_modified,
    }));
  });
}
