/**
 * `verdict backup <file> [--force]`: one archive of the site (the database and DATA_DIR's files,
 * with a manifest of their sha256), safe while the server runs. Reads DATA_DIR, DATABASE_URL and
 * DATABASE_SCHEMA as the server does (docs/operations.md, Backup and restore). The archive holds
 * the database and the JWT secret: it is written readable by its owner alone; keep it private.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config';
import { createBackup } from '../../server/services/backup/backup';
import { BackupError } from '../../server/services/backup/manifest';

const USAGE =
  'usage: verdict backup <file> [--force]\n' +
  '  <file>    the archive to write (a zip; mode 0600: it holds the database and the JWT secret)\n' +
  '  --force   replace <file> if it exists\n' +
  '  DATA_DIR, DATABASE_URL and DATABASE_SCHEMA in the environment name the site, as for the server\n';

export async function run(args: string[]): Promise<number> {
  let values: { force?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const [output] = positionals;
  if (!output || positionals.length !== 1) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  try {
    const summary = await createBackup(config, { output, force: values.force === true });
    for (const path of summary.ignored)
      process.stderr.write(`verdict backup: left out ${path} (not a regular file)\n`);
    process.stdout.write(
      `verdict backup: wrote ${summary.output} (${summary.kind} database and ${summary.files - 1} files, ` +
        `${summary.bytes} bytes before compression). It holds the database and the JWT secret: keep it private.\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      process.stderr.write(`verdict backup: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
