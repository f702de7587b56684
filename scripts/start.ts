/**
 * `npm start`: builds what is stale (the web app, the sandbox helper), then starts the server,
 * which migrates, seeds demo data on first start, serves the web app and /api, and judges.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const webIndex = 'dist/web/index.html';
const webSources = ['web', 'shared', 'locales'].filter((p) => existsSync(p));
const webBuilt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
if (webSources.some((p) => newestMtime(p) > webBuilt)) {
  process.stdout.write('Building the web app...\n');
  // the frame the server renders first (dist/web-ssr), then the app itself, whose index.html dates the build
  for (const ssr of [['--ssr'], []]) {
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', ...ssr], {
      stdio: 'inherit',
    });
  }
}
execFileSync('bash', ['judge/sandbox/build.sh'], { stdio: 'inherit' });

await import('../server/main');
