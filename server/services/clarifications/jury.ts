import type { ClarificationQueueItem, ContestClarification } from '../../../shared/api/clarification-types';
import type { Page } from '../../../shared/api/types';
import { CLARIFICATION_LIMITS as L } from '../../../shared/constants/clarifications';
import type {
  AnswerClarificationParams,
  ClarificationQueueParams,
  SendClarificationParams,
} from '../../../shared/schemas/clarifications';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { nowIso } from '../clock';
import { AppError, notFound } from '../errors';
import { pageRequest, toPage } from '../paging';
import { contestProblemId, loadJuryContest } from './access';
import { assertMayWriteForJury } from './rate';
import { answersOf, type MessageRow, type ProblemLabel, problemLabels, toClarification } from './rows';

/**
 * The jury's side of a contest's clarifications, for the contest's admins (access.ts): the queue of
 * questions, answering one (to its asker or to everyone), and clarifications nobody asked for.
 */

type Account = { username: string; realname: string | null };

async function accounts(db: Db, uids: string[]): Promise<Map<string, Account>> {
  const wanted = [...new Set(uids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('user_info')
    .select(['uuid', 'username', 'realname'])
    .where('uuid', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.uuid, { username: r.username, realname: r.realname }]));
}

function toQueueItem(
  question: MessageRow,
  answer: MessageRow | null,
  problems: Map<number, ProblemLabel>,
  people: Map<string, Account>,
): ClarificationQueueItem {
  const problem = question.cpid === null ? undefined : problems.get(question.cpid);
  const asker = people.get(question.uid);
  return {
    id: question.id,
    cid: question.cid,
    displayId: problem?.displayId ?? null,
    problemTitle: problem?.title ?? null,
    question: question.text,
    uid: question.uid,
    username: asker?.username ?? question.uid,
    realname: asker?.realname ?? null,
    gmtCreate: question.gmt_create,
    answered: bool(question.answered),
    answer: answer?.text ?? null,
    toAll: answer !== null && answer.to_uid === null,
    answeredBy: question.answered_by ? (people.get(question.answered_by)?.username ?? null) : null,
    answeredAt: question.answered_at,
  };
}

async function queueItems(db: Db, cid: number, questions: MessageRow[]): Promise<ClarificationQueueItem[]> {
  const [answers, problems, people] = await Promise.all([
    answersOf(
      db,
      questions.map((q) => q.id),
    ),
    problemLabels(db, cid),
    accounts(
      db,
      questions.flatMap((q) => (q.answered_by ? [q.uid, q.answered_by] : [q.uid])),
    ),
  ]);
  return questions.map((q) => toQueueItem(q, answers.get(q.id) ?? null, problems, people));
}

/**
 * GET /api/admin/contest/clarification: the contest's questions, those waiting for an answer first,
 * then the newest; one problem's (`displayId`) or the general ones (`general`) when asked.
 */
export async function clarificationQueue(
  db: Db,
  user: CurrentUser,
  query: ClarificationQueueParams,
): Promise<Page<ClarificationQueueItem>> {
  const contest = await loadJuryContest(db, user, query.cid);
  const req = pageRequest(query.currentPage, query.limit, L.queuePageSize);
  let q = db.kysely
    .selectFrom('contest_clarification')
    .where('cid', '=', contest.id)
    .where('from_jury', '=', 0);
  if (query.displayId !== undefined) {
    q = q.where('cpid', '=', await contestProblemId(db, contest.id, query.displayId));
  } else if (query.general) {
    q = q.where('cpid', 'is', null);
  }
  const total = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await q
    .selectAll()
    .orderBy('answered', 'asc')
    .orderBy('id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  return toPage(await queueItems(db, contest.id, rows), Number(total?.n ?? 0), req);
}

async function alreadyAnswered(db: Db, question: MessageRow): Promise<AppError> {
  const row = await db.kysely
    .selectFrom('contest_clarification')
    .select('answered_by')
    .where('id', '=', question.id)
    .executeTakeFirst();
  const by = row?.answered_by ? (await accounts(db, [row.answered_by])).get(row.answered_by) : undefined;
  return new AppError(409, 'clarification.alreadyAnswered', { username: by?.username ?? '?' });
}

/**
 * POST /api/admin/contest/clarification/answer: the answer to one question of the contest, to its asker
 * or to everyone. The question is marked answered (who, when) in the same transaction, on the condition
 * that nobody answered it first, so two admins answering at once give one answer and one 409.
 */
export async function answerClarification(
  db: Db,
  user: CurrentUser,
  body: AnswerClarificationParams,
): Promise<ClarificationQueueItem> {
  const contest = await loadJuryContest(db, user, body.cid);
  const question = await db.kysely
    .selectFrom('contest_clarification')
    .selectAll()
    .where('id', '=', body.id)
    .where('cid', '=', contest.id)
    .where('from_jury', '=', 0)
    .executeTakeFirst();
  if (!question) throw notFound('clarification.notFound');
  if (bool(question.answered)) throw await alreadyAnswered(db, question);
  await assertMayWriteForJury(db, user);
  const now = nowIso();
  const answered = await db.kysely.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('contest_clarification')
      .set({ answered: 1, answered_by: user.uid, answered_at: now })
      .where('id', '=', question.id)
      .where('answered', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('contest_clarification')
      .values({
        cid: contest.id,
        cpid: question.cpid,
        uid: user.uid,
        from_jury: 1,
        to_uid: body.toAll ? null : question.uid,
        reply_to_id: question.id,
        text: body.content,
        answered: 0,
        answered_by: null,
        answered_at: null,
        gmt_create: now,
      })
      .execute();
    return true;
  });
  if (!answered) throw await alreadyAnswered(db, question);
  const fresh = await db.kysely
    .selectFrom('contest_clarification')
    .selectAll()
    .where('id', '=', question.id)
    .executeTakeFirstOrThrow();
  const [item] = await queueItems(db, contest.id, [fresh]);
  if (!item) throw notFound('clarification.notFound');
  return item;
}

/**
 * POST /api/admin/contest/clarification: a clarification of the jury to everyone in the contest that
 * nobody asked for, about one problem or the contest in general, at any time.
 */
export async function sendClarification(
  db: Db,
  user: CurrentUser,
  body: SendClarificationParams,
): Promise<ContestClarification> {
  const contest = await loadJuryContest(db, user, body.cid);
  const cpid = await contestProblemId(db, contest.id, body.displayId);
  await assertMayWriteForJury(db, user);
  const row = await db.kysely
    .insertInto('contest_clarification')
    .values({
      cid: contest.id,
      cpid,
      uid: user.uid,
      from_jury: 1,
      to_uid: null,
      reply_to_id: null,
      text: body.content,
      answered: 0,
      answered_by: null,
      answered_at: null,
      gmt_create: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toClarification(row, null, await problemLabels(db, contest.id), { uid: user.uid, read: new Set() });
}
