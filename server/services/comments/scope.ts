import { type RawBuilder, sql, type Transaction } from 'kysely';
import { ContestStatus } from '../../../shared/constants/contests';
import { Role } from '../../../shared/constants/roles';
import type { CommentSourceType } from '../../../shared/schemas/comments';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import { isContestAdmin } from '../authz';
import { nowIso } from '../clock';
import { loadReadableContest } from '../contests/access';
import type { ContestRow } from '../contests/contest-store';
import { contestStatus } from '../contests/status';
import {
  assertMayCommentInDiscussions,
  assertOpenForActivity,
  loadReadableDiscussionFor,
} from '../discussions/access';
import { discussionUrl } from '../discussions/reminders';
import { badRequest, forbidden } from '../errors';
import { groupDiscussionUrl } from '../groups/discussion-access';
import { loadSettings } from '../site/settings';

/**
 * Where comments live and what the caller may do there. A comment belongs to a contest (cid) or a
 * discussion (did); a discussion's rules (the public area switch, who reads it, HOJ's accepted-problem
 * threshold) live in services/discussions/access.ts.
 */
export interface CommentScope {
  sourceType: CommentSourceType;
  /** the contest or discussion id */
  sourceId: number;
  cid: number | null;
  did: number | null;
  contest: ContestRow | null;
  /** may delete anyone's comments and replies here, and reply to any comment */
  moderator: boolean;
  /**
   * Non-null while a contest runs, for everyone but its admins (docs/security.md, Comments): only comments
   * and replies by these users are shown (the caller, the contest's author; root users are added by the
   * query), and the caller may reply only to their own comments.
   */
  restrictedTo: string[] | null;
  /** where a reminder links to on the site */
  url: string;
  /** told of each new comment (a discussion's author: HOJ's Discuss reminder); null in contests */
  ownerUid: string | null;
  /** what posting a comment or reply here needs beyond comment_add / reply_add (403 otherwise) */
  assertMayPostHere(user: CurrentUser): Promise<void>;
}

/** Either database handle (a transaction or the pool). */
export type Queryable = Db['kysely'] | Transaction<Database>;

/** Contest comments need the site switch openContestComment, else 403 (comments.contestCommentClosed). */
async function assertContestCommentsOpen(db: Db): Promise<void> {
  const settings = await loadSettings(db);
  if (!settings.web.openContestComment) throw forbidden('comments.contestCommentClosed');
}

/** The comments of a contest, for a caller who may read the contest (HOJ validateContestAuth). */
export async function contestScope(db: Db, user: CurrentUser | null, cid: number): Promise<CommentScope> {
  await assertContestCommentsOpen(db);
  const contest = await loadReadableContest(db, user, cid);
  const moderator = isContestAdmin(user, contest);
  const running = contestStatus(contest, nowIso()) === ContestStatus.RUNNING;
  const restrictedTo = running && !moderator ? [...new Set([user?.uid ?? '', contest.uid])] : null;
  return {
    sourceType: 'Contest',
    sourceId: contest.id,
    cid: contest.id,
    did: null,
    contest,
    moderator,
    restrictedTo,
    url: `/contest/${contest.id}/comment`,
    ownerUid: null,
    assertMayPostHere: async () => {},
  };
}

/**
 * A discussion's comments (HOJ's CommentManager outside contests): the public area must be open and
 * the discussion readable by the caller (a blocked one only by admins); admin roles moderate.
 * Posting needs a visible discussion and, for non-admins, the switch's count of accepted problems.
 */
export async function discussionScope(db: Db, user: CurrentUser | null, did: number): Promise<CommentScope> {
  // a group's discussion: its members read it, its admins and the site's root moderate (HOJ)
  const { row, moderator } = await loadReadableDiscussionFor(db, user, did);
  return {
    sourceType: 'Discussion',
    sourceId: row.id,
    cid: null,
    did: row.id,
    contest: null,
    moderator,
    restrictedTo: null,
    url: row.gid === null ? discussionUrl(row.id) : groupDiscussionUrl(row.gid, row.id),
    ownerUid: row.uid,
    assertMayPostHere: async (poster) => {
      assertOpenForActivity(row);
      await assertMayCommentInDiscussions(db, poster);
    },
  };
}

/** The scope of a request naming a contest (cid) or a discussion (did); a contest wins when both are sent. */
export function scopeOf(
  db: Db,
  user: CurrentUser | null,
  source: { cid?: number | null; did?: number | null },
): Promise<CommentScope> {
  if (source.cid) return contestScope(db, user, source.cid);
  if (source.did) return discussionScope(db, user, source.did);
  throw badRequest('comments.sourceRequired');
}

/** The scope a stored comment belongs to. */
export function scopeOfComment(
  db: Db,
  user: CurrentUser | null,
  comment: { cid: number | null; did: number | null },
): Promise<CommentScope> {
  return scopeOf(db, user, comment);
}

/**
 * The filter of what a restricted caller sees: rows written by the listed users or by a root user;
 * null when the caller sees everything. `column` is the author column of the queried table.
 */
export function visibleAuthors(
  scope: CommentScope,
  column: 'c.from_uid' | 'r.from_uid',
): RawBuilder<boolean> | null {
  const allowed = scope.restrictedTo;
  if (!allowed) return null;
  const ref = sql.ref(column);
  return sql<boolean>`(${ref} in (${sql.join(allowed)}) or ${ref} in (select ur.uid from user_role ur where ur.role_id = ${Role.ROOT}))`;
}

/** Whether a restricted caller may see a row by this author (the same rule as visibleAuthors). */
export async function authorVisible(db: Db, scope: CommentScope, authorUid: string): Promise<boolean> {
  if (!scope.restrictedTo || scope.restrictedTo.includes(authorUid)) return true;
  const root = await db.kysely
    .selectFrom('user_role')
    .select('id')
    .where('uid', '=', authorUid)
    .where('role_id', '=', Role.ROOT)
    .executeTakeFirst();
  return !!root;
}
