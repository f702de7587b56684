import type { RankShowName } from '../../../../shared/constants/contests';
import { isInProgress } from '../../../../shared/constants/judge-status';
import { bool } from '../../../db/booleans';
import type { Db } from '../../../db/database';
import { type BoardUser, type BoardView, displayName, settingsOf } from '../board/board-cache';
import type { ContestRow } from '../contest-store';
import { parseList } from '../contest-vo';
import { excludedFromBoard } from '../contest-window';
import { judgementTypeIdOf } from '../feed/judgement-types';
import { computeScoreboard, type RankingSubmission } from '../ranking';
import { elapsedCutoff, type VirtualRunRow } from './runs';

interface Sub {
  uid: string;
  cpid: number;
  status: number;
  score: number | null;
  time: number | null;
  submit_time: string;
}

/**
 * The board a virtual participant sees while their clock runs: the contest's real submissions made no
 * later after the contest's start than the participant is now after theirs (elapsed time), with the
 * verdicts they have today, and the participant's own virtual submissions at their elapsed times. The
 * participant's real submissions, if any, give way to the virtual ones (one row per user). The seal
 * applies as the contest has it: a try at or after the seal offset is frozen, and since nothing later
 * than the elapsed time is read, the board is frozen exactly when the real one was at that moment.
 * Built afresh per read: it moves with the clock, so the shared incremental boards cannot serve it.
 */
export async function virtualBoard(
  db: Db,
  contest: ContestRow,
  run: VirtualRunRow,
  now: string,
): Promise<BoardView> {
  const startMs = Date.parse(contest.start_time);
  const cutoff = elapsedCutoff(contest, run, now);
  const columns = ['uid', 'cpid', 'status', 'score', 'time', 'submit_time'] as const;
  const [problems, excluded, real, own] = await Promise.all([
    db.kysely
      .selectFrom('contest_problem')
      .select(['id', 'display_id'])
      .where('cid', '=', contest.id)
      .orderBy('display_id')
      .execute(),
    excludedFromBoard(db, contest),
    db.kysely
      .selectFrom('judge')
      .select(columns)
      .where('cid', '=', contest.id)
      .where('virtual_id', 'is', null)
      .where('submit_time', '>=', contest.start_time)
      .where('submit_time', '<=', cutoff)
      .execute(),
    db.kysely
      .selectFrom('judge')
      .select(columns)
      .where('cid', '=', contest.id)
      .where('virtual_id', '=', run.id)
      .execute(),
  ]);
  const problemOf = new Map(problems.map((p) => [p.id, p.display_id]));
  const skip = new Set(excluded);
  const submissions: RankingSubmission[] = [];
  const totals = new Map<string, number>();
  const add = (r: Sub, from: number) => {
    const problem = problemOf.get(r.cpid);
    if (problem === undefined) return;
    submissions.push({
      uid: r.uid,
      problem,
      time: Date.parse(r.submit_time) - from,
      verdict: isInProgress(r.status) ? null : judgementTypeIdOf(r.status),
      score: r.score,
      useTime: r.time,
    });
    totals.set(r.uid, (totals.get(r.uid) ?? 0) + 1);
  };
  for (const r of real) if (!skip.has(r.uid) && r.uid !== run.uid) add(r, startMs);
  for (const r of own) add(r, Date.parse(run.start_time));

  const uids = [...new Set([run.uid, ...submissions.map((s) => s.uid)])];
  const users = await loadUsers(db, uids);
  const starNames = parseList<string>(contest.star_account);
  const starUids = [...users.values()].filter((u) => starNames.includes(u.username)).map((u) => u.uid);
  const show = contest.rank_show_name as RankShowName;
  const sealed = bool(contest.seal_rank) && !!contest.seal_rank_time;
  const rows = computeScoreboard({
    settings: settingsOf(contest, { sealed, includeAfterContest: false }, starUids),
    problems: problems.map((p) => p.display_id),
    participants: uids.map((uid) => ({ uid, name: displayName(users.get(uid), show, uid) })),
    submissions,
  });
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  return {
    rows,
    rowOf: (uid) => byUid.get(uid),
    users,
    totalOf: (uid) => totals.get(uid) ?? 0,
    problems: problems.map((p) => p.display_id),
  };
}

async function loadUsers(db: Db, uids: string[]): Promise<Map<string, BoardUser>> {
  const users = new Map<string, BoardUser>();
  for (let i = 0; i < uids.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('user_info')
      .select(['uuid', 'username', 'realname', 'nickname', 'school', 'gender', 'avatar'])
      .where('uuid', 'in', uids.slice(i, i + 500))
      .execute();
    for (const r of rows) users.set(r.uuid, { ...r, uid: r.uuid });
  }
  return users;
}
