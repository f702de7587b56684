/**
 * `verdict judge --server URL --token T [--workers N] [--cache DIR] [--cache-mb N] [--name NAME] [--health-port P]`:
 * a remote judge daemon (docs/scaling.md). The token may also come from the JUDGE_TOKEN environment
 * variable (keeps it out of the process list), the health port from JUDGE_HEALTH_PORT.
 */
import { cpus, homedir, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sandboxProblem } from '../../judge';
import { CACHE_BOUNDS } from '../../judge/limits';
import { startRemoteJudge } from '../../judge/remote/daemon';
import type { WorkerLog } from '../../judge/worker';
import { type JudgeHealth, startJudgeHealth } from './judge-health';

/** A stop that hangs (a server that does not answer the give-back) must not outlive the service manager's patience. */
const STOP_DEADLINE_MS = 20_000;

const USAGE =
  'usage: verdict judge --server URL --token TOKEN [--workers N] [--cache DIR] [--cache-mb N] [--name NAME] [--health-port P]\n' +
  '  --server   the Verdict server, e.g. https://oj.example.com\n' +
  "  --token    the server's JUDGE_TOKEN (or set JUDGE_TOKEN in the environment)\n" +
  '  --workers  parallel judging slots (default: cores - 1, at least 1)\n' +
  '  --cache    test data cache directory (default: ~/.cache/verdict-judge)\n' +
  `  --cache-mb the cache's size bound, least recently used out first (default: ${CACHE_BOUNDS.testDataMB})\n` +
  '  --name     judger name shown on submissions (default: the host name)\n' +
  '  --health-port  serve /healthz and /readyz on 127.0.0.1:P (or JUDGE_HEALTH_PORT; default off; 0: any free port)\n' +
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
        'health-port': { type: 'string' },
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
  const healthSetting =
    typeof values['health-port'] === 'string'
      ? values['health-port']
      : process.env.JUDGE_HEALTH_PORT || undefined;
  const healthPort = healthSetting === undefined ? null : Number(healthSetting);
  if (healthPort !== null && !(Number.isInteger(healthPort) && healthPort >= 0 && healthPort <= 65535)) {
    process.stderr.write(
      `--health-port (JUDGE_HEALTH_PORT) must be a port number, not "${healthSetting}"\n${USAGE}`,
    );
    return 2;
  }

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
  let stopping = false;
  let health: JudgeHealth | null = null;
  if (healthPort !== null) {
    health = await startJudgeHealth({ port: healthPort, server, sandboxProblem, stopping: () => stopping });
  }
  process.stdout.write(
    `verdict judge: "${judge.name}" judging for ${server} with ${workers} worker(s); ` +
      `languages: ${judge.languages?.join(', ') ?? 'any'}; cache: ${cacheDir}\n`,
  );
  if (health)
    process.stdout.write(`verdict judge: health at ${health.origin}/healthz and ${health.origin}/readyz\n`);
  // SIGTERM (systemd, docker stop) or Ctrl+C: claim nothing more, give what is being judged back
  // to the queue (the next judge takes it at once), then exit
  await new Promise<void>((done) => {
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      process.stdout.write(`verdict judge: ${signal}, giving claimed work back\n`);
      setTimeout(() => {
        process.stderr.write('verdict judge: stopping took too long, exiting\n');
        process.exit(1);
      }, STOP_DEADLINE_MS).unref();
      judge
        .stop()
        .then(() => health?.close())
        .then(done, done);
    };
    // `on`, not `once`: Ctrl+C reaches this process both from the terminal and through
    // scripts/verdict.mjs, and the second must not kill it mid-stop
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
  process.stdout.write('verdict judge: stopped\n');
  return 0;
}
