/**
 * What `verdict backup` and `verdict restore` share: `<file> [--force]` read from the arguments, the
 * site from the environment as the server reads it, and a BackupError said on stderr with exit 1.
 */
import { parseArgs } from 'node:util';
import { loadConfig, type ServerConfig } from '../../server/config';
import { BackupError } from '../../server/services/backup/manifest';

export async function runArchiveCommand(
  name: 'backup' | 'restore',
  usage: string,
  args: string[],
  act: (config: ServerConfig, file: string, force: boolean) => Promise<void>,
): Promise<number> {
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
    process.stderr.write(`${(err as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(usage);
    return 0;
  }
  const [file] = positionals;
  if (!file || positionals.length !== 1) {
    process.stderr.write(usage);
    return 2;
  }
  try {
    await act(loadConfig(process.env), file, values.force === true);
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      process.stderr.write(`verdict ${name}: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
