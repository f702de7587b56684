/**
 * `verdict restore <file> [--force]`: a backup archive back into DATA_DIR (and, for PostgreSQL,
 * DATABASE_SCHEMA), which must be empty unless --force. Every file is checked against the
 * archive's manifest before anything is written (docs/operations.md, Backup and restore).
 */

import { restoreBackup } from '../../server/services/backup/restore';
import { runArchiveCommand } from './archive-command';

const USAGE =
  'usage: verdict restore <file> [--force]\n' +
  '  <file>    an archive written by `verdict backup`\n' +
  '  --force   restore into a DATA_DIR (or PostgreSQL schema) that is not empty, replacing what it holds\n' +
  '  DATA_DIR, DATABASE_URL and DATABASE_SCHEMA in the environment name the target, as for the server;\n' +
  '  stop the server first and start it on the restored data afterwards\n';

export function run(args: string[]): Promise<number> {
  return runArchiveCommand('restore', USAGE, args, async (config, archive, force) => {
    const summary = await restoreBackup(config, { archive, force });
    const where = summary.schema ? `${config.dataDir} and schema ${summary.schema}` : config.dataDir;
    process.stdout.write(
      `verdict restore: restored ${summary.kind} database and ${summary.files - 1} files into ${where} ` +
        `(backup of ${summary.createdAt}, Verdict ${summary.verdictVersion})\n`,
    );
  });
}
