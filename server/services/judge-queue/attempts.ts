/**
 * The one rule every write of a worker obeys: it lands only on the attempt the worker claimed,
 * while that attempt is still in progress and leased (docs/architecture.md, Judge queue). A
 * worker whose lease ran out, or whose work was cancelled, rejudged or judged by hand meanwhile,
 * changes nothing. Submissions live in `judge` (keyed by submit_id), test runs in `test_judge`
 * (keyed by test_key); both have the same status, attempt and lease columns.
 */
import { type ExpressionBuilder, sql } from 'kysely';
import type { ClaimRef } from '../../../judge/worker-protocol';
import { JUDGING_STATUSES } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

export type QueueTable = 'judge' | 'test_judge';

/** The columns both queue tables share, which an attempt-guarded update may set. */
export interface AttemptColumns {
  status?: number;
  judger?: string | null;
  lease_owner?: string | null;
  lease_expires_at?: string | null;
  gmt_modified?: string;
}

const tableOf = (ref: ClaimRef): QueueTable => (ref.kind === 'submission' ? 'judge' : 'test_judge');
const keyOf = (ref: ClaimRef) =>
  ref.kind === 'submission'
    ? { column: 'submit_id', value: ref.submitId }
    : { column: 'test_key', value: ref.testKey };

/** The conditions naming the current, leased, in-progress attempt `ref`. */
export function isCurrentAttempt(ref: ClaimRef) {
  const key = keyOf(ref);
  return (eb: ExpressionBuilder<Database, QueueTable>) =>
    eb.and([
      eb(sql.ref(key.column), '=', key.value),
      eb('attempt', '=', ref.attempt),
      eb('status', 'in', [...JUDGING_STATUSES]),
      eb('lease_owner', 'is not', null),
    ]);
}

/** Runs an attempt-guarded update of the shared columns; true when it took effect. */
export async function setOnCurrentAttempt(db: Db, ref: ClaimRef, values: AttemptColumns): Promise<boolean> {
  const res = await db.kysely
    .updateTable(tableOf(ref))
    .set(values)
    .where(isCurrentAttempt(ref))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Whether `ref` is still the current attempt (a repeated report is told apart from a stale one). */
export async function isCurrent(db: Db, ref: ClaimRef): Promise<boolean> {
  const row = await db.kysely
    .selectFrom(tableOf(ref))
    .select('attempt')
    .where(isCurrentAttempt(ref))
    .executeTakeFirst();
  return !!row;
}
