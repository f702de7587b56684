import { type Kysely, sql } from 'kysely';
import type { Tag, TagGroup } from '../../../shared/api/types';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { openProblemSql } from './visibility';

/** Tags of each listed problem, by problem id. */
export async function tagsByProblem(db: Db, pids: number[]): Promise<Map<number, Tag[]>> {
  const map = new Map<number, Tag[]>();
  if (pids.length === 0) return map;
  const rows = await db.kysely
    .selectFrom('problem_tag')
    .innerJoin('tag', 'tag.id', 'problem_tag.tid')
    .select(['problem_tag.pid', 'tag.id', 'tag.name', 'tag.color', 'tag.tcid'])
    .where('problem_tag.pid', 'in', pids)
    .orderBy('tag.id')
    .execute();
  for (const r of rows) {
    const list = map.get(r.pid) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color, oj: 'ME', tcid: r.tcid });
    map.set(r.pid, list);
  }
  return map;
}

/**
 * HOJ GET /api/get-problem-tags-and-classification: every classification (by kind, then rank)
 * with its tags, then one group with classification null for the tags in none. Tags that no
 * public problem carries are left out: the list filter offers only tags that can match.
 */
export async function tagsAndClassifications(db: Db): Promise<TagGroup[]> {
  const [classifications, tags] = await Promise.all([
    db.kysely
      .selectFrom('tag_classification')
      .selectAll()
      .orderBy('type')
      .orderBy('rank')
      .orderBy('id')
      .execute(),
    db.kysely
      .selectFrom('tag')
      .select(['tag.id', 'tag.name', 'tag.color', 'tag.tcid'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('problem_tag')
            .innerJoin('problem', 'problem.id', 'problem_tag.pid')
            .select('problem_tag.id')
            .whereRef('problem_tag.tid', '=', 'tag.id')
            .where(openProblemSql()),
        ),
      )
      .orderBy('tag.name')
      .orderBy('tag.id')
      .execute(),
  ]);
  const byClass = new Map<number | null, Tag[]>();
  const known = new Set(classifications.map((c) => c.id));
  for (const t of tags) {
    const key = t.tcid !== null && known.has(t.tcid) ? t.tcid : null;
    const list = byClass.get(key) ?? [];
    list.push({ id: t.id, name: t.name, color: t.color, oj: 'ME', tcid: t.tcid });
    byClass.set(key, list);
  }
  const groups: TagGroup[] = classifications.map((c) => ({
    classification: {
      id: c.id,
      name: c.name,
      type: c.type,
      oj: c.oj,
      rank: c.rank,
      gmtCreate: c.gmt_create,
      gmtModified: c.gmt_modified,
    },
    tagList: byClass.get(c.id) ?? [],
  }));
  const unclassified = byClass.get(null);
  if (unclassified?.length) groups.push({ classification: null, tagList: unclassified });
  return groups;
}

/**
 * HOJ GET /api/get-all-problem-tags: the site's tags, for the editor's tag picker (admins only:
 * callers check). A group's own tags are its admins' (GET /api/group/get-all-problem-tags).
 */
export async function allTags(db: Db): Promise<Tag[]> {
  const rows = await db.kysely
    .selectFrom('tag')
    .select(['id', 'name', 'color', 'tcid'])
    .where('gid', 'is', null)
    .orderBy('name')
    .execute();
  return rows.map((t) => ({ id: t.id, name: t.name, color: t.color, oj: 'ME', tcid: t.tcid }));
}

/**
 * HOJ GET /api/group/get-all-problem-tags: the tags a group's problem may carry, the site's and
 * the group's own (callers check the caller is its admin).
 */
export async function groupTags(db: Db, gid: number): Promise<(Tag & { gid: number | null })[]> {
  const rows = await db.kysely
    .selectFrom('tag')
    .select(['id', 'name', 'color', 'tcid', 'gid'])
    .where((eb) => eb.or([eb('gid', 'is', null), eb('gid', '=', gid)]))
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((t) => ({ id: t.id, name: t.name, color: t.color, oj: 'ME', tcid: t.tcid, gid: t.gid }));
}

/** Colour of a tag made by naming it on a problem (an import or the editor). */
const NEW_TAG_COLOR = '#2563eb';

/**
 * Gives a problem the tags named (in a transaction the caller holds): a name matches an existing
 * tag ignoring case, else a tag is made. A group's problem (`gid`) may carry the site's tags and
 * its group's own (the site's first); a tag it makes is its group's (HOJ). Other problems carry
 * the site's tags only, so a group's tag never reaches the public list.
 */
export async function linkTags(
  trx: Kysely<Database>,
  pid: number,
  names: string[],
  gid: number | null = null,
): Promise<void> {
  for (const name of new Set(names.map((n) => n.slice(0, 64)))) {
    const existing = await trx
      .selectFrom('tag')
      .select('id')
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .where((eb) =>
        gid === null ? eb('gid', 'is', null) : eb.or([eb('gid', 'is', null), eb('gid', '=', gid)]),
      )
      .orderBy(sql`case when gid is null then 0 else 1 end`)
      .orderBy('id')
      .executeTakeFirst();
    const tag =
      existing ??
      (await trx
        .insertInto('tag')
        .values({ name, color: NEW_TAG_COLOR, tcid: null, gid })
        .returning('id')
        .executeTakeFirstOrThrow());
    await trx.insertInto('problem_tag').values({ pid, tid: tag.id }).execute();
  }
}
