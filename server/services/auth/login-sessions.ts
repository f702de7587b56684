/**
 * The record of successful logins (HOJ's `session` table, here `user_session`): who logged in,
 * from which address and browser, and when. The admin dashboard shows an admin their previous
 * login and the site's latest ones. Only the newest few per user are kept.
 */
import type { Selectable } from 'kysely';
import { SITE_ADMIN_LIMITS } from '../../../shared/constants/limits';
import type { Db } from '../../db/database';
import type { UserSessionTable } from '../../db/schema';
import { nowIso } from '../clock';

export type LoginSessionRow = Selectable<UserSessionTable>;

/** A header as sent, cut to what is kept; null when empty. */
function kept(value: string | null | undefined, chars: number): string | null {
  const text = value?.trim();
  return text ? text.slice(0, chars) : null;
}

/**
 * Records one login and forgets the user's older ones beyond the newest few, in the same call.
 * `ip` is the address the server keys its per-IP limits on (TRUST_PROXY decides whether a proxy's
 * X-Forwarded-For is believed), never a header read here.
 */
export async function recordLogin(
  db: Db,
  uid: string,
  ip: string | null,
  userAgent: string | null | undefined,
): Promise<void> {
  const now = nowIso();
  await db.kysely
    .insertInto('user_session')
    .values({
      uid,
      ip: kept(ip, 64),
      user_agent: kept(userAgent, SITE_ADMIN_LIMITS.userAgentChars),
      gmt_create: now,
      gmt_modified: now,
    })
    .execute();
  await db.kysely
    .deleteFrom('user_session')
    .where('uid', '=', uid)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('user_session')
        .select('id')
        .where('uid', '=', uid)
        .orderBy('gmt_create', 'desc')
        .orderBy('id', 'desc')
        .limit(SITE_ADMIN_LIMITS.sessionsKept),
    )
    .execute();
}

/** HOJ's rule: the login before the newest (the newest is the current one); the newest when alone. */
export async function previousLogin(db: Db, uid: string): Promise<LoginSessionRow | null> {
  const rows = await db.kysely
    .selectFrom('user_session')
    .selectAll()
    .where('uid', '=', uid)
    .orderBy('gmt_create', 'desc')
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  return rows[1] ?? rows[0] ?? null;
}

/** The latest logins on the whole site, newest first, with the usernames. */
export async function latestLogins(db: Db, limit: number) {
  return db.kysely
    .selectFrom('user_session')
    .innerJoin('user_info', 'user_info.uuid', 'user_session.uid')
    .select(['user_info.username', 'user_session.ip', 'user_session.user_agent', 'user_session.gmt_create'])
    .orderBy('user_session.gmt_create', 'desc')
    .orderBy('user_session.id', 'desc')
    .limit(limit)
    .execute();
}
