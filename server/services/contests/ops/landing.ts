import type { ContestHome } from '../../../../shared/api/contest-ops-types';
import type { ContestHomeParams } from '../../../../shared/schemas/contest-ops';
import { bool } from '../../../db/booleans';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { badRequest, notFound } from '../../errors';
import { withGroupViewer } from '../../groups/contests-access';
import type { ContestRow } from '../contest-store';

/**
 * The landing page of a contest site, entered by its short name at /SHORT (not an upstream HOJ
 * call). Anyone may read it, for a visible contest (a group's: its members only); it carries the public
 * setting fields and never the password or the admin fields.
 */
export async function loadLandingContest(
  db: Db,
  query: ContestHomeParams,
  user: CurrentUser | null,
): Promise<ContestRow> {
  const shortName = query.contest?.trim();
  let row: ContestRow | undefined;
  if (shortName) {
    row = await db.kysely
      .selectFrom('contest')
      .selectAll()
      .where('short_name', '=', shortName)
      .executeTakeFirst();
    // a front end may put the numeric id where the short name goes
    if (!row && /^\d{1,9}$/.test(shortName)) {
      row = await db.kysely
        .selectFrom('contest')
        .selectAll()
        .where('id', '=', Number(shortName))
        .executeTakeFirst();
    }
  } else {
    const id = query.contestId ?? query.cid;
    if (id === undefined) throw badRequest('contestOps.contestRequired');
    row = await db.kysely.selectFrom('contest').selectAll().where('id', '=', id).executeTakeFirst();
  }
  if (!row || !bool(row.visible)) throw notFound('contest.notFound');
  // a group's contest has no public landing page: its members (and the site's root) only
  if (row.gid !== null && !(await withGroupViewer(db, user, row)).groupViewer?.member)
    throw notFound('contest.notFound');
  return row;
}

export function toContestHome(row: ContestRow): ContestHome {
  return {
    cid: row.id,
    title: row.title,
    subheading: row.subheading,
    startTime: row.start_time,
    endTime: row.end_time,
    sponsor: row.sponsor,
    coOrganizer: row.co_organizer,
    organizer: row.organizer,
    shortName: row.short_name,
  };
}
