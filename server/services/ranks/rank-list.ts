import { sql } from 'kysely';
import type { AcmRankItem, OiRankItem } from '../../../shared/api/rank-types';
import type { Page } from '../../../shared/api/types';
import { RANK_LIMITS, RankType } from '../../../shared/constants/ranks';
import type { RankListParams } from '../../../shared/schemas/ranks';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import { pageRequest, toPage } from '../paging';
import type { RankCaches } from './rank-cache';

/** A user whose account is not disabled (HOJ lists these, admins included, with or without submissions). */
const ACTIVE = 0;

/**
 * HOJ GET /api/get-rank-list: every active account with its records (none: zeros). ACM orders by
 * problems solved, then fewer submissions; OI by score, then problems solved; the username breaks
 * ties so pages never overlap. `searchUser` keeps accounts whose username or nickname contains it
 * (HOJ also matches the real name, which this site does not show strangers).
 */
export async function getRankList(
  db: Db,
  caches: RankCaches,
  query: RankListParams,
): Promise<Page<AcmRankItem> | Page<OiRankItem>> {
  const size = Math.min(
    RANK_LIMITS.maxPageSize,
    query.limit && query.limit > 0 ? query.limit : RANK_LIMITS.pageSize,
  );
  const req = pageRequest(query.currentPage, size, RANK_LIMITS.pageSize);
  const search = query.searchUser ?? '';
  const key = `${query.type}|${req.current}|${req.size}|${search}`;
  return caches.pages.get(key, () => readRankPage(db, query.type, req, search));
}

async function readRankPage(
  db: Db,
  type: number,
  req: ReturnType<typeof pageRequest>,
  search: string,
): Promise<Page<AcmRankItem> | Page<OiRankItem>> {
  let users = db.kysely.selectFrom('user_info as u').where('u.status', '=', ACTIVE);
  if (search) {
    users = users.where((eb) =>
      eb.or([containsText('u.username', search), containsText('u.nickname', search)]),
    );
  }
  const ac = sql<number>`coalesce(r.ac, 0)`;
  const total = sql<number>`coalesce(r.total, 0)`;
  const score = sql<number>`coalesce(r.score, 0)`;
  // the order is found on narrow rows (the user_info_rank index covers them), then only the page's
  // users are read in full: sorting every account's whole row cost twice as much
  let ordered = users
    .leftJoin('user_rank_stat as r', 'r.uid', 'u.uuid')
    .select(['u.uuid', 'u.username', ac.as('ac'), total.as('total'), score.as('score')]);
  ordered =
    type === RankType.OI
      ? ordered.orderBy(score, 'desc').orderBy(ac, 'desc')
      : ordered.orderBy(ac, 'desc').orderBy(total, 'asc');
  let page = db.kysely
    .selectFrom(ordered.orderBy('u.username').limit(req.size).offset(req.offset).as('o'))
    .innerJoin('user_info as d', 'd.uuid', 'o.uuid')
    .select([
      'o.uuid',
      'o.username',
      'd.nickname',
      'd.signature',
      'd.avatar',
      'd.title_name',
      'd.title_color',
      'o.ac',
      'o.total',
      'o.score',
    ]);
  page =
    type === RankType.OI
      ? page.orderBy('o.score', 'desc').orderBy('o.ac', 'desc')
      : page.orderBy('o.ac', 'desc').orderBy('o.total', 'asc');
  const [records, count] = await Promise.all([
    page.orderBy('o.username').execute(),
    users.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const people = records.map((r) => ({
    uid: r.uuid,
    username: r.username,
    nickname: r.nickname,
    signature: r.signature === null ? null : r.signature.slice(0, RANK_LIMITS.signatureMax),
    avatar: r.avatar,
    titleName: r.title_name,
    titleColor: r.title_color,
    ac: Number(r.ac),
    total: Number(r.total),
    score: Number(r.score),
  }));
  if (type === RankType.OI) return toPage<OiRankItem>(people, Number(count.n), req);
  return toPage<AcmRankItem>(
    people.map(({ score: _, ...p }) => ({ ...p, rating: null })),
    Number(count.n),
    req,
  );
}
