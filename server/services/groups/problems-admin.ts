/**
 * Root's answer to a group's request to publish one of its problems, at HOJ's paths (HOJ's
 * AdminGroupProblemManager, for root and problem admins): the requests, and the progress set by
 * hand. Agreeing (2) puts the problem in the public list and leaves it the group's (HOJ keeps its
 * gid and turns is_group off; here apply_public_progress 2 is that switch,
 * problems/visibility.ts); asking again (1) or refusing (3) makes it the group's alone again.
 */
import type { ApplyPublicProblem } from '../../../shared/api/group-problem-types';
import type { Page } from '../../../shared/api/types';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { canPublishProblem } from '../authz';
import { badRequest, forbidden, notFound } from '../errors';
import type { JudgeEvents } from '../judge-queue/events';
import { pageRequest, toPage } from '../paging';

function assertMayAnswerRequests(user: CurrentUser): void {
  if (!canPublishProblem(user)) throw forbidden();
}

/**
 * HOJ GET /api/admin/group-problem/list: the group problems with a request (any progress), open
 * requests first, then by group; `keyword` in the title, author or display id; `gid` one group;
 * `progress` one state.
 */
export async function listApplyPublicProblems(
  db: Db,
  user: CurrentUser,
  query: { currentPage?: number; limit?: number; keyword?: string; gid?: number; progress?: number },
): Promise<Page<ApplyPublicProblem>> {
  assertMayAnswerRequests(user);
  const req = pageRequest(query.currentPage, query.limit, 10);
  let base = db.kysely
    .selectFrom('problem')
    .leftJoin('group_info', 'group_info.id', 'problem.gid')
    .where('problem.gid', 'is not', null)
    .where('problem.apply_public_progress', 'is not', null);
  if (query.gid) base = base.where('problem.gid', '=', query.gid);
  if (query.progress) base = base.where('problem.apply_public_progress', '=', query.progress);
  const keyword = query.keyword;
  if (keyword)
    base = base.where((eb) =>
      eb.or(['problem.title', 'problem.author', 'problem.problem_id'].map((c) => containsText(c, keyword))),
    );
  const [rows, count] = await Promise.all([
    base
      .select([
        'problem.id',
        'problem.problem_id',
        'problem.title',
        'problem.author',
        'problem.type',
        'problem.judge_mode',
        'problem.gid',
        'problem.apply_public_progress',
        'group_info.name as group_name',
      ])
      .orderBy('problem.apply_public_progress')
      .orderBy('problem.gid')
      .orderBy('problem.id')
      .limit(req.size)
      .offset(req.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return toPage(
    rows.map((r) => ({
      id: r.id,
      problemId: r.problem_id,
      title: r.title,
      author: r.author,
      type: r.type,
      judgeMode: r.judge_mode,
      gid: r.gid as number,
      groupName: r.group_name ?? null,
      applyPublicProgress: r.apply_public_progress as number,
    })),
    Number(count.n),
    req,
  );
}

/**
 * HOJ PUT /api/admin/group-problem/change-progress: sets a group problem's progress (1 asked,
 * 2 agreed: public, 3 refused). Who may see it changes at once (problemChanged).
 */
export async function changeApplyPublicProgress(
  db: Db,
  events: JudgeEvents,
  user: CurrentUser,
  form: { pid: number; progress: number },
): Promise<void> {
  assertMayAnswerRequests(user);
  const row = await db.kysely
    .selectFrom('problem')
    .select(['problem_id', 'gid'])
    .where('id', '=', form.pid)
    .executeTakeFirst();
  if (!row) throw notFound('server.problemNotFound');
  if (row.gid === null) throw badRequest('groupProblem.notGroupProblem');
  await db.kysely
    .updateTable('problem')
    .set({ apply_public_progress: form.progress })
    .where('id', '=', form.pid)
    .execute();
  events.emit('problemChanged', { problemId: row.problem_id, visibility: true });
}
