import type { OiRankItem } from '../../../shared/api/rank-types';
import type { Page } from '../../../shared/api/types';
import { GroupRankType, GroupRole } from '../../../shared/constants/groups';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { GroupRankParams } from '../../../shared/schemas/groups';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { pageRequest, toPage } from '../paging';
import { requireMember } from './access';

/** HOJ's group rank page size. */
const PAGE_SIZE = 30;

/**
 * GET /api/get-group-rank-list (HOJ's GroupRankManager and UserRecordMapper.getGroupRankList): the
 * group's members (roles 3-5, accounts not disabled) ranked by their submissions of the group's
 * problems outside contests (judge rows with the group's `gid` and no contest): `ac` the problems
 * accepted, `total` the submissions, `score` the sum over problems of the best OI rank score. ACM
 * orders by ac, then fewer submissions; OI by score, then ac; then by username. `searchUser` keeps
 * the members whose username or nickname holds it. For the group's members and the site's root.
 */
export async function groupRank(
  db: Db,
  user: CurrentUser,
  query: GroupRankParams,
): Promise<Page<OiRankItem>> {
  const gid = query.gid;
  await requireMember(db, user, gid);
  const req = pageRequest(query.currentPage, query.limit, PAGE_SIZE);
  let members = db.kysely
    .selectFrom('group_member as gm')
    .innerJoin('user_info as u', 'u.uuid', 'gm.uid')
    .select(['u.uuid', 'u.username', 'u.nickname', 'u.avatar', 'u.title_name', 'u.title_color'])
    .where('gm.gid', '=', gid)
    .where('gm.auth', '>=', GroupRole.MEMBER)
    .where('u.status', '=', 0);
  const search = query.searchUser?.trim();
  if (search)
    members = members.where((eb) =>
      eb.or([containsText('u.username', search), containsText('u.nickname', search)]),
    );
  const people = await members.execute();
  if (people.length === 0) return toPage([], 0, req);

  const groupJudge = db.kysely.selectFrom('judge').where('judge.gid', '=', gid).where('judge.cid', '=', 0);
  const [acRows, totalRows, scoreRows] = await Promise.all([
    groupJudge
      .select((eb) => ['judge.uid', eb.fn.count<number>('judge.pid').distinct().as('n')])
      .where('judge.status', '=', JudgeStatus.ACCEPTED)
      .groupBy('judge.uid')
      .execute(),
    groupJudge
      .select((eb) => ['judge.uid', eb.fn.countAll<number>().as('n')])
      .groupBy('judge.uid')
      .execute(),
    db.kysely
      .selectFrom(
        groupJudge
          .select((eb) => [
            'judge.uid',
            'judge.pid',
            eb.fn.max<number | null>('judge.oi_rank_score').as('best'),
          ])
          .groupBy(['judge.uid', 'judge.pid'])
          .as('s'),
      )
      .select((eb) => ['s.uid', eb.fn.sum<number | null>('s.best').as('n')])
      .groupBy('s.uid')
      .execute(),
  ]);
  const byUid = (rows: { uid: string; n: number | string | null }[]) =>
    new Map(rows.map((r) => [r.uid, Number(r.n ?? 0)]));
  const ac = byUid(acRows);
  const total = byUid(totalRows);
  const score = byUid(scoreRows);
  const rows: OiRankItem[] = people.map((p) => ({
    uid: p.uuid,
    username: p.username,
    nickname: p.nickname,
    signature: null,
    avatar: p.avatar,
    titleName: p.title_name,
    titleColor: p.title_color,
    ac: ac.get(p.uuid) ?? 0,
    total: total.get(p.uuid) ?? 0,
    score: score.get(p.uuid) ?? 0,
  }));
  const byName = (a: OiRankItem, b: OiRankItem) =>
    a.username < b.username ? -1 : a.username > b.username ? 1 : 0;
  rows.sort(
    query.type === GroupRankType.ACM
      ? (a, b) => b.ac - a.ac || a.total - b.total || byName(a, b)
      : (a, b) => b.score - a.score || b.ac - a.ac || byName(a, b),
  );
  return toPage(rows.slice(req.offset, req.offset + req.size), rows.length, req);
}
