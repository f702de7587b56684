import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { BackupError } from './manifest';

/**
 * PostgreSQL through its own tools: pg_dump writes one schema in its custom format, pg_restore
 * turns that back into SQL and psql runs it, in one transaction, into the target schema.
 * The connection goes to the tools through libpq's environment variables, so the password never
 * shows in the process list or in a message.
 */

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PgTarget {
  databaseUrl: string;
  /** DATABASE_SCHEMA; null: `public`, where the server's tables are without one */
  schema: string | null;
}

export const schemaOf = (target: PgTarget): string => target.schema ?? 'public';

/** libpq's variables for a postgres:// URL (the tools read these; nothing secret on a command line). */
export function libpqEnv(databaseUrl: string): Record<string, string> {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new BackupError('DATABASE_URL is not a postgres:// URL');
  }
  const env: Record<string, string> = {};
  const set = (name: string, value: string | null | undefined) => {
    if (value) env[name] = value;
  };
  set('PGHOST', decodeURIComponent(url.hostname).replace(/^\[|\]$/g, ''));
  set('PGPORT', url.port);
  set('PGUSER', decodeURIComponent(url.username));
  set('PGPASSWORD', decodeURIComponent(url.password));
  set('PGDATABASE', decodeURIComponent(url.pathname.replace(/^\//, '')));
  const params: Record<string, string> = {
    host: 'PGHOST',
    port: 'PGPORT',
    user: 'PGUSER',
    password: 'PGPASSWORD',
    sslmode: 'PGSSLMODE',
    sslrootcert: 'PGSSLROOTCERT',
    sslcert: 'PGSSLCERT',
    sslkey: 'PGSSLKEY',
    application_name: 'PGAPPNAME',
  };
  for (const [key, value] of url.searchParams) {
    const name = params[key];
    if (name) set(name, value);
  }
  return env;
}

interface Run {
  stderr: string;
  code: number | null;
}

/** Starts one of the client tools; a missing tool is a refusal that says what to install. */
function startTool(tool: string, args: string[], env: Record<string, string>) {
  const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const done = new Promise<Run>((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install -y postgresql-client)`,
            )
          : err,
      ),
    );
    child.on('close', (code) => resolve({ stderr, code }));
  });
  return { child, done };
}

function checkedRun(tool: string, run: Run): void {
  if (run.code !== 0)
    throw new BackupError(`${tool} failed (exit ${run.code}): ${run.stderr.trim().slice(0, 2000)}`);
}

function checkSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) throw new BackupError(`invalid PostgreSQL schema name: ${schema}`);
}

/** pg_dump of the site's schema alone, in the custom format, to `file`. */
export async function dumpPostgres(target: PgTarget, file: string): Promise<void> {
  const schema = schemaOf(target);
  checkSchemaName(schema);
  const { child, done } = startTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--schema=${schema}`, `--file=${file}`],
    libpqEnv(target.databaseUrl),
  );
  child.stdin.end();
  checkedRun('pg_dump', await done);
}

async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The migrations the schema has had (none when it was never migrated). */
export function postgresMigrations(target: PgTarget): Promise<string[]> {
  const schema = schemaOf(target);
  checkSchemaName(schema);
  return withClient(target.databaseUrl, async (client) => {
    const found = await client.query<{ found: string | null }>('select to_regclass($1)::text as found', [
      `${schema}.kysely_migration`,
    ]);
    if (!found.rows[0]?.found) return [];
    const rows = await client.query<{ name: string }>(
      `select name from ${schema}.kysely_migration order by name`,
    );
    return rows.rows.map((r) => r.name);
  });
}

/** How many tables the schema holds (0 when it does not exist). */
export function postgresTableCount(target: PgTarget): Promise<number> {
  return withClient(target.databaseUrl, async (client) => {
    const res = await client.query<{ n: string }>(
      'select count(*) as n from information_schema.tables where table_schema = $1',
      [schemaOf(target)],
    );
    return Number(res.rows[0]?.n ?? 0);
  });
}

/**
 * One line of pg_restore's SQL with the dumped schema's name replaced by the target's: in
 * schema-qualified names outside string literals, and inside the literals that name a relation
 * (`'s.seq'::regclass`, `setval('s.seq', …)`). Other literals (a column default's text) are kept.
 */
export function renameSchemaInLine(line: string, from: string, to: string): string {
  if (from === to) return line;
  const qualified = new RegExp(`(^|[^A-Za-z0-9_$."])${from}\\.`, 'g');
  let out = '';
  let i = 0;
  while (i < line.length) {
    const quote = line.indexOf("'", i);
    const code = quote === -1 ? line.slice(i) : line.slice(i, quote);
    out += code.replace(qualified, `$1${to}.`);
    if (quote === -1) break;
    // a literal runs to the next quote not doubled ('' is a quote inside it)
    let end = quote + 1;
    while (end < line.length) {
      if (line[end] === "'" && line[end + 1] === "'") end += 2;
      else if (line[end] === "'") break;
      else end++;
    }
    const literal = line.slice(quote, end + 1);
    const namesRelation =
      line.startsWith('::regclass', end + 1) || /pg_catalog\.setval\($/.test(line.slice(0, quote));
    out += namesRelation ? literal.replace(new RegExp(`^'${from}\\.`), `'${to}.`) : literal;
    i = end + 1;
  }
  return out;
}

/**
 * Restores a custom-format dump into the target schema, in one transaction: the schema is made
 * (or, with `replace`, dropped with everything in it and made again) and the dump's objects and
 * rows are created in it, whatever schema they were dumped from.
 */
export async function restorePostgres(
  target: PgTarget,
  dumpFile: string,
  dumpedSchema: string,
  replace: boolean,
  /** SQL run after the dump's, in its transaction, with the target schema first on the search path */
  afterwards = '',
): Promise<void> {
  const schema = schemaOf(target);
  checkSchemaName(schema);
  checkSchemaName(dumpedSchema);
  const env = libpqEnv(target.databaseUrl);
  const restore = startTool('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dumpFile], env);
  restore.child.stdin.end();
  const psql = startTool(
    'psql',
    ['--no-psqlrc', '--quiet', '--set', 'ON_ERROR_STOP=1', '--single-transaction', '--file=-'],
    env,
  );
  psql.child.stdout.resume();
  const stdin = psql.child.stdin;
  // psql stops at the first error (its exit code and message say which): writing then ends
  let stopped = false;
  stdin.on('error', () => {
    stopped = true;
  });
  stdin.on('close', () => {
    stopped = true;
  });
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      if (stopped || stdin.write(text)) return resolve();
      const go = () => {
        stdin.off('drain', go);
        stdin.off('close', go);
        resolve();
      };
      stdin.on('drain', go);
      stdin.on('close', go);
    });
  let inCopy = false;
  const createSchema = new RegExp(`^(CREATE SCHEMA|COMMENT ON SCHEMA) ${dumpedSchema}( |;)`);
  try {
    await write(
      replace
        ? `DROP SCHEMA IF EXISTS ${schema} CASCADE;\nCREATE SCHEMA ${schema};\n`
        : `CREATE SCHEMA IF NOT EXISTS ${schema};\n`,
    );
    for await (const line of createInterface({
      input: restore.child.stdout,
      crlfDelay: Number.POSITIVE_INFINITY,
    })) {
      if (stopped) {
        restore.child.kill();
        break;
      }
      if (inCopy) {
        // rows of a COPY go through untouched, up to its end marker
        if (line === '\\.') inCopy = false;
        await write(`${line}\n`);
        continue;
      }
      // the target schema is made above; the dump's own CREATE (and comment) would clash with it
      if (createSchema.test(line)) continue;
      if (/^COPY .* FROM stdin;$/.test(line)) inCopy = true;
      await write(`${renameSchemaInLine(line, dumpedSchema, schema)}\n`);
    }
    if (afterwards && !stopped) await write(`SET search_path = ${schema};\n${afterwards}\n`);
  } finally {
    stdin.end();
  }
  const [restored, ran] = await Promise.all([restore.done, psql.done]);
  // psql's failure says more than pg_restore's broken pipe
  checkedRun('psql', ran);
  checkedRun('pg_restore', restored);
}
