import { TrainingAuth } from '../../shared/constants/trainings';
import type { Db } from '../db/database';
import { nowIso } from '../services/clock';

const SEEDED_KEY = 'seeded_trainings';

/**
 * The demo site's training: a public "getting started" list of the demo problems under a
 * category, in both interface languages since its texts are plain data. Seeded once (site_config
 * key `seeded_trainings`) on new and existing sites alike, so a site seeded before trainings
 * existed gets it too; a site that deletes it keeps it deleted.
 */
const CATEGORY = { name: '入门 Getting started', color: '#409eff' };
const TRAINING = {
  title: 'First steps / 新手入门',
  description: [
    'Four short problems to learn how the judge reads input and checks output.',
    '',
    '四道小题，熟悉评测系统如何读入与判定输出。',
    '',
    '1. **1000** A+B: read two integers, print $a + b$ / 读入两个整数，输出 $a + b$',
    '2. **1001** the sum of a list, scored per test / 一列数的和，按测试点计分',
    '3. **1002** a square root checked by a special judge / 由特殊评测判定的平方根',
    '4. **1003** counting inversions in subtasks / 分子任务的逆序对计数',
  ].join('\n'),
  problems: ['1000', '1001', '1002', '1003'],
};

export async function seedDemoTrainings(db: Db): Promise<void> {
  const done = await db.kysely
    .selectFrom('site_config')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst();
  if (done) return;
  const root = await db.kysely
    .selectFrom('user_info')
    .select(['uuid', 'username'])
    .where('username', '=', 'root')
    .executeTakeFirst();
  if (!root) return;
  const now = nowIso();
  const category =
    (await db.kysely
      .selectFrom('training_category')
      .select('id')
      .where('name', '=', CATEGORY.name)
      .executeTakeFirst()) ??
    (await db.kysely
      .insertInto('training_category')
      .values({ ...CATEGORY, gid: null, gmt_create: now, gmt_modified: now })
      .returning('id')
      .executeTakeFirstOrThrow());
  const training = await db.kysely
    .insertInto('training')
    .values({
      title: TRAINING.title,
      description: TRAINING.description,
      author: root.username,
      uid: root.uuid,
      auth: TrainingAuth.PUBLIC,
      private_pwd: null,
      rank: 1,
      status: 1,
      is_group: 0,
      gid: null,
      gmt_create: now,
      gmt_modified: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('mapping_training_category')
    .values({ tid: training.id, cid: category.id, gmt_create: now, gmt_modified: now })
    .execute();
  const problems = await db.kysely
    .selectFrom('problem')
    .select(['id', 'problem_id'])
    .where('problem_id', 'in', TRAINING.problems)
    .execute();
  const byId = new Map(problems.map((p) => [p.problem_id, p.id]));
  const rows = TRAINING.problems.flatMap((problemId, rank) => {
    const pid = byId.get(problemId);
    return pid === undefined
      ? []
      : [{ tid: training.id, pid, rank, display_id: problemId, gmt_create: now, gmt_modified: now }];
  });
  if (rows.length > 0) await db.kysely.insertInto('training_problem').values(rows).execute();
  await db.kysely.insertInto('site_config').values({ key: SEEDED_KEY, value: now }).execute();
}
