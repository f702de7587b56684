/**
 * `verdict restore <file> [--force]`: a backup archive back into DATA_DIR (and, for PostgreSQL,
 * DATABASE_SCHEMA), which must be empty unless --force. Every file is checked against the
 * archive's manifest before anything is written (docs/operations.md, Backup and restore).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config';
import { BackupError } from '../../server/services/backup/manifest';
import { restoreBackup } from '../../server/services/backup/restore';

const USAGE =
  'usage: verdict restore <file> [--force]\n' +
  '  <file>    an archive written by `verdict backup`\n' +
  '  --force   restore into a DATA_DIR (or PostgreSQL schema) that is not empty, replacing what it holds\n' +
  '  DATA_DIR, DATABASE_URL and DATABASE_SCHEMA in the environment name the target, as for the server;\n' +
  '  stop the server first and start it on the restored data afterwards\n';

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
  const [archive] = positionals;
  if (!archive || positionals.length !== 1) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  try {
    const summary = await restoreBackup(config, { archive, force: values.force === true });
    const where = summary.schema ? `${config.dataDir} and schema ${summary.schema}` : config.dataDir;
    process.stdout.write(
      `verdict restore: restored ${summary.kind} database and ${summary.files - 1} files into ${where} ` +
        `(backup of ${summary.createdAt}, Verdict ${summary.verdictVersion})\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      process.stderr.write(`verdict restore: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
