/**
 * The admin dashboard (HOJ's /api/admin/dashboard/*): root and admins. HOJ's three counts, the
 * site's totals, the judge queue at a glance and the latest logins; and the caller's previous
 * login, which HOJ's dashboard shows beside the admin's name.
 */
import type { DashboardInfo, LoginSession } from '../../../shared/api/admin-config-types';
import { SITE_ADMIN_LIMITS } from '../../../shared/constants/limits';
import type { Db } from '../../db/database';
import { latestLogins, previousLogin } from '../auth/login-sessions';
import type { CurrentUser } from '../auth/users';
import { canSeeDashboard } from '../authz';
import { forbidden } from '../errors';
import { queueGlance } from '../judge-queue/queue-summary';

const DAY_MS = 24 * 3600_000;

function assertCanSeeDashboard(user: CurrentUser): void {
  if (!canSeeDashboard(user)) throw forbidden('adminConfig.dashboardOnly');
}

/** 00:00 UTC of the server's current day: "today" of todayJudgeNum. */
export function startOfUtcDay(now = Date.now()): string {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS).toISOString();
}

const count = (n: { n: number | string | bigint }) => Number(n.n);

export async function getDashboardInfo(db: Db, user: CurrentUser): Promise<DashboardInfo> {
  assertCanSeeDashboard(user);
  const now = Date.now();
  const nowText = new Date(now).toISOString();
  const todayFrom = startOfUtcDay(now);
  const horizon = new Date(now + SITE_ADMIN_LIMITS.recentContestDays * DAY_MS).toISOString();
  const k = db.kysely;
  const [users, recentContests, today, problems, contests, queue, logins] = await Promise.all([
    k
      .selectFrom('user_info')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    // HOJ's rule: visible contests not ended yet that start within the next 14 days
    k
      .selectFrom('contest')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('visible', '=', 1)
      .where('gid', 'is', null)
      .where('end_time', '>', nowText)
      .where('start_time', '<=', horizon)
      .executeTakeFirstOrThrow(),
    k
      .selectFrom('judge')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('submit_time', '>=', todayFrom)
      .executeTakeFirstOrThrow(),
    k
      .selectFrom('problem')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    k
      .selectFrom('contest')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    queueGlance(db),
    latestLogins(db, SITE_ADMIN_LIMITS.recentLogins),
  ]);
  return {
    userNum: count(users),
    recentContestNum: count(recentContests),
    todayJudgeNum: count(today),
    todayFrom,
    problemNum: count(problems),
    contestNum: count(contests),
    queue,
    recentLogins: logins.map((l) => ({
      username: l.username,
      ip: l.ip,
      userAgent: l.user_agent,
      time: l.gmt_create,
    })),
  };
}

/** HOJ's get-sessions: the caller's login before this one; null when none was recorded. */
export async function getPreviousSession(db: Db, user: CurrentUser): Promise<LoginSession | null> {
  assertCanSeeDashboard(user);
  const row = await previousLogin(db, user.uid);
  return row
    ? {
        id: row.id,
        uid: row.uid,
        ip: row.ip,
        userAgent: row.user_agent,
        gmtCreate: row.gmt_create,
        gmtModified: row.gmt_modified,
      }
    : null;
}
