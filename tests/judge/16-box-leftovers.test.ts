/**
 * What a judge killed outright (SIGKILL of its whole process group: OOM killer, `systemctl kill`,
 * power loss) leaves on disk, and who removes it (docs/judge.md, Caches on disk; judge/sandbox/
 * boxes.ts): its box directory and its supervisor's empty cgroups stay, no process does. The next
 * judge to start removes the directories of every slot no live process holds (before its first
 * box) and its first supervisor sweeps the cgroups of dead supervisors; a box of another live judge
 * on this machine, and a directory another host made in a shared root, stay.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, chown } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOX_UID_BASE, HOST_TAG, removeLeftoverBoxes } from '../../judge/sandbox/boxes';
import { cgroupRoot } from '../../judge/sandbox/paths';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { makeProblem, type Problem, processesOfUid, requireSandbox, submit } from './helpers';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** A judge mid-run: a box with a persistent sandbox running `sleep 60`; prints its box once started. */
const HOLDER = `
const { createBox } = await import(${JSON.stringify(join(REPO, 'judge/sandbox/boxes.ts'))});
const { PersistentSandbox } = await import(${JSON.stringify(join(REPO, 'judge/sandbox/persistent.ts'))});
const box = await createBox('holder', process.env.BOX_ROOT);
const sandbox = new PersistentSandbox({ boxDir: box.boxDir, uid: box.uid, memoryKB: 64 * 1024, pids: 8 });
void sandbox.run({ argv: ['/bin/sleep', '60'], cpuMs: 60000, wallMs: 60000, outputBytes: 1 << 20 });
const started = setInterval(() => {
  if (!sandbox.supervisorPid) return;
  clearInterval(started);
  console.log(JSON.stringify({ dir: box.dir, uid: box.uid, sup: sandbox.supervisorPid }));
}, 20);
setInterval(() => {}, 60000);
`;

interface Holder {
  child: ChildProcess;
  dir: string;
  uid: number;
  sup: number;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A judge process of its own (own process group) holding a box with a program running in it. */
async function startHolder(script: string, root: string): Promise<Holder> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, BOX_ROOT: root },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d;
  });
  await until('the holder’s box', () => out.includes('\n'), 60_000);
  const box = JSON.parse(out.split('\n')[0] ?? '') as { dir: string; uid: number; sup: number };
  return { child, ...box };
}

/** The groups judge-sup nests its boxes' groups under (sup/cgroups.c): this process's own. */
function cgroupBases(): string[] {
  const lines = readFileSync('/proc/self/cgroup', 'utf8').split('\n');
  const v2 = lines.find((l) => l.startsWith('0::'));
  const v1 = ['memory', 'pids', 'cpuacct'].flatMap((controller) => {
    const line = lines.find((l) => l.split(':')[1]?.split(',').includes(controller));
    const path = line?.slice(line.indexOf(':', line.indexOf(':') + 1) + 1) ?? null;
    const dir = path === null ? null : `/sys/fs/cgroup/${controller}${path === '/' ? '' : path}`;
    return dir && existsSync(dir) ? [dir] : [];
  });
  if (v1.length > 0) return v1;
  const own = v2 ? `/sys/fs/cgroup${v2.slice(3) === '/' ? '' : v2.slice(3)}` : null;
  return [cgroupRoot() ?? own].filter((d): d is string => !!d && existsSync(d));
}

const groupsOf = (sup: number) =>
  cgroupBases()
    .map((base) => join(base, `verdict-${sup}`))
    .filter((dir) => existsSync(dir));

describe('leftovers of a judge killed outright', () => {
  let root: string;
  let script: string;
  let problem: Problem;
  const holders: Holder[] = [];

  beforeAll(async () => {
    requireSandbox();
    if (cgroupBases().length === 0) throw new Error('no cgroup hierarchy found for the judge’s boxes');
    root = mkdtempSync(join(tmpdir(), 'verdict-leftovers-'));
    await chmod(root, 0o700);
    script = join(root, '..', `${root.split('/').pop()}-holder.mjs`);
    writeFileSync(script, HOLDER);
    problem = await makeProblem([['1 2\n', '3\n']]);
  });

  afterAll(async () => {
    for (const h of holders) {
      // the node process alone: its supervisor hears it die, ends its box and removes its groups
      if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGKILL');
      await until('the holder’s supervisor to end', () => !alive(h.sup)).catch(() => {});
    }
    await problem?.cleanup();
    rmSync(script, { force: true });
    rmSync(root, { recursive: true, force: true });
  });

  it('what stays behind: the box directory and empty cgroups, no process', async () => {
    const killed = await startHolder(script, root);
    holders.push(killed);
    expect(processesOfUid(killed.uid).length).toBeGreaterThan(0);
    expect(groupsOf(killed.sup).length).toBeGreaterThan(0);
    // the whole process group at once: the judge and its supervisor get no chance to clean up
    process.kill(-(killed.child.pid as number), 'SIGKILL');
    await until('the killed supervisor to be gone', () => !alive(killed.sup));
    await until('the box’s processes to be gone', () => processesOfUid(killed.uid).length === 0);
    expect(existsSync(killed.dir)).toBe(true);
    expect(groupsOf(killed.sup).length).toBeGreaterThan(0);
    for (const dir of groupsOf(killed.sup)) expect(readFileSync(join(dir, 'cgroup.procs'), 'utf8')).toBe('');
  });

  it('the next judge removes them at its start, and leaves every live box alone', async () => {
    const [killed] = holders;
    if (!killed) throw new Error('the first test did not run');
    // a judge on this machine still judging: its slot is held, its box and groups are in use
    const live = await startHolder(script, root);
    holders.push(live);
    // older leftovers of slots no judge will take soon: this host's, one made before the host
    // tag, and one another host made in a shared root (its slots are not this machine's to check)
    const made = (name: string, uid: number) => {
      mkdirSync(join(root, name, 'box'), { recursive: true });
      mkdirSync(join(root, name, 'io'));
      writeFileSync(join(root, name, 'box', 'a.out'), 'left behind');
      return chown(join(root, name, 'box', 'a.out'), uid, uid);
    };
    const other = HOST_TAG === 'ffffffff' ? 'fffffffe' : 'ffffffff';
    await made(`500@${HOST_TAG}-stale-0000aaaa`, BOX_UID_BASE + 500);
    await made('501-legacy-0000bbbb', BOX_UID_BASE + 501);
    await made(`502@${other}-elsewhere-0000cccc`, BOX_UID_BASE + 502);

    // a judge starts in this root and judges A+B: its first box sweeps the root, its first
    // supervisor the dead supervisors' groups
    const judged = await submit(
      'C',
      '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}\n',
      problem.cases,
      {},
      { boxRoot: root },
    );
    expect(judged.result.status).toBe(JudgeStatus.ACCEPTED);

    expect(existsSync(killed.dir)).toBe(false);
    expect(existsSync(join(root, `500@${HOST_TAG}-stale-0000aaaa`))).toBe(false);
    expect(existsSync(join(root, '501-legacy-0000bbbb'))).toBe(false);
    expect(groupsOf(killed.sup)).toEqual([]);
    // the live judge's box, program and groups, and the other host's directory, are untouched
    expect(existsSync(live.dir)).toBe(true);
    expect(existsSync(join(live.dir, 'box'))).toBe(true);
    expect(processesOfUid(live.uid).length).toBeGreaterThan(0);
    expect(groupsOf(live.sup).length).toBeGreaterThan(0);
    expect(existsSync(join(root, `502@${other}-elsewhere-0000cccc`))).toBe(true);

    // asked again while the live judge runs: still nothing of it is taken
    expect(await removeLeftoverBoxes(root)).toEqual([]);
    expect(existsSync(live.dir)).toBe(true);
  });
});
