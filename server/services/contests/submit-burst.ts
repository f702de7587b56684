import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isContestAdmin } from '../authz';
import { AppError } from '../errors';
import type { ContestRow } from './contest-store';

/**
 * The burst limit of contest submissions and test runs (docs/security.md). Contest submissions skip the
 * site's submit interval and captcha and are judged first, so without a limit of their own one participant
 * could fill the judge queue. Each participant has a token bucket per contest and kind: `submit_burst` at
 * once, then one more every `submit_refill_seconds` (contest settings). The contest's admins (author, root)
 * are not limited.
 *
 * The bucket is kept as the generic cell rate algorithm's "theoretical arrival time" (one integer of epoch
 * milliseconds per key in `contest_submit_bucket`): a request at `now` is allowed when
 * `max(tat, now) + interval - now <= burst * interval`, and then moves tat to `max(tat, now) + interval`.
 * Test and update are one upsert, so parallel requests on any replica can never take more than the burst.
 * Its commits skip the disk flush: a crash can only forget a token taken in its last moments.
 */
export type BurstKind = 'submit' | 'test';

const MESSAGE: Record<BurstKind, string> = {
  submit: 'contestLimits.submitBurst',
  test: 'contestLimits.testBurst',
};

export const burstKey = (kind: BurstKind, cid: number, uid: string) => `${kind}:${cid}:${uid}`;

/** Takes one token of the caller's bucket for this contest, or refuses with 429 and the seconds to wait. */
export async function takeContestBurstToken(
  db: Db,
  user: CurrentUser,
  contest: ContestRow,
  kind: BurstKind,
): Promise<void> {
  if (isContestAdmin(user, contest)) return;
  const interval = contest.submit_refill_seconds * 1000;
  const span = contest.submit_burst * interval;
  const key = burstKey(kind, contest.id, user.uid);
  const big = (v: number) => sql<number>`cast(${v} as bigint)`;
  // The database's clock, read when the row is locked: requests served by different connections (or
  // replicas) take their turns in the row's order, and times read in each process before waiting for the
  // pool would not be in that order, which let a slightly earlier clock refuse a token the burst still had.
  const now =
    db.dialect === 'postgres'
      ? sql<number>`cast(floor(extract(epoch from clock_timestamp()) * 1000) as bigint)`
      : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
  const start = sql<number>`(case when contest_submit_bucket.tat_ms > ${now} then contest_submit_bucket.tat_ms else ${now} end)`;
  const taken = await db.unflushed
    .insertInto('contest_submit_bucket')
    .values({ key, tat_ms: sql<number>`${now} + ${big(interval)}` })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ tat_ms: sql<number>`${start} + ${big(interval)}` })
        .where(sql<boolean>`${start} + ${big(interval)} - ${now} <= ${big(span)}`),
    )
    .returning('tat_ms')
    .executeTakeFirst();
  const jsNow = Date.now();
  if (taken) {
    // a bucket that was full again: drop the full ones of anyone, so the table keeps only recent users
    if (Number(taken.tat_ms) - interval <= jsNow + 1000) {
      await db.unflushed.deleteFrom('contest_submit_bucket').where('tat_ms', '<', jsNow).execute();
    }
    return;
  }
  const row = await db.kysely
    .selectFrom('contest_submit_bucket')
    .select('tat_ms')
    .where('key', '=', key)
    .executeTakeFirst();
  const waitMs = row ? Number(row.tat_ms) + interval - span - jsNow : interval;
  // one token is what the caller waits for: never longer than one refill, whatever the clocks say
  const seconds = Math.min(contest.submit_refill_seconds, Math.max(1, Math.ceil(waitMs / 1000)));
  throw new AppError(429, MESSAGE[kind], { seconds }, { seconds });
}
