import { sql } from 'kysely';
import type { Db } from '../../server/db/database';

/**
 * What must hold in a Verdict database whatever requests it served: rows that name another row
 * find it (the schema declares few foreign keys; the services keep these links), and counters
 * kept beside the rows agree with them. Each check is a query counting the rows that break it.
 */
const ORPHANS: readonly {
  name: string;
  child: string;
  column: string;
  parent: string;
  key: string;
  where?: string;
}[] = [
  { name: 'every submission’s problem exists', child: 'judge', column: 'pid', parent: 'problem', key: 'id' },
  {
    name: 'every case result’s submission exists',
    child: 'judge_case',
    column: 'submit_id',
    parent: 'judge',
    key: 'submit_id',
  },
  {
    name: 'every contest problem’s contest exists',
    child: 'contest_problem',
    column: 'cid',
    parent: 'contest',
    key: 'id',
  },
  {
    name: 'every contest problem’s problem exists',
    child: 'contest_problem',
    column: 'pid',
    parent: 'problem',
    key: 'id',
  },
  {
    name: 'every test case’s problem exists',
    child: 'problem_case',
    column: 'pid',
    parent: 'problem',
    key: 'id',
  },
  {
    name: 'every problem tag’s problem exists',
    child: 'problem_tag',
    column: 'pid',
    parent: 'problem',
    key: 'id',
  },
  { name: 'every problem tag’s tag exists', child: 'problem_tag', column: 'tid', parent: 'tag', key: 'id' },
  {
    name: 'every problem language’s problem exists',
    child: 'problem_language',
    column: 'pid',
    parent: 'problem',
    key: 'id',
  },
  {
    name: 'every code template’s problem exists',
    child: 'problem_code_template',
    column: 'pid',
    parent: 'problem',
    key: 'id',
  },
  { name: 'every role’s user exists', child: 'user_role', column: 'uid', parent: 'user_info', key: 'uuid' },
  {
    name: 'every contest registration’s contest exists',
    child: 'contest_register',
    column: 'cid',
    parent: 'contest',
    key: 'id',
  },
  {
    name: 'every contest announcement link’s contest exists',
    child: 'contest_announcement',
    column: 'cid',
    parent: 'contest',
    key: 'id',
  },
  {
    name: 'every contest announcement link’s announcement exists',
    child: 'contest_announcement',
    column: 'aid',
    parent: 'announcement',
    key: 'id',
  },
  {
    name: 'every training problem’s training exists',
    child: 'training_problem',
    column: 'tid',
    parent: 'training',
    key: 'id',
  },
  {
    name: 'every training problem’s problem exists',
    child: 'training_problem',
    column: 'pid',
    parent: 'problem',
    key: 'id',
  },
  {
    name: 'every training category link’s training exists',
    child: 'mapping_training_category',
    column: 'tid',
    parent: 'training',
    key: 'id',
  },
  {
    name: 'every group member’s group exists',
    child: 'group_member',
    column: 'gid',
    parent: 'group_info',
    key: 'id',
  },
  {
    name: 'every group member’s user exists',
    child: 'group_member',
    column: 'uid',
    parent: 'user_info',
    key: 'uuid',
  },
  {
    name: 'every reply’s comment exists',
    child: 'reply',
    column: 'comment_id',
    parent: 'comment',
    key: 'id',
  },
  {
    name: 'every discussion comment’s discussion exists',
    child: 'comment',
    column: 'did',
    parent: 'discussion',
    key: 'id',
    where: 'c.did is not null',
  },
  {
    name: 'every discussion like’s discussion exists',
    child: 'discussion_like',
    column: 'did',
    parent: 'discussion',
    key: 'id',
  },
  {
    name: 'every discussion report’s discussion exists',
    child: 'discussion_report',
    column: 'did',
    parent: 'discussion',
    key: 'id',
  },
  {
    name: 'every user notice’s notice exists',
    child: 'user_sys_notice',
    column: 'sys_notice_id',
    parent: 'admin_sys_notice',
    key: 'id',
  },
];

export interface Violation {
  check: string;
  rows: number;
}

async function count(db: Db, query: ReturnType<typeof sql.raw>): Promise<number> {
  const { rows } = await query.execute(db.kysely);
  return Number((rows[0] as { n: number | string }).n);
}

/** The checks that fail, with how many rows break each. */
export async function consistencyViolations(db: Db): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const o of ORPHANS) {
    const n = await count(
      db,
      sql.raw(
        `select count(*) as n from ${o.child} c where ${o.where ?? 'true'} and not exists ` +
          `(select 1 from ${o.parent} p where p.${o.key} = c.${o.column})`,
      ),
    );
    if (n > 0) out.push({ check: o.name, rows: n });
  }
  const comments = await count(
    db,
    sql.raw(
      'select count(*) as n from discussion d where d.comment_num <> ' +
        '(select count(*) from comment c where c.did = d.id and c.status = 0) + ' +
        '(select count(*) from reply r inner join comment c on c.id = r.comment_id where c.did = d.id and r.status = 0)',
    ),
  );
  if (comments > 0)
    out.push({ check: 'every discussion’s comment_num counts its comments and replies', rows: comments });
  const roleless = await count(
    db,
    sql.raw(
      'select count(*) as n from user_info u where not exists (select 1 from user_role r where r.uid = u.uuid)',
    ),
  );
  if (roleless > 0) out.push({ check: 'every user has a role', rows: roleless });
  return out;
}

/** Every table of the schema, and how many rows each holds (a table that cannot be read throws). */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await db.kysely.introspection.getTables();
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t.name] = await count(db, sql.raw(`select count(*) as n from ${t.name}`));
  return counts;
}

export async function userCount(db: Db): Promise<number> {
  return count(db, sql.raw('select count(*) as n from user_info'));
}
