/**
 * The server's own request log of a run (`--server-log FILE`): per route, how long the server itself
 * took (Fastify's elapsed time, from the request read to the answer written) beside what the client
 * saw. A client time far above the server's is time spent waiting before the server read the
 * request (a busy event loop, a starved process), not in the handler. Also counts the distinct
 * client addresses the server saw, which shows X-Forwarded-For was believed.
 */
import { readFileSync } from 'node:fs';
import { percentile, type Report } from './stats';

interface RequestLine {
  msg?: string;
  route?: string | null;
  method?: string;
  ms?: number;
  ip?: string;
  statusCode?: number;
}

export function summariseServerLog(file: string): Report {
  const byRoute = new Map<string, number[]>();
  const ips = new Set<string>();
  const statuses = new Map<number, number>();
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (!text.startsWith('{')) continue;
    let line: RequestLine;
    try {
      line = JSON.parse(text) as RequestLine;
    } catch {
      continue;
    }
    if (line.msg !== 'request' || typeof line.ms !== 'number') continue;
    const key = `${line.method ?? '?'} ${line.route ?? '?'}`;
    const list = byRoute.get(key) ?? [];
    list.push(line.ms);
    byRoute.set(key, list);
    if (line.ip) ips.add(line.ip);
    if (line.statusCode) statuses.set(line.statusCode, (statuses.get(line.statusCode) ?? 0) + 1);
  }
  const rows = [...byRoute.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([route, ms]): [string, string] => [
      route,
      `${String(ms.length).padStart(7)}  p50 ${percentile(ms, 0.5).toFixed(1)} ms, p99 ${percentile(ms, 0.99).toFixed(1)} ms, max ${ms.reduce((a, b) => (a > b ? a : b), 0).toFixed(0)} ms`,
    ]);
  const codes = [...statuses.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([c, n]) => `${c}: ${n}`)
    .join(', ');
  return {
    title: `In the server (its request log ${file}, whole run): ${ips.size} client addresses; ${codes}`,
    rows,
  };
}
