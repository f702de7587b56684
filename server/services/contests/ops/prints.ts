import type { ContestPrintItem } from '../../../../shared/api/contest-ops-types';
import type { Page } from '../../../../shared/api/types';
import {
  CONTEST_OPS_PAGE_SIZES,
  type ContestPageParams,
  PRINT_LIMITS,
  type SubmitPrintParams,
} from '../../../../shared/schemas/contest-ops';
import { bool } from '../../../db/booleans';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { canOpenContestAdmin } from '../../authz';
import { nowIso } from '../../clock';
import { AppError, forbidden, notFound } from '../../errors';
import { pageRequest, toPage } from '../../paging';
import { takeRateLock } from '../../site/rate-lock';
import { loadReadableContest } from '../access';
import { loadAdministeredContest } from '../admin-contests';

/** Print requests (HOJ's contest_print table): status 0 waiting, 1 printed. */
export const PrintStatus = { WAITING: 0, PRINTED: 1 } as const;

/**
 * POST /api/submit-print-text: anyone who may read the contest, when it has printing open; one
 * request per user and contest every 30 s (rows of rate_lock, shared by replicas). The text was
 * checked by the schema (at least 50 characters); the lock is taken last, so a refused
 * request costs no wait.
 */
export async function submitPrint(db: Db, user: CurrentUser, body: SubmitPrintParams): Promise<void> {
  const contest = await loadReadableContest(db, user, body.cid);
  if (!bool(contest.open_print)) throw forbidden('contestOps.printClosed');
  const wait = await takeRateLock(
    db,
    `contest_print:${contest.id}:${user.uid}`,
    PRINT_LIMITS.intervalSeconds,
  );
  if (wait > 0) throw new AppError(429, 'contestOps.printTooFast', { seconds: wait }, { seconds: wait });
  const account = await db.kysely
    .selectFrom('user_info')
    .select('realname')
    .where('uuid', '=', user.uid)
    .executeTakeFirst();
  const now = nowIso();
  await db.kysely
    .insertInto('contest_print')
    .values({
      cid: contest.id,
      uid: user.uid,
      username: user.username,
      realname: account?.realname ?? null,
      content: body.content,
      status: PrintStatus.WAITING,
      gmt_create: now,
      gmt_modified: now,
    })
    .execute();
}

/** GET /api/get-contest-print: the contest's requests without their text, waiting first, newest first. */
export async function listPrints(
  db: Db,
  user: CurrentUser,
  query: ContestPageParams,
): Promise<Page<ContestPrintItem>> {
  const contest = await loadAdministeredContest(db, user, query.cid, 'contest');
  const req = pageRequest(query.currentPage, query.limit, CONTEST_OPS_PAGE_SIZES.prints);
  const q = db.kysely.selectFrom('contest_print').where('cid', '=', contest.id);
  const total = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await q
    .select(['id', 'cid', 'uid', 'username', 'realname', 'status', 'gmt_create', 'gmt_modified'])
    .orderBy('status', 'asc')
    .orderBy('gmt_create', 'desc')
    .orderBy('id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  return toPage(
    rows.map((r) => ({
      id: r.id,
      cid: r.cid,
      uid: r.uid,
      username: r.username,
      realname: r.realname,
      status: r.status,
      gmtCreate: r.gmt_create,
      gmtModified: r.gmt_modified,
    })),
    Number(total?.n ?? 0),
    req,
  );
}

/** PUT /api/check-contest-print-status: marks a request of that contest printed (for good). */
export async function checkPrint(
  db: Db,
  user: CurrentUser,
  query: { id: number; cid: number },
): Promise<void> {
  const contest = await loadAdministeredContest(db, user, query.cid, 'contest');
  const res = await db.kysely
    .updateTable('contest_print')
    .set({ status: PrintStatus.PRINTED, gmt_modified: nowIso() })
    .where('id', '=', query.id)
    .where('cid', '=', contest.id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound('contestOps.printNotFound');
}

/** A name a file system and a Content-Disposition header both accept: ASCII letters, digits, '-', '_'. */
function safeName(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return cleaned.slice(0, 40) || 'user';
}

/** GET /api/file/download-contest-print-text: the text, for the admins of the request's contest. */
export async function downloadPrint(
  db: Db,
  user: CurrentUser,
  id: number,
): Promise<{ fileName: string; content: string }> {
  // callers without a site role (a group contest's admins) learn nothing else, not even whether the request exists
  const siteArea = canOpenContestAdmin(user);
  const row = await db.kysely
    .selectFrom('contest_print')
    .select(['id', 'cid', 'username', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw siteArea ? notFound('contestOps.printNotFound') : forbidden();
  await loadAdministeredContest(db, user, row.cid, 'contest');
  return { fileName: `print-${row.id}-${safeName(row.username)}.txt`, content: row.content };
}
