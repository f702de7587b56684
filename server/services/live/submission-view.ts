import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { loadContest } from '../contests/contest-store';
import { applyView, submissionView, viewContext } from '../contests/submission-visibility';
import { runningRun } from '../contests/virtual/runs';

export interface OwnSubmission {
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  /** true: the owner may see how its judging goes case by case (nothing withheld) */
  full: boolean;
}

/**
 * A submission as its owner may see it now: a contest's rules apply to the stream as to the status
 * check (an OI contest's sealed period shows one's own submissions as "submitted", without results;
 * docs/architecture.md, Contests: access, visibility, boards). Null when the owner may not see it at all.
 */
export async function ownSubmission(
  db: Db,
  owner: CurrentUser,
  submitId: number,
): Promise<OwnSubmission | null> {
  const row = await db.kysely
    .selectFrom('judge')
    .select([
      'uid',
      'cid',
      'status',
      'time',
      'memory',
      'score',
      'oi_rank_score',
      'length',
      'submit_time',
      'virtual_id',
    ])
    .where('submit_id', '=', submitId)
    .executeTakeFirst();
  if (!row || row.uid !== owner.uid) return null;
  const item = {
    status: row.status,
    time: row.time,
    memory: row.memory,
    score: row.score,
    oiRankScore: row.oi_rank_score,
    length: row.length,
  };
  if (row.cid === 0) return { ...item, full: true };
  const contest = await loadContest(db, row.cid, owner);
  const view = submissionView(viewContext(contest, owner, true, await runningRun(db, contest, owner)), row);
  if (view === 'hidden') return null;
  applyView(item, view);
  return {
    status: item.status,
    time: item.time,
    memory: item.memory,
    score: item.score,
    full: view === 'full',
  };
}
