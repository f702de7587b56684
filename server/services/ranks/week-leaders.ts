import type { WeekLeader } from '../../../shared/api/rank-types';
import { HOME_LIMITS } from '../../../shared/constants/ranks';
import type { Db } from '../../db/database';
import { openProblemSql } from '../problems/visibility';
import type { RankCaches } from './rank-cache';

/** Midnight (server time) `days` days before today, as the stored ISO time. */
export function daysAgoMidnight(days: number, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return d.toISOString();
}

/**
 * HOJ GET /api/get-recent-seven-ac-rank: the active users who first solved the most public
 * problems since midnight seven days ago (HOJ's window), most first, newer accounts first on a
 * tie (HOJ). Unlike HOJ, users who solved nothing in the week are left out rather than listed
 * with 0.
 */
export async function getWeekLeaders(db: Db, caches: RankCaches): Promise<WeekLeader[]> {
  return caches.leaders.get('week', async () => {
    const since = daysAgoMidnight(HOME_LIMITS.weekLeaderDays);
    // the week's first solves come from the covering first_ac_time index alone (materialized, so no
    // planner walks every user's records by problem instead), are counted per user on public
    // problems, and only then joined with the accounts
    const rows = await db.kysely
      .with(
        (cte) => cte('w').materialized(),
        (qb) => qb.selectFrom('user_problem_stat').select(['uid', 'pid']).where('first_ac_time', '>=', since),
      )
      .with('c', (qb) =>
        qb
          .selectFrom('w')
          .innerJoin('problem', 'problem.id', 'w.pid')
          .select(['w.uid', (eb) => eb.fn.countAll<number | string>().as('ac')])
          .where(openProblemSql())
          .groupBy('w.uid'),
      )
      .selectFrom('c')
      .innerJoin('user_info as u', 'u.uuid', 'c.uid')
      .select(['u.uuid', 'u.username', 'u.nickname', 'u.avatar', 'u.title_name', 'u.title_color', 'c.ac'])
      .where('u.status', '=', 0)
      .orderBy('c.ac', 'desc')
      .orderBy('u.gmt_create', 'desc')
      .limit(HOME_LIMITS.weekLeaders)
      .execute();
    return rows.map((r) => ({
      uid: r.uuid,
      username: r.username,
      nickname: r.nickname,
      avatar: r.avatar,
      titleName: r.title_name,
      titleColor: r.title_color,
      ac: Number(r.ac),
    }));
  });
}
