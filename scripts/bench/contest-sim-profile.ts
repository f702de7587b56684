/**
 * What a V8 CPU profile of the server (`--profile DIR` runs the child with --cpu-prof) spent its time
 * on: self time per function and per area (a package under node_modules, a folder of this project,
 * Node's internals, the garbage collector), as shares of the time the process was not idle.
 * Also a command: `npx tsx scripts/bench/contest-sim-profile.ts FILE.cpuprofile`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Report } from './stats';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(['(idle)', '(program)']);

function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const path = relative(process.cwd(), url.replace(/^file:\/\//, ''));
  const parts = path.split('/');
  return parts.length > 2 ? parts.slice(0, 3).join('/') : path;
}

export function summariseProfile(file: string, top = 15): Report {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const area = new Map<string, number>();
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const us = profile.timeDeltas[i] ?? 0;
    if (!node || IDLE.has(node.callFrame.functionName)) continue;
    busy += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? ` ${relative(process.cwd(), url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'}${where}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const a = areaOf(url, functionName);
    area.set(a, (area.get(a) ?? 0) + us);
  }
  // inclusive time of the project's services and routes: which request's work the self time belongs to
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const us = profile.timeDeltas[i] ?? 0;
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (!node || IDLE.has(node.callFrame.functionName)) break;
      const { functionName, url, lineNumber } = node.callFrame;
      if (!/\/server\/(services|routes)\//.test(url)) continue;
      seen.add(
        `${functionName || '(anonymous)'} ${relative(process.cwd(), url.replace(/^file:\/\//, ''))}:${lineNumber + 1}`,
      );
    }
    for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
  const share = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(1)} s`;
  const sorted = (m: Map<string, number>, n: number) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  return {
    title: `Server CPU profile ${file}: ${(busy / 1e6).toFixed(1)} s busy; self time by area, by function, then time inside the server's services and routes`,
    rows: [
      ...sorted(area, 12).map(([k, us]): [string, string] => [`area  ${k}`, share(us)]),
      ...sorted(fn, top).map(([k, us]): [string, string] => [`fn    ${k.slice(0, 100)}`, share(us)]),
      ...sorted(inclusive, top).map(([k, us]): [string, string] => [`incl  ${k.slice(0, 100)}`, share(us)]),
    ],
  };
}

/**
 * The main thread's profile of one process: --cpu-prof names files CPU.<date>.<time>.<pid>.<thread>.<seq>,
 * and tsx's module loader runs in a second thread with a profile of its own.
 */
export function mainThreadProfile(dir: string, pid: number): string | null {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.0.`))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  return files[0] ?? null;
}

if (process.argv[1]?.endsWith('contest-sim-profile.ts') && process.argv[2]) {
  const { printReport } = await import('./stats');
  printReport(summariseProfile(process.argv[2], Number(process.argv[3] ?? 25)));
}
