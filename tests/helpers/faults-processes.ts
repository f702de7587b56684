/**
 * Real processes for tests/api/faults.test.ts: the server as `npm start` runs it (its own process,
 * so it can be SIGKILLed and started again on the same DATA_DIR and database) and remote judge
 * daemons as `verdict judge` runs them. tests/api/ops-shutdown.test.ts starts children the same
 * way but keeps its helpers to itself; these add what a crash needs: each child leads its own
 * process group, so a SIGKILL takes the process and every sandbox it started, as when a machine
 * dies, and the server keeps one port across restarts, so judges and clients find it again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { TEST_ROOT_PASSWORD } from './server';

export interface GroupProcess {
  readonly child: ChildProcess;
  /** stdout and stderr so far */
  output(): string;
  /** resolves with the first group (or the whole match) once the output matches */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** signals the whole process group (it and its sandboxes) and waits until the leader exits */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Output kept per process: enough for a failure's context, bounded for the 2,000-submission run. */
const OUTPUT_KEEP = 2 * 1024 * 1024;

export function spawnGroup(args: string[], env: Record<string, string>): GroupProcess {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const waiters = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    if (out.length > OUTPUT_KEEP) out = out.slice(-OUTPUT_KEEP / 2);
    for (const w of [...waiters]) w();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const done = () => {
          waiters.delete(check);
          clearTimeout(timer);
        };
        const check = () => {
          const m = pattern.exec(out);
          if (!m) return;
          done();
          resolve(m[1] ?? m[0]);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${out.slice(-4000)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
        void exited.then(() => {
          if (!waiters.has(check)) return;
          done();
          reject(new Error(`exited before ${pattern}; output:\n${out.slice(-4000)}`));
        });
      });
    },
    async kill(signal) {
      if (running() && child.pid) {
        try {
          // the negative pid names the group this child leads (detached), never anything else
          process.kill(-child.pid, signal);
        } catch {
          // the group is gone already
        }
      }
      await exited;
    },
  };
}

/** A loopback port free now: the server listens on it in each of its lives. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess extends GroupProcess {
  url: string;
}

/**
 * `node --import tsx server/main.ts` on a fixed port; resolves once /api/healthz answers (the log
 * stays at warn level, so its error lines are what the test reads).
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  timeoutMs = 180_000,
): Promise<ServerProcess> {
  const proc = spawnGroup(['--import', 'tsx', 'server/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    ROOT_PASSWORD: TEST_ROOT_PASSWORD,
    LOG_LEVEL: 'warn',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`the server exited while starting:\n${proc.output().slice(-4000)}`);
    }
    const ok = await fetch(`${url}/api/healthz`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { ...proc, url };
    if (Date.now() > deadline) {
      await proc.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${proc.output().slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface JudgeProcessOptions {
  url: string;
  token: string;
  name: string;
  cacheDir: string;
  workers?: number;
}

/**
 * `verdict judge` (scripts/cli/main.ts, as `npx verdict judge` runs it); resolves once it judges. A judge
 * started while the server is down exits at its hello: it is started again until it stays up.
 */
export async function startJudgeProcess(o: JudgeProcessOptions, timeoutMs = 180_000): Promise<GroupProcess> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // what scripts/verdict.mjs runs, without the wrapper process (the group kill takes both alike)
    const proc = spawnGroup(
      [
        '--import',
        'tsx',
        'scripts/cli/main.ts',
        'judge',
        '--server',
        o.url,
        '--name',
        o.name,
        '--workers',
        String(o.workers ?? 1),
        '--cache',
        o.cacheDir,
      ],
      { JUDGE_TOKEN: o.token },
    );
    try {
      await proc.waitFor(/verdict judge: ".*" judging for/, Math.max(1000, deadline - Date.now()));
      return proc;
    } catch (err) {
      await proc.kill('SIGKILL');
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Error-level lines (pino level 50 and up) of a JSON log. */
export function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (!line.startsWith('{')) return false;
    try {
      const level = (JSON.parse(line) as { level?: unknown }).level;
      return typeof level === 'number' && level >= 50;
    } catch {
      return false;
    }
  });
}
