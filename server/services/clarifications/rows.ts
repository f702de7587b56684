import type { Selectable } from 'kysely';
import type { ContestClarification } from '../../../shared/api/clarification-types';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { ContestClarificationTable } from '../../db/schema';

/** One message of a contest's clarifications (migration 026). */
export type MessageRow = Selectable<ContestClarificationTable>;

/** A contest problem as a clarification names it. */
export interface ProblemLabel {
  displayId: string;
  title: string;
}

/** The contest's problems by contest problem id; a problem since removed from the contest is missing. */
export async function problemLabels(db: Db, cid: number): Promise<Map<number, ProblemLabel>> {
  const rows = await db.kysely
    .selectFrom('contest_problem')
    .select(['id', 'display_id', 'display_title'])
    .where('cid', '=', cid)
    .execute();
  return new Map(rows.map((r) => [r.id, { displayId: r.display_id, title: r.display_title }]));
}

/** The jury messages answering these questions, by question id (a question has one answer at most). */
export async function answersOf(db: Db, questionIds: number[]): Promise<Map<number, MessageRow>> {
  const out = new Map<number, MessageRow>();
  if (questionIds.length === 0) return out;
  const rows = await db.kysely
    .selectFrom('contest_clarification')
    .selectAll()
    .where('from_jury', '=', 1)
    .where('reply_to_id', 'in', questionIds)
    .orderBy('id')
    .execute();
  for (const r of rows) if (r.reply_to_id !== null && !out.has(r.reply_to_id)) out.set(r.reply_to_id, r);
  return out;
}

/** The jury messages among these ids the user has already seen. */
export async function readIds(db: Db, uid: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.kysely
    .selectFrom('contest_clarification_read')
    .select('clarification_id')
    .where('uid', '=', uid)
    .where('clarification_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.clarification_id));
}

/**
 * A thread as a participant sees it: `root` is a question or a clarification nobody asked for, `answer`
 * the jury's reply to the question. Someone else's question is shown without its asker.
 */
export function toClarification(
  root: MessageRow,
  answer: MessageRow | null,
  problems: Map<number, ProblemLabel>,
  viewer: { uid: string; read: Set<number> },
): ContestClarification {
  const unasked = bool(root.from_jury);
  const juryMessage = unasked ? root : answer;
  const problem = root.cpid === null ? undefined : problems.get(root.cpid);
  return {
    id: root.id,
    cid: root.cid,
    displayId: problem?.displayId ?? null,
    problemTitle: problem?.title ?? null,
    question: unasked ? null : root.text,
    mine: !unasked && root.uid === viewer.uid,
    gmtCreate: root.gmt_create,
    answer: juryMessage?.text ?? null,
    toAll: juryMessage !== null && juryMessage.to_uid === null,
    answeredAt: juryMessage?.gmt_create ?? null,
    read: juryMessage === null || juryMessage.uid === viewer.uid || viewer.read.has(juryMessage.id),
  };
}

/** When a thread last changed: its answer, or its question while unanswered. */
export function lastActivity(c: ContestClarification): string {
  return c.answeredAt ?? c.gmtCreate;
}

/** Every message of a contest, oldest first (the event feed writes them all). */
export function contestMessages(db: Db, cid: number): Promise<MessageRow[]> {
  return db.kysely
    .selectFrom('contest_clarification')
    .selectAll()
    .where('cid', '=', cid)
    .orderBy('id')
    .execute();
}
