#!/usr/bin/env node
// `npx verdict <command>`: runs the TypeScript CLI (scripts/cli/main.ts) through tsx.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'scripts/cli/main.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    cwd: process.cwd(),
  },
);
// A service manager stops this process: the command itself must hear it to stop cleanly (a judge
// gives its claimed work back), so the stop signals are passed on and this process waits for it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
});
