/**
 * The `verdict` command line (package.json bin → scripts/verdict.mjs → here).
 *   verdict judge --server URL --token T     a remote judge daemon (scripts/cli/judge.ts)
 *   verdict verify <package>                 judge a problem package's own submissions (scripts/cli/verify.ts)
 *   verdict backup <file>                    archive the site's database and DATA_DIR (scripts/cli/backup.ts)
 *   verdict restore <file>                   restore such an archive into an empty site (scripts/cli/restore.ts)
 *   verdict migrate [--dry-run]              the database's pending migrations (scripts/cli/migrate.ts)
 *   verdict gc [--dry-run]                   remove stored files the site no longer names (scripts/cli/gc.ts)
 */
const COMMANDS: Record<string, () => Promise<{ run(args: string[]): Promise<number> }>> = {
  judge: () => import('./judge'),
  verify: () => import('./verify'),
  backup: () => import('./backup'),
  restore: () => import('./restore'),
  migrate: () => import('./migrate'),
  gc: () => import('./gc'),
};

const [command, ...args] = process.argv.slice(2);
const load = command ? COMMANDS[command] : undefined;
if (!load) {
  process.stderr.write(`usage: verdict <${Object.keys(COMMANDS).join('|')}> [options]\n`);
  process.exit(2);
}
load()
  .then((m) => m.run(args))
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    process.stderr.write(`verdict ${command}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
