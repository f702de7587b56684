import type { FullScreenProblem } from '../../../shared/api/training-types';
import { isInProgress, JudgeStatus } from '../../../shared/constants/judge-status';
import type { FullScreenListParams } from '../../../shared/schemas/trainings';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { loadReadableContest } from '../contests/access';
import { listContestProblems } from '../contests/participant-problems';
import { contestUserStatuses } from '../contests/user-status';
import { loadEnterableTraining } from './access';
import { shownTrainingProblems } from './store';

/**
 * GET /api/get-full-screen-problem-list (HOJ): the focus mode's footer list, a training's problems
 * (`tid`, in its order) or a contest's (`cid`, by display id), each with the caller's verdict: an
 * accepted one wins, else the latest finished one; null before any. Inside a contest the contest's
 * own rules apply (a sealed OI result shows as "submitted"). Both ask the same access as the
 * training's or the contest's problem list.
 */
export async function fullScreenProblemList(
  db: Db,
  user: CurrentUser,
  query: FullScreenListParams,
): Promise<FullScreenProblem[]> {
  if (query.tid !== undefined) return trainingList(db, user, query.tid);
  return contestList(db, user, query.cid ?? 0);
}

async function trainingList(db: Db, user: CurrentUser, tid: number): Promise<FullScreenProblem[]> {
  const training = await loadEnterableTraining(db, user, tid);
  const problems = await shownTrainingProblems(db, tid);
  const pids = problems.map((p) => p.pid);
  const verdicts = new Map<number, { status: number; score: number | null }>();
  if (pids.length > 0) {
    const rows = await db.kysely
      .selectFrom('judge')
      .select(['pid', 'status', 'score'])
      .where('uid', '=', user.uid)
      .where('cid', '=', 0)
      // a group's training: its group's submissions count too
      .where((w) =>
        training.gid === null
          ? w('gid', 'is', null)
          : w.or([w('gid', 'is', null), w('gid', '=', training.gid)]),
      )
      .where('pid', 'in', pids)
      .orderBy('submit_id', 'desc')
      .execute();
    for (const r of rows) {
      // HOJ skips submissions still being judged: their verdict is not known yet
      if (isInProgress(r.status)) continue;
      const seen = verdicts.get(r.pid);
      if (!seen || (r.status === JudgeStatus.ACCEPTED && seen.status !== JudgeStatus.ACCEPTED)) {
        verdicts.set(r.pid, { status: r.status, score: r.score });
      }
    }
  }
  return problems.map((p) => ({
    pid: p.pid,
    problemId: p.problem_id,
    title: p.title,
    status: verdicts.get(p.pid)?.status ?? null,
    score: verdicts.get(p.pid)?.score ?? null,
  }));
}

async function contestList(db: Db, user: CurrentUser, cid: number): Promise<FullScreenProblem[]> {
  const contest = await loadReadableContest(db, user, cid);
  const problems = await listContestProblems(db, user, cid, false);
  const statuses = await contestUserStatuses(
    db,
    contest,
    user,
    problems.map((p) => p.pid),
    false,
  );
  return problems.map((p) => {
    const s = statuses[String(p.pid)];
    const tried = s && s.status !== JudgeStatus.NOT_SUBMITTED;
    return {
      pid: p.pid,
      problemId: p.displayId,
      title: p.displayTitle,
      status: tried ? s.status : null,
      score: tried ? (s.score ?? null) : null,
    };
  });
}
