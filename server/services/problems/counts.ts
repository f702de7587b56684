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

/** Live per-status counts of non-contest submissions (HOJ computes them from judge rows). */
export async function countsByProblem(db: Db, pids: number[]): Promise<Map<number, ProblemCounts>> {
  const result = new Map<number, ProblemCounts>();
  for (const pid of pids) result.set(pid, { pid, ...emptyCounts() });
  if (pids.length === 0) return result;
  const rows = await db.kysely
    .selectFrom('judge')
    .select(['pid', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('cid', '=', 0)
    .where('pid', 'in', pids)
    .groupBy(['pid', 'status'])
    .execute();
  for (const row of rows) {
    const counts = result.get(row.pid);
    if (!counts) continue;
    const n = Number(row.n);
    counts.total += n;
    const key = COUNTED[row.status];
    if (key) counts[key] += n;
  }
  return result;
}
