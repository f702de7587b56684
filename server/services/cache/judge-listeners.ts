/**
 * Keeps this process's read caches current as judging work changes (docs/architecture.md,
 * Caches): subscribed once, where the app is assembled. Other replicas' caches catch up within
 * their few seconds of life.
 */
import type { ContestBoardCache } from '../contests/board/board-cache';
import type { HomeCaches } from '../home/home-cache';
import type { JudgeEvents, SubmissionRef } from '../judge-queue/events';
import { contestCountsChanged, type ProblemCaches } from '../problems/queries';
import type { RankCaches } from '../ranks/rank-cache';
import type { SubmissionListCache } from '../submissions/list';

export interface JudgeCaches {
  problems: ProblemCaches;
  submissionList: SubmissionListCache;
  contestBoards: ContestBoardCache;
  /** the ranks' records (kept here) and pages, and the week's leaders */
  ranks: RankCaches;
  home: HomeCaches;
}

export function keepCachesCurrent(events: JudgeEvents, caches: JudgeCaches): void {
  // a submission's status changed: its problem's counts, the lists and the submitter's totals,
  // and its contest's board
  const statusChanged = (s: SubmissionRef) => {
    caches.problems.counts.delete(String(s.pid));
    if (s.cid) contestCountsChanged(caches.problems, s.cid);
    caches.submissionList.changed(s.uid);
    if (s.cid) caches.contestBoards.touch(s.cid);
    else caches.ranks.keeper.submissionChanged(s.uid, s.pid);
  };
  events.on('submitted', statusChanged);
  events.on('judged', statusChanged);
  events.on('cancelled', statusChanged);
  events.on('requeued', ({ submissions }) => {
    for (const s of submissions) statusChanged(s);
  });
  events.on('problemChanged', ({ problemId, visibility }) => {
    if (problemId === undefined) caches.problems.detail.clear();
    else caches.problems.detail.delete(problemId);
    // who may see a problem decides which submissions every list shows
    if (visibility) caches.submissionList.problemsChanged();
    // and which problems the ranks count; the home page lists the ones changed last
    if (visibility) caches.ranks.keeper.problemChanged(problemId);
    caches.home.problems.clear();
  });
}
