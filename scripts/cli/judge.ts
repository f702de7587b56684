/**
 * `verdict judge --server URL --token T [--workers N] [--cache DIR] [--cache-mb N] [--name NAME]`: a remote judge
 * daemon (docs/scaling.md). The token may also come from the JUDGE_TOKEN environment variable
 * (keeps it out of the process list).
 */
import { cpus, homedir, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sandboxProblem } from '../../judge';
import { CACHE_BOUNDS } from '../../judge/limits';
import { startRemoteJudge } from '../../judge/remote/daemon';
import type { WorkerLog } from '../../judge/worker';

const USAGE =
  'usage: verdict judge --server URL --token TOKEN [--workers N] [--cache DIR] [--cache-mb N] [--name NAME]\n' +
  '  --server   the Verdict server, e.g. https://oj.example.com\n' +
  "  --token    the server's JUDGE_TOKEN (or set JUDGE_TOKEN in the environment)\n" +
  '  --workers  parallel judging slots (default: cores - 1, at least 1)\n' +
  '  --cache    test data cache directory (default: ~/.cache/verdict-judge)\n' +
  `  --cache-mb the cache's size bound, least recently used out first (default: ${CACHE_BOUNDS.testDataMB})\n` +
  '  --name     judger name shown on submissions (default: the host name)\n' +
  "  VERDICT_LANGUAGES_FILE in the environment names the operator's languages file (docs/judge.md)\n";

const consoleLog: WorkerLog = {
  info: (obj, msg) => process.stdout.write(`${new Date().toISOString()} ${msg} ${JSON.stringify(obj)}\n`),
  error: (obj, msg) => process.stderr.write(`${new Date().toISOString()} ${msg} ${JSON.stringify(obj)}\n`),
};

export async function run(args: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        server: { type: 'string' },
        token: { type: 'string' },
        workers: { type: 'string' },
        cache: { type: 'string' },
        'cache-mb': { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
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
  const server = typeof values.server === 'string' ? values.server : '';
  const token = typeof values.token === 'string' ? values.token : (process.env.JUDGE_TOKEN ?? '');
  if (!/^https?:\/\//.test(server) || !token) {
    process.stderr.write(USAGE);
    return 2;
  }
  const workers =
    typeof values.workers === 'string' ? Number.parseInt(values.workers, 10) : Math.max(1, cpus().length - 1);
  if (!Number.isInteger(workers) || workers < 1) {
    process.stderr.write(`--workers must be a positive integer\n${USAGE}`);
    return 2;
  }
  const cacheDir = resolve(
    typeof values.cache === 'string' ? values.cache : join(homedir(), '.cache', 'verdict-judge'),
  );
  const cacheMaxMB =
    typeof values['cache-mb'] === 'string'
      ? Number.parseInt(values['cache-mb'], 10)
      : CACHE_BOUNDS.testDataMB;
  if (!Number.isInteger(cacheMaxMB) || cacheMaxMB < 1) {
    process.stderr.write(`--cache-mb must be a positive integer\n${USAGE}`);
    return 2;
  }
  const name = typeof values.name === 'string' && values.name.trim() ? values.name.trim() : hostname();

  const problem = sandboxProblem();
  if (problem) {
    // Untrusted code never runs outside the sandbox.
    process.stderr.write(`verdict judge: the sandbox is not usable: ${problem}. Run \`npm run setup\`.\n`);
    return 1;
  }

  const judge = await startRemoteJudge({
    server,
    token,
    cacheDir,
    cacheMaxMB,
    workers,
    name,
    log: consoleLog,
  });
  process.stdout.write(
    `verdict judge: "${judge.name}" judging for ${server} with ${workers} worker(s); ` +
      `languages: ${judge.languages?.join(', ') ?? 'any'}; cache: ${cacheDir}\n`,
  );
  await new Promise<void>((done) => {
    const stop = (signal: string) => {
      process.stdout.write(`verdict judge: ${signal}, giving claimed work back\n`);
      judge.stop().then(done, done);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  return 0;
}
