import { ContestStatus, ContestType } from '../../../shared/constants/contests';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { bool } from '../../db/booleans';
import type { CurrentUser } from '../auth/users';
import { isContestAdmin } from '../authz';
import { nowIso } from '../clock';
import { isSealedFor } from './access';
import type { ContestRow } from './contest-store';
import { contestStatus } from './status';
import type { VirtualRunRow } from './virtual/runs';

/**
 * How one contest submission shows to one viewer (HOJ's contest rules, except that one's own OI
 * submissions after the seal stay listed; docs/architecture.md, Contests: access, visibility, boards):
 * - 'hidden': not listed at all (others' submissions after the seal; after-contest ones unless
 *   asked for; before-start ones outside the admins' test view);
 * - 'sealed': listed with its result withheld: status "submitted" (-5), no score, time or memory
 *   (one's own submissions of a sealed board);
 * - 'others': another participant's submission while the contest runs: no time, memory, length;
 * - 'full': everything the submission list shows.
 * Contest admins always see everything.
 */
export type ContestSubmissionView = 'hidden' | 'sealed' | 'others' | 'full';

export interface ViewContext {
  contest: ContestRow;
  viewer: CurrentUser | null;
  admin: boolean;
  sealed: boolean;
  running: boolean;
  afterEndShown: boolean;
  /**
   * From when the viewer's own virtual submissions show as "submitted": an OI contest with a seal,
   * while the viewer's virtual run is past the seal's offset (as the contest's participants saw their
   * own results then); null otherwise.
   */
  virtualSealFrom: string | null;
}

/** `run`: the viewer's virtual run of the contest when its clock is going (virtual/runs.ts runningRun). */
export function viewContext(
  contest: ContestRow,
  viewer: CurrentUser | null,
  containsEnd: boolean,
  run: VirtualRunRow | null = null,
): ViewContext {
  const now = nowIso();
  return {
    contest,
    viewer,
    admin: isContestAdmin(viewer, contest),
    // submission lists and polling show admins live data (HOJ passes forceRefresh = true)
    sealed: isSealedFor(contest, viewer, true, now),
    running: contestStatus(contest, now) === ContestStatus.RUNNING,
    afterEndShown: containsEnd && bool(contest.allow_end_submit),
    virtualSealFrom: run ? virtualSealFrom(contest, run) : null,
  };
}

function virtualSealFrom(contest: ContestRow, run: VirtualRunRow): string | null {
  if (contest.type !== ContestType.OI || !bool(contest.seal_rank) || !contest.seal_rank_time) return null;
  const offset = Date.parse(contest.seal_rank_time) - Date.parse(contest.start_time);
  return new Date(Date.parse(run.start_time) + offset).toISOString();
}

export function submissionView(
  ctx: ViewContext,
  row: { uid: string; submit_time: string; virtual_id?: number | null },
): ContestSubmissionView {
  if (ctx.admin) return 'full';
  const { contest } = ctx;
  const own = !!ctx.viewer && row.uid === ctx.viewer.uid;
  // a virtual run's submissions are its participant's alone (and the contest's admins'); an OI
  // contest's seal withholds their results as it did the contest's participants' own
  if (row.virtual_id != null) {
    if (!own) return 'hidden';
    return ctx.virtualSealFrom !== null && row.submit_time >= ctx.virtualSealFrom ? 'sealed' : 'full';
  }
  const afterSeal = ctx.sealed && !!contest.seal_rank_time && row.submit_time >= contest.seal_rank_time;
  if (afterSeal) {
    if (!own) return 'hidden';
    // ACM shows one's own verdicts throughout; OI hides every result of the sealed period
    return contest.type === ContestType.OI ? 'sealed' : 'full';
  }
  if (!ctx.sealed && !ctx.afterEndShown && row.submit_time >= contest.end_time) return 'hidden';
  if (!own && ctx.running) return 'others';
  return 'full';
}

/**
 * From when the viewer's own results in this contest are withheld from them (an OI contest whose board is
 * sealed for them: their submissions after the seal show as "submitted"), or null. A call about their own
 * submissions (the last accepted code) must leave out those from then on: an answer that differs between an
 * accepted and a failed one would tell the result the board hides.
 */
export function ownResultsHiddenFrom(contest: ContestRow, viewer: CurrentUser | null): string | null {
  const ctx = viewContext(contest, viewer, true);
  if (ctx.admin || !ctx.sealed || contest.type !== ContestType.OI) return null;
  return contest.seal_rank_time;
}

/** Applies a view to a submission (list item or detail) in place; 'hidden' is the caller's to drop. */
export function applyView<
  T extends {
    status: number;
    score: number | null;
    oiRankScore: number | null;
    time: number | null;
    memory: number | null;
    length: number | null;
  },
>(item: T, view: ContestSubmissionView): T {
  if (view === 'sealed') {
    item.status = JudgeStatus.SUBMITTED_UNKNOWN;
    item.score = null;
    item.oiRankScore = null;
    item.time = null;
    item.memory = null;
  } else if (view === 'others') {
    item.time = null;
    item.memory = null;
    item.length = null;
  }
  return item;
}
