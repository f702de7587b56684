import { GroupAuth, GroupRole } from '../../shared/constants/groups';
import type { Db } from '../db/database';
import { nowIso } from '../services/clock';

const SEEDED_KEY = 'seeded_groups';

/**
 * The demo site's group: a public group owned by root that anyone may join at once, with a welcome
 * announcement and a first discussion, in both interface languages since its texts are plain data.
 * Its only member is root (demo users other than root are not seeded: DESIGN.md §2). Seeded once
 * (site_config key `seeded_groups`) on new and existing sites alike; a site that dissolves it keeps
 * it dissolved.
 */
const GROUP = {
  name: 'Verdict Lounge 交流群',
  shortName: 'lounge',
  brief: 'Practise together and talk / 一起练习，一起交流',
  description: [
    'A public group anyone can join: its announcements, discussions and rank are for its members.',
    '',
    '任何人都可以加入的公开团队：团队公告、讨论与排行榜仅对成员开放。',
  ].join('\n'),
};
const ANNOUNCEMENT = {
  title: 'Welcome to the lounge / 欢迎加入',
  content: 'Introduce yourself in the discussion tab.\n\n欢迎在讨论区介绍一下自己。',
};
const DISCUSSION = {
  title: 'Say hello / 打个招呼',
  description: 'Introduce yourself / 自我介绍',
  content: 'Which problems are you working on? / 你正在做哪些题目？',
};

export async function seedDemoGroups(db: Db): Promise<void> {
  const done = await db.kysely
    .selectFrom('site_config')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst();
  if (done) return;
  const root = await db.kysely
    .selectFrom('user_info')
    .select(['uuid', 'username', 'avatar'])
    .where('username', '=', 'root')
    .executeTakeFirst();
  if (!root) return;
  const taken = await db.kysely
    .selectFrom('group_info')
    .select('id')
    .where((eb) => eb.or([eb('name', '=', GROUP.name), eb('short_name', '=', GROUP.shortName)]))
    .executeTakeFirst();
  const now = nowIso();
  if (!taken) {
    const chat = await db.kysely
      .selectFrom('category')
      .select('id')
      .where('name', 'like', '%Chat%')
      .executeTakeFirst();
    await db.kysely.transaction().execute(async (trx) => {
      const group = await trx
        .insertInto('group_info')
        .values({
          avatar: null,
          name: GROUP.name,
          short_name: GROUP.shortName,
          brief: GROUP.brief,
          description: GROUP.description,
          owner: root.username,
          uid: root.uuid,
          auth: GroupAuth.PUBLIC,
          visible: 1,
          status: 0,
          code: null,
          gmt_create: now,
          gmt_modified: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('group_member')
        .values({
          gid: group.id,
          uid: root.uuid,
          auth: GroupRole.ROOT,
          reason: null,
          gmt_create: now,
          gmt_modified: now,
        })
        .execute();
      await trx
        .insertInto('announcement')
        .values({
          ...ANNOUNCEMENT,
          uid: root.uuid,
          username: root.username,
          status: 0,
          gid: group.id,
          gmt_create: now,
          gmt_modified: now,
        })
        .execute();
      await trx
        .insertInto('discussion')
        .values({
          ...DISCUSSION,
          category_id: chat?.id ?? null,
          pid: null,
          uid: root.uuid,
          author: root.username,
          avatar: root.avatar,
          role: 'root',
          view_num: 0,
          like_num: 0,
          comment_num: 0,
          top_priority: 0,
          status: 0,
          gid: group.id,
          gmt_create: now,
          gmt_modified: now,
        })
        .execute();
    });
  }
  await db.kysely.insertInto('site_config').values({ key: SEEDED_KEY, value: now }).execute();
}
