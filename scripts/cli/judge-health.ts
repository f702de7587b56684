/**
 * The health endpoints of a remote judge daemon (docs/operations.md, Health), on 127.0.0.1 only and
 * only when asked for (`--health-port`, JUDGE_HEALTH_PORT): GET /healthz answers while the process
 * runs; GET /readyz says whether it can judge: not stopping, the sandbox usable, its server
 * answering. Plain JSON like the server's own /api/healthz and /api/readyz; 503 when a check fails.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The server is asked again after this long (a probe every few seconds must not become traffic). */
const SERVER_CHECK_EVERY_MS = 10_000;
const SERVER_TIMEOUT_MS = 3000;

export interface JudgeHealthOptions {
  /** 0: any free port (printed) */
  port: number;
  /** the Verdict server (or proxy) the daemon judges for */
  server: string;
  /** null when the sandbox can run, else what is missing */
  sandboxProblem(): string | null;
  /** the daemon was told to stop */
  stopping(): boolean;
}

export interface JudgeHealth {
  /** http://127.0.0.1:PORT */
  origin: string;
  close(): Promise<void>;
}

type Check = { ok: true } | { ok: false; reason: string };

/** Whether the server's liveness endpoint answers, remembered for a few seconds. */
function serverCheck(server: string): () => Promise<Check> {
  let last: { at: number; check: Promise<Check> } | null = null;
  const ask = async (): Promise<Check> => {
    try {
      const res = await fetch(`${server.replace(/\/+$/, '')}/api/healthz`, {
        signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
      });
      await res.body?.cancel();
      return res.ok ? { ok: true } : { ok: false, reason: `http_${res.status}` };
    } catch {
      return { ok: false, reason: 'unreachable' };
    }
  };
  return () => {
    if (!last || Date.now() - last.at > SERVER_CHECK_EVERY_MS) last = { at: Date.now(), check: ask() };
    return last.check;
  };
}

export async function startJudgeHealth(options: JudgeHealthOptions): Promise<JudgeHealth> {
  const started = Date.now();
  const reachServer = serverCheck(options.server);
  const http = createServer((req, res) => {
    const send = (status: number, body: object) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { error: 'method_not_allowed' });
    if (path === '/healthz')
      return send(200, { alive: true, uptimeSeconds: Math.floor((Date.now() - started) / 1000) });
    if (path !== '/readyz') return send(404, { error: 'not_found' });
    const sandbox = options.sandboxProblem();
    reachServer().then((server) => {
      const checks: Record<string, Check> = {
        accepting: options.stopping() ? { ok: false, reason: 'shutting_down' } : { ok: true },
        sandbox: sandbox ? { ok: false, reason: 'unusable' } : { ok: true },
        server,
      };
      const ready = Object.values(checks).every((c) => c.ok);
      send(ready ? 200 : 503, { ready, checks });
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    // loopback only: the endpoints are for a supervisor on this machine (systemd, docker, a probe)
    http.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
