import { ContestStatus } from '../../../shared/constants/contests';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isContestAdmin } from '../authz';
import { nowIso } from '../clock';
import { assertContestReadable, isSealedFor, loadVisibleContest } from '../contests/access';
import { contestStatus } from '../contests/status';
import type { ContestAudience } from './signals';

/** What a stream may hear of the contest it watches, decided when it opens. */
export interface ContestWatch {
  cid: number;
  /** may read the contest from inside: announcements, clarifications to all */
  participant: boolean;
  admin: boolean;
  /** whether this viewer's board, frozen now, hides the verdict of a submission made at `submitTime` (epoch ms) */
  hidesVerdictOf(submitTime: number): boolean;
}

/**
 * A stream may watch a contest whose board the caller may read: inside the contest (its admins, or a
 * logged-in reader of a started contest, registered when it is private), or its public board (open to
 * everyone once started when the contest opens it). Anything else is refused with the contest pages'
 * own answer (404 for a contest the caller may not know of, 401 or 403 otherwise).
 */
export async function watchContest(db: Db, user: CurrentUser | null, cid: number): Promise<ContestWatch> {
  const contest = await loadVisibleContest(db, user, cid);
  const admin = isContestAdmin(user, contest);
  let participant = admin;
  let refusal: unknown = null;
  if (!admin) {
    try {
      await assertContestReadable(db, user, contest);
      participant = true;
    } catch (error) {
      refusal = error;
    }
  }
  const publicBoard = bool(contest.open_rank) && contestStatus(contest, nowIso()) !== ContestStatus.SCHEDULED;
  if (!participant && !publicBoard) throw refusal;
  return {
    cid: contest.id,
    participant,
    admin,
    hidesVerdictOf: (submitTime) =>
      !!contest.seal_rank_time &&
      submitTime >= Date.parse(contest.seal_rank_time) &&
      isSealedFor(contest, user, false),
  };
}

/** Whether a watcher with `watch` hears an event for `audience`. */
export function hears(watch: ContestWatch, audience: ContestAudience): boolean {
  if (audience === 'admins') return watch.admin;
  if (audience === 'participants') return watch.participant;
  return true;
}
