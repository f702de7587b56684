import type { ProblemCounts } from '../../../../shared/api/types';
import { bool } from '../../../db/booleans';
import type { Db } from '../../../db/database';
import { tallyCounts } from '../../problems/counts';
import type { ContestRow } from '../contest-store';
import { excludedFromBoard } from '../contest-window';
import { elapsedCutoff, type VirtualRunRow } from './runs';

/**
 * The accepted and total counts of the contest's problems as a virtual participant sees them while
 * their clock runs: the real submissions made up to their elapsed time (up to the seal once the run is
 * past it, as the contest's own participants saw them), plus the run's own submissions. Later real
 * submissions would tell which problems turned out easy.
 */
export async function virtualCounts(
  db: Db,
  contest: ContestRow,
  run: VirtualRunRow,
  pids: number[],
  now: string,
): Promise<Map<number, ProblemCounts>> {
  if (pids.length === 0) return new Map();
  const cutoff = elapsedCutoff(contest, run, now);
  const seal = bool(contest.seal_rank) ? contest.seal_rank_time : null;
  const frozen = seal !== null && seal < cutoff;
  const excluded = await excludedFromBoard(db, contest);
  const rows = await db.kysely
    .selectFrom('judge')
    .select(['pid', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('cid', '=', contest.id)
    .where('pid', 'in', pids)
    .where((eb) =>
      eb.or([
        eb('virtual_id', '=', run.id),
        eb.and([
          eb('virtual_id', 'is', null),
          eb('uid', 'not in', excluded),
          eb('submit_time', '>=', contest.start_time),
          frozen ? eb('submit_time', '<', seal) : eb('submit_time', '<=', cutoff),
        ]),
      ]),
    )
    .groupBy(['pid', 'status'])
    .execute();
  return tallyCounts(pids, rows);
}
