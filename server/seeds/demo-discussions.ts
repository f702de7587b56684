import type { Db } from '../db/database';
import { nowIso } from '../services/clock';

/**
 * The demo site's first discussion: root's note on A+B (problem 1000) under HOJ's Solutions
 * category, with maths and code, so the discussion list and the detail have something to show.
 * A general discussion (no pid), so a problem's Explain tab starts empty as on a new site.
 * Written once with the rest of the demo data.
 */
const CONTENT = [
  'Read the two integers and print their sum. / 读入两个整数，输出它们的和。',
  '',
  'The answer is $a + b$; with $|a|, |b| \\le 10^9$ the sum fits in a 64-bit integer:',
  '',
  '$$-2 \\times 10^9 \\le a + b \\le 2 \\times 10^9$$',
  '',
  '```cpp',
  '#include <iostream>',
  'int main() {',
  '  long long a, b;',
  '  std::cin >> a >> b;',
  '  std::cout << a + b << std::endl;',
  '}',
  '```',
].join('\n');

export async function seedDemoDiscussion(db: Db): Promise<void> {
  const root = await db.kysely
    .selectFrom('user_info')
    .select(['uuid', 'username', 'avatar'])
    .where('username', '=', 'root')
    .executeTakeFirst();
  const category = await db.kysely
    .selectFrom('category')
    .select('id')
    .where('name', 'like', '%Solutions%')
    .executeTakeFirst();
  if (!root) return;
  const now = nowIso();
  await db.kysely
    .insertInto('discussion')
    .values({
      category_id: category?.id ?? null,
      title: 'A+B (1000): mind the overflow / 注意溢出',
      description: 'Why the sum needs 64 bits / 为什么和需要 64 位整数',
      content: CONTENT,
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
      gid: null,
      gmt_create: now,
      gmt_modified: now,
    })
    .execute();
}
