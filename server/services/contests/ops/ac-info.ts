import type { ContestAcInfo } from '../../../../shared/api/contest-ops-types';
import type { Page } from '../../../../shared/api/types';
import { JudgeStatus } from '../../../../shared/constants/judge-status';
import { Role } from '../../../../shared/constants/roles';
import {
  type CheckAcInfoParams,
  CONTEST_OPS_PAGE_SIZES,
  type ContestPageParams,
} from '../../../../shared/schemas/contest-ops';
import { bit } from '../../../db/booleans';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { nowIso } from '../../clock';
import { notFound } from '../../errors';
import { pageRequest, toPage } from '../../paging';
import { loadAdministeredContest } from '../admin-contests';
import type { ContestRow } from '../contest-store';

/**
 * The contest's accepted submissions that count for a balloon: within the contest time
 * (start ≤ submit time < end), not by the contest's creator or by a root user; ordered by time.
 */
function acceptedRows(db: Db, contest: ContestRow) {
  return db.kysely
    .selectFrom('judge')
    .leftJoin('user_info', 'user_info.uuid', 'judge.uid')
    .leftJoin('contest_problem', (join) =>
      join.onRef('contest_problem.cid', '=', 'judge.cid').onRef('contest_problem.pid', '=', 'judge.pid'),
    )
    .select([
      'judge.submit_id',
      'judge.uid',
      'judge.username',
      'judge.pid',
      'judge.display_pid',
      'judge.submit_time',
      'user_info.realname',
      'contest_problem.display_id',
    ])
    .where('judge.cid', '=', contest.id)
    .where('judge.status', '=', JudgeStatus.ACCEPTED)
    .where('judge.submit_time', '>=', contest.start_time)
    .where('judge.submit_time', '<', contest.end_time)
    .where('judge.uid', '!=', contest.uid)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_role')
            .select('user_role.id')
            .whereRef('user_role.uid', '=', 'judge.uid')
            .where('user_role.role_id', '=', Role.ROOT),
        ),
      ),
    )
    .orderBy('judge.submit_time', 'asc')
    .orderBy('judge.submit_id', 'asc')
    .execute();
}

/**
 * GET /api/get-contest-ac-info (HOJ's Admin Helper): the first accept of each user on each problem, with
 * firstBlood on the earliest of each problem; balloons not yet delivered first, then by submit time.
 * Computed per request from the judge rows (a contest has at most users × problems of them) and paged here.
 */
export async function listAcInfo(
  db: Db,
  user: CurrentUser,
  query: ContestPageParams,
): Promise<Page<ContestAcInfo>> {
  const contest = await loadAdministeredContest(db, user, query.cid, 'contest');
  const req = pageRequest(query.currentPage, query.limit, CONTEST_OPS_PAGE_SIZES.acInfo);
  const rows = await acceptedRows(db, contest);
  const checked = new Set(
    (
      await db.kysely
        .selectFrom('contest_balloon')
        .select('submit_id')
        .where('cid', '=', contest.id)
        .where('checked', '=', 1)
        .execute()
    ).map((r) => r.submit_id),
  );
  const seen = new Set<string>();
  const solvedProblems = new Set<number>();
  const start = Date.parse(contest.start_time);
  const records: ContestAcInfo[] = [];
  for (const r of rows) {
    const key = `${r.uid}\u0000${r.pid}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const firstBlood = !solvedProblems.has(r.pid);
    solvedProblems.add(r.pid);
    records.push({
      id: r.submit_id,
      cid: contest.id,
      uid: r.uid,
      username: r.username,
      realname: r.realname ?? null,
      displayId: r.display_id ?? r.display_pid,
      pid: r.pid,
      submitId: r.submit_id,
      submitTime: r.submit_time,
      time: Math.max(0, Math.floor((Date.parse(r.submit_time) - start) / 1000)),
      checked: checked.has(r.submit_id),
      firstBlood,
    });
  }
  // stable: within each checked state the order by submit time stays
  records.sort((a, b) => Number(a.checked) - Number(b.checked));
  return toPage(records.slice(req.offset, req.offset + req.size), records.length, req);
}

/**
 * PUT /api/check-contest-ac-info: stores whether the balloon of that accepted submission was
 * delivered (one row per contest and submission, written by one upsert).
 */
export async function checkAcInfo(db: Db, user: CurrentUser, body: CheckAcInfoParams): Promise<void> {
  const contest = await loadAdministeredContest(db, user, body.cid, 'contest');
  const row = await db.kysely
    .selectFrom('judge')
    .select('submit_id')
    .where('submit_id', '=', body.id)
    .where('cid', '=', contest.id)
    .where('status', '=', JudgeStatus.ACCEPTED)
    .executeTakeFirst();
  if (!row) throw notFound('contestOps.acInfoNotFound');
  const now = nowIso();
  await db.kysely
    .insertInto('contest_balloon')
    .values({ cid: contest.id, submit_id: body.id, checked: bit(body.checked), gmt_modified: now })
    .onConflict((oc) =>
      oc.columns(['cid', 'submit_id']).doUpdateSet({ checked: bit(body.checked), gmt_modified: now }),
    )
    .execute();
}
