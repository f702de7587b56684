/**
 * The `verdict` command line (package.json bin → scripts/verdict.mjs → here).
 *   verdict judge --server URL --token T     a remote judge daemon (scripts/cli/judge.ts)
 *   verdict verify <package>                 judge a problem package's own submissions (scripts/cli/verify.ts)
 */
const COMMANDS: Record<string, () => Promise<{ run(args: string[]): Promise<number> }>> = {
  judge: () => import('./judge'),
  verify: () => import('./verify'),
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
