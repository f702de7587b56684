/**
 * `verdict backup <file> [--force]`: one archive of the site (the database and DATA_DIR's files,
 * with a manifest of their sha256), safe while the server runs. Reads DATA_DIR, DATABASE_URL and
 * DATABASE_SCHEMA as the server does (docs/operations.md, Backup and restore). The archive holds
 * the database and the JWT secret: it is written readable by its owner alone; keep it private.
 */
import { createBackup } from '../../server/services/backup/backup';
import { runArchiveCommand } from './archive-command';

const USAGE =
  'usage: verdict backup <file> [--force]\n' +
  '  <file>    the archive to write (a zip; mode 0600: it holds the database and the JWT secret)\n' +
  '  --force   replace <file> if it exists\n' +
  '  DATA_DIR, DATABASE_URL and DATABASE_SCHEMA in the environment name the site, as for the server\n';

export function run(args: string[]): Promise<number> {
  return runArchiveCommand('backup', USAGE, args, async (config, output, force) => {
    const summary = await createBackup(config, { output, force });
    for (const path of summary.ignored)
      process.stderr.write(`verdict backup: left out ${path} (not a regular file)\n`);
    process.stdout.write(
      `verdict backup: wrote ${summary.output} (${summary.kind} database and ${summary.files - 1} files, ` +
        `${summary.bytes} bytes before compression). It holds the database and the JWT secret: keep it private.\n`,
    );
  });
}
