import type { ProblemCounts } from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';

const COUNTED: Record<number, keyof Omit<ProblemCounts, 'pid' | 'total'>> = {
  [JudgeStatus.ACCEPTED]: 'ac',
  [JudgeStatus.WRONG_ANSWER]: 'wa',
  [JudgeStatus.COMPILE_ERROR]: 'ce',
  [JudgeStatus.PARTIAL_ACCEPTED]: 'pa',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'tle',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'mle',
  [JudgeStatus.RUNTIME_ERROR]: 're',
  [JudgeStatus.PRESENTATION_ERROR]: 'pe',
  [JudgeStatus.SYSTEM_ERROR]: 'se',
};

export const emptyCounts = (): ProblemCounts => ({
  total: 0,
  ac: 0,
  wa: 0,
  ce: 0,
  pa: 0,
  tle: 0,
  mle: 0,
  re: 0,
  pe: 0,
  se: 0,
});

/** Per-problem counts from (pid, status, n) groups; every listed pid gets an entry. */
export function tallyCounts(
  pids: readonly number[],
  groups: readonly { pid: number; status: number; n: number | string | bigint }[],
): Map<number, ProblemCounts> {
  const result = new Map<number, ProblemCounts>();
  for (const pid of pids) result.set(pid, { pid, ...emptyCounts() });
  for (const row of groups) {
    const counts = result.get(row.pid);
    if (!counts) continue;
    const n = Number(row.n);
    counts.total += n;
    const key = COUNTED[row.status];
    if (key) counts[key] += n;
  }
  return result;
}

/**
 * Live per-status counts of non-contest submissions (HOJ computes them from judge rows): those
 * outside groups (`gid` null, HOJ's getProblemCount without a gid), or those of the group given
 * (a group's problem counts its group's submissions).
 */
export async function countsByProblem(
  db: Db,
  pids: number[],
  gid: number | null = null,
): Promise<Map<number, ProblemCounts>> {
  if (pids.length === 0) return new Map();
  let q = db.kysely
    .selectFrom('judge')
    .select(['pid', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('cid', '=', 0)
    .where('pid', 'in', pids);
  q = gid === null ? q.where('gid', 'is', null) : q.where('gid', '=', gid);
  const rows = await q.groupBy(['pid', 'status']).execute();
  return tallyCounts(pids, rows);
}
