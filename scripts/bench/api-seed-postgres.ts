/**
 * The API benchmark's data in PostgreSQL (DATABASE_URL, in the schema DATABASE_SCHEMA names): the same
 * counts as the SQLite seed (api-seed.ts), copied from the demo data in SQL, with PostgreSQL's own
 * random() choosing problems, users and statuses. The server made the schema first (its migrations
 * and the demo data). Kept between runs: a marker file in DATA_DIR names the schema it seeded.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedDemo } from '../../server/seeds/demo';

const MARKER = 'bench-seeded-postgres-v1';
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Every column of `table` but `skip`, as the schema has them. */
async function columnsOf(
  client: pg.Client,
  schema: string,
  table: string,
  skip: string[],
): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
    [schema, table],
  );
  return rows.map((r) => r.column_name).filter((c) => !skip.includes(c));
}

/** A copy of the template row's columns, with some replaced by SQL expressions. */
const selectList = (cols: string[], replaced: Record<string, string>) =>
  cols.map((c) => replaced[c] ?? `t.${c}`).join(', ');

export async function seedBenchPostgres(
  dataDir: string,
  databaseUrl: string,
  schema: string,
  counts: { problems: number; users: number; submissions: number },
  rootPassword: string,
  statuses: readonly number[],
): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const marker = join(dataDir, MARKER);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === schema) return;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    const server = await buildServer(
      {
        ...loadConfig({
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          DATABASE_SCHEMA: schema,
          JUDGE_WORKERS: '0',
          ROOT_PASSWORD: rootPassword,
        }),
        judgeWorkers: 0,
      },
      { languages: [], logger: false },
    );
    await seedDemo(server.ctx.db, server.ctx.files);
    await server.close();

    await client.query(`SET search_path = ${schema}`);
    const problemCols = await columnsOf(client, schema, 'problem', ['id']);
    await client.query(
      `INSERT INTO problem (${problemCols.join(', ')})
       SELECT ${selectList(problemCols, { problem_id: "'P' || g", title: "'Problem ' || g", difficulty: 'g % 7' })}
       FROM problem t, generate_series(1, $1::int) g WHERE t.problem_id = '1000'`,
      [counts.problems],
    );
    const userCols = await columnsOf(client, schema, 'user_info', []);
    await client.query(
      `INSERT INTO user_info (${userCols.join(', ')})
       SELECT ${selectList(userCols, { uuid: 'md5(random()::text || g)', username: "'u' || g", email: "'u' || g || '@bench.example'" })}
       FROM user_info t, generate_series(1, $1::int) g WHERE t.username = 'root'`,
      [counts.users],
    );
    await client.query(
      "INSERT INTO user_role (uid, role_id) SELECT uuid, 1002 FROM user_info WHERE username ~ '^u[0-9]+$'",
    );
    // the submissions: one a little apart over a year, each of a random problem, user and status
    const code = '#include <bits/stdc++.h>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b;}\n';
    await client.query(
      `WITH p AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(problem_id ORDER BY id) AS names
                  FROM problem WHERE problem_id ~ '^P[0-9]+$'),
            u AS (SELECT array_agg(uuid ORDER BY username) AS ids, array_agg(username ORDER BY username) AS names
                  FROM user_info WHERE username ~ '^u[0-9]+$'),
            picks AS (SELECT g, 1 + floor(random() * $2)::int AS pi, 1 + floor(random() * $3)::int AS ui,
                             1 + floor(random() * $4)::int AS si
                      FROM generate_series(0, $1::int - 1) g)
       INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, share, time, memory, length,
                          code, language, cid, cpid, judger, ip, is_manual, attempt, gmt_modified, priority)
       SELECT p.ids[pi], p.names[pi], u.ids[ui], u.names[ui],
              to_char((timestamp '2025-11-01' + g * (interval '365 days' / $1)), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              ($5::int[])[si], 0, floor(random() * 1000)::int, 1024 + floor(random() * 60000)::int, 120,
              $6, 'C++', 0, 0, 'bench', '127.0.0.1', 0, 1,
              to_char((timestamp '2025-11-01' + g * (interval '365 days' / $1)), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 1
       FROM picks, p, u`,
      [counts.submissions, counts.problems, counts.users, statuses.length, statuses, code],
    );
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
  writeFileSync(marker, schema);
}
