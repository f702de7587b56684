import { type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { DiscussionStatus } from '../../../shared/constants/discussions';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import type { DiscussionTable } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import { isAdminUser } from '../authz';
import { forbidden, notFound } from '../errors';
import { readGroupDiscussion } from '../groups/discussion-access';
import { canSeeProblem, openProblemSql } from '../problems/visibility';
import { loadSettings, type SiteSettings } from '../site/settings';

/**
 * Who may read a discussion and post in the discussion area (docs/architecture.md, Discussions),
 * in one place: the discussion calls, the comment scope of a discussion and the Explain tab agree.
 */
export type DiscussionRow = Selectable<DiscussionTable>;

/** Discussion rules are switches of the site; read once per request. */
export async function discussionRules(db: Db): Promise<SiteSettings['switches']> {
  return (await loadSettings(db)).switches;
}

/**
 * HOJ's public discussion area switch (web config openPublicDiscussion): off, every discussion call
 * of the site answers 403 for everyone, root included (HOJ's AccessValidator). The console's calls
 * stay open so admins can still clean up.
 */
export async function assertDiscussionsOpen(db: Db): Promise<void> {
  const settings = await loadSettings(db);
  if (!settings.web.openPublicDiscussion) throw forbidden('discussion.closed');
}

/** A discussion of the public area, or 404 (a group's discussion is the group's calls', groups/discussions.ts). */
export async function loadDiscussion(db: Db, did: number): Promise<DiscussionRow> {
  const row = await db.kysely.selectFrom('discussion').selectAll().where('id', '=', did).executeTakeFirst();
  if (!row || row.gid !== null) throw notFound('discussion.notFound');
  return row;
}

/**
 * May the caller read this discussion? Admin roles read every one. Others: a blocked one is a 403
 * with HOJ's message; one waiting for review is its author's alone; one about a problem the caller
 * may not see is missing (a hidden problem shows in no call outside its contests).
 */
export async function assertReadable(db: Db, user: CurrentUser | null, row: DiscussionRow): Promise<void> {
  if (isAdminUser(user)) return;
  if (row.status === DiscussionStatus.BLOCKED) throw forbidden('discussion.blocked');
  if (row.status !== DiscussionStatus.VISIBLE && row.uid !== user?.uid) throw notFound('discussion.notFound');
  if (row.pid !== null) {
    const problem = await db.kysely
      .selectFrom('problem')
      .select(['auth', 'gid'])
      .where('problem_id', '=', row.pid)
      .executeTakeFirst();
    if (problem && !canSeeProblem(problem, user)) throw notFound('discussion.notFound');
  }
}

/** Liking, reporting and commenting need a visible discussion (a blocked one is frozen, admins too). */
export function assertOpenForActivity(row: DiscussionRow): void {
  if (row.status === DiscussionStatus.BLOCKED) throw forbidden('discussion.blocked');
  if (row.status === DiscussionStatus.REVIEW) throw forbidden('discussion.underReview');
}

/**
 * The discussion with this id when the caller may read it: a public one while the area is open, a
 * group's one for the group's members and the site's root while group discussions are open
 * (groups/discussion-access.ts).
 */
export async function loadReadableDiscussion(
  db: Db,
  user: CurrentUser | null,
  did: number,
): Promise<DiscussionRow> {
  return (await loadReadableDiscussionFor(db, user, did)).row;
}

/** loadReadableDiscussion, and whether the caller moderates it (admin roles; a group's admins for its own). */
export async function loadReadableDiscussionFor(
  db: Db,
  user: CurrentUser | null,
  did: number,
): Promise<{ row: DiscussionRow; moderator: boolean }> {
  const row = await db.kysely.selectFrom('discussion').selectAll().where('id', '=', did).executeTakeFirst();
  if (row && row.gid !== null) {
    const moderator = await readGroupDiscussion(db, user, { ...row, gid: row.gid });
    return { row, moderator };
  }
  await assertDiscussionsOpen(db);
  if (!row) throw notFound('discussion.notFound');
  await assertReadable(db, user, row);
  return { row, moderator: isAdminUser(user) };
}

/**
 * SQL on `discussion` rows: not about a problem hidden from everyone but admins (a discussion of a
 * problem that no longer exists stays listed).
 */
export function aboutOpenProblemSql(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref('discussion.pid')} is null or ${sql.ref('discussion.pid')} not in (select hp.problem_id from problem hp where not ${openProblemSql('hp')}))`;
}

/** HOJ's user_acproblem count: the distinct problems the user solved outside contests. */
export async function acceptedProblemCount(db: Db, uid: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('judge')
    .select(sql<number>`count(distinct pid)`.as('n'))
    .where('uid', '=', uid)
    .where('cid', '=', 0)
    .where('status', '=', JudgeStatus.ACCEPTED)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * HOJ: a non-admin needs `need` accepted problems before posting a discussion (`key`
 * discussion.acRequired) or commenting in one (discussion.commentAcRequired); 403 with the count.
 */
export async function assertEnoughAccepted(
  db: Db,
  user: CurrentUser,
  need: number,
  key: 'discussion.acRequired' | 'discussion.commentAcRequired',
): Promise<void> {
  if (isAdminUser(user) || need <= 0) return;
  if ((await acceptedProblemCount(db, user.uid)) < need) throw forbidden(key, { count: need });
}

/** HOJ's rule for comments and replies in a discussion: the comment AC threshold. */
export async function assertMayCommentInDiscussions(db: Db, user: CurrentUser): Promise<void> {
  const rules = await discussionRules(db);
  await assertEnoughAccepted(db, user, rules.defaultCreateCommentACInitValue, 'discussion.commentAcRequired');
}

/**
 * Comments and replies count in the discussion's comment_num (HOJ: both). Recounted from the rows
 * rather than stepped up and down, so a failed or concurrent write never leaves it wrong.
 */
export async function recountDiscussionComments(db: Db, did: number): Promise<void> {
  await db.kysely
    .updateTable('discussion')
    .set({
      comment_num: sql<number>`(select count(*) from comment c where c.did = ${did} and c.status = 0) + (select count(*) from reply r inner join comment c on c.id = r.comment_id where c.did = ${did} and r.status = 0)`,
    })
    .where('id', '=', did)
    .execute();
}
