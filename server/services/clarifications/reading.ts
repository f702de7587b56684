import type { ClarificationUnread, ContestClarification } from '../../../shared/api/clarification-types';
import type { Page } from '../../../shared/api/types';
import { CLARIFICATION_LIMITS as L } from '../../../shared/constants/clarifications';
import type { ClarificationListQuery } from '../../../shared/schemas/clarifications';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isContestAdmin } from '../authz';
import { nowIso } from '../clock';
import { loadReadableContest } from '../contests/access';
import { pageRequest, toPage } from '../paging';
import { answersOf, lastActivity, type MessageRow, problemLabels, readIds, toClarification } from './rows';

/** A thread as one participant sees it, and the jury message it shows (its answer, or the unasked one). */
interface Thread {
  view: ContestClarification;
  juryId: number | null;
}

/**
 * What one participant reads of a contest's clarifications: their own questions with the answers, the
 * questions of others the jury answered to everyone (without who asked), and the clarifications the
 * jury sent to everyone unasked; the latest change first. A private answer reaches its asker alone. Read
 * state is kept per user and jury message (contest_clarification_read). A contest has tens or hundreds
 * of clarifications, so a user's threads are put together here rather than in SQL.
 */
async function visibleThreads(db: Db, cid: number, uid: string): Promise<Thread[]> {
  const k = db.kysely;
  const [mine, toEveryone, problems] = await Promise.all([
    k
      .selectFrom('contest_clarification')
      .selectAll()
      .where('cid', '=', cid)
      .where('from_jury', '=', 0)
      .where('uid', '=', uid)
      .execute(),
    k
      .selectFrom('contest_clarification')
      .selectAll()
      .where('cid', '=', cid)
      .where('from_jury', '=', 1)
      .where('to_uid', 'is', null)
      .execute(),
    problemLabels(db, cid),
  ]);
  const own = new Set(mine.map((q) => q.id));
  const othersAnswered = [
    ...new Set(
      toEveryone.flatMap((m) => (m.reply_to_id !== null && !own.has(m.reply_to_id) ? [m.reply_to_id] : [])),
    ),
  ];
  const others: MessageRow[] =
    othersAnswered.length === 0
      ? []
      : await k
          .selectFrom('contest_clarification')
          .selectAll()
          .where('cid', '=', cid)
          .where('from_jury', '=', 0)
          .where('id', 'in', othersAnswered)
          .execute();
  const questions = [...mine, ...others];
  const answers = await answersOf(
    db,
    questions.map((q) => q.id),
  );
  const unasked = toEveryone.filter((m) => m.reply_to_id === null);
  const juryIds = [...[...answers.values()].map((a) => a.id), ...unasked.map((m) => m.id)];
  const viewer = { uid, read: await readIds(db, uid, juryIds) };
  const threads: Thread[] = [
    ...questions.map((q) => {
      const answer = answers.get(q.id) ?? null;
      return { view: toClarification(q, answer, problems, viewer), juryId: answer?.id ?? null };
    }),
    ...unasked.map((m) => ({ view: toClarification(m, null, problems, viewer), juryId: m.id })),
  ];
  return threads.sort((a, b) => {
    const at = lastActivity(b.view).localeCompare(lastActivity(a.view));
    return at !== 0 ? at : b.view.id - a.view.id;
  });
}

/**
 * GET /api/get-contest-clarifications: the caller's threads of a contest they may read, the latest
 * change first (an answer moves its question up). The answers on the page are marked read; the page
 * says which were unread before (as reading a page of messages does).
 */
export async function listClarifications(
  db: Db,
  user: CurrentUser,
  query: ClarificationListQuery,
): Promise<Page<ContestClarification>> {
  const contest = await loadReadableContest(db, user, query.cid);
  const req = pageRequest(query.currentPage, query.limit, L.pageSize);
  const threads = await visibleThreads(db, contest.id, user.uid);
  const shown = threads.slice(req.offset, req.offset + req.size);
  const seen = shown.flatMap((t) => (!t.view.read && t.juryId !== null ? [t.juryId] : []));
  if (seen.length > 0) {
    const now = nowIso();
    await db.kysely
      .insertInto('contest_clarification_read')
      .values(seen.map((id) => ({ clarification_id: id, uid: user.uid, gmt_create: now })))
      .onConflict((oc) => oc.columns(['clarification_id', 'uid']).doNothing())
      .execute();
  }
  return toPage(
    shown.map((t) => t.view),
    threads.length,
    req,
  );
}

/**
 * GET /api/get-contest-clarification-unread: how many of the caller's clarifications have an answer
 * they have not read, and those (newest first), without marking them; the contest's admins also learn
 * how many questions wait for an answer.
 */
export async function unreadClarifications(
  db: Db,
  user: CurrentUser,
  cid: number,
): Promise<ClarificationUnread> {
  const contest = await loadReadableContest(db, user, cid);
  const unread = (await visibleThreads(db, contest.id, user.uid))
    .filter((t) => !t.view.read)
    .map((t) => t.view);
  let unanswered: number | null = null;
  if (isContestAdmin(user, contest)) {
    const row = await db.kysely
      .selectFrom('contest_clarification')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('cid', '=', contest.id)
      .where('from_jury', '=', 0)
      .where('answered', '=', 0)
      .executeTakeFirst();
    unanswered = Number(row?.n ?? 0);
  }
  return { count: unread.length, unanswered, records: unread.slice(0, L.unreadListMax) };
}
