/**
 * The supervisor's cgroup v2 backend, run against a fake cgroup directory (plain files): this
 * machine has no v2 controllers, so this is its coverage. `judge-sup --cgroup-selftest` drives
 * the same functions the persistent box uses (setup, per-run baseline and deltas, cleanup) from
 * commands on stdin; the test plays the kernel by writing the counters between commands.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supervisorPath } from '../../judge/sandbox/paths';

class Selftest {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private readonly waiting: Array<(line: string) => void> = [];

  constructor() {
    this.child = spawn(supervisorPath(), ['--cgroup-selftest']);
    this.child.stdout.setEncoding('utf8').on('data', (d: string) => {
      this.buffer += d;
      for (let nl = this.buffer.indexOf('\n'); nl >= 0; nl = this.buffer.indexOf('\n')) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        this.waiting.shift()?.(line);
      }
    });
  }

  send(command: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      this.waiting.push((line) => resolve(JSON.parse(line)));
      this.child.stdin.write(`${command}\n`);
    });
  }

  end(): Promise<number | null> {
    return new Promise((resolve) => {
      this.child.on('close', resolve);
      this.child.stdin.end();
    });
  }
}

const NAME = 'verdict-selftest';
let root: string;
let group: string;
const file = (name: string) => join(group, name);
const read = (name: string) => readFileSync(file(name), 'utf8');

/** A base group and the files a kernel would show in the new group (regular files here). */
function fakeGroup(peakAsDirectory = false): void {
  writeFileSync(join(root, 'cgroup.controllers'), 'cpuset cpu io memory hugetlb pids rdma misc\n');
  writeFileSync(join(root, 'cgroup.subtree_control'), '');
  rmSync(group, { recursive: true, force: true });
  mkdirSync(group);
  for (const name of ['memory.max', 'memory.swap.max', 'pids.max', 'cgroup.procs', 'cgroup.kill']) {
    writeFileSync(file(name), '');
  }
  // older kernels: memory.peak cannot be opened for writing (a directory stands in for that,
  // since root ignores file modes)
  if (peakAsDirectory) mkdirSync(file('memory.peak'));
  else writeFileSync(file('memory.peak'), '1048576\n');
  writeFileSync(file('memory.events'), 'low 0\nhigh 0\nmax 12\noom 3\noom_kill 2\noom_group_kill 0\n');
  writeFileSync(
    file('cpu.stat'),
    'usage_usec 5000\nuser_usec 3000\nsystem_usec 2000\nnr_periods 0\nnr_throttled 0\nthrottled_usec 0\n',
  );
  writeFileSync(file('pids.events'), 'max 1\n');
}

beforeAll(() => {
  if (!existsSync(supervisorPath())) {
    throw new Error(`judge supervisor not built at ${supervisorPath()}: run bash judge/sandbox/build.sh`);
  }
  root = mkdtempSync(join(tmpdir(), 'verdict-cgv2-'));
  group = join(root, NAME);
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('cgroup v2 backend (fake cgroup directory)', () => {
  it('writes the limits, takes per-run deltas, and cleans up', async () => {
    fakeGroup();
    const t = new Selftest();
    const setup = await t.send(`setup ${root} ${NAME} 268435456 64`);
    expect(setup).toMatchObject({ ok: true, group, peakResettable: true });
    expect(readFileSync(join(root, 'cgroup.subtree_control'), 'utf8')).toBe('+memory +pids');
    expect(read('memory.max')).toBe('268435456');
    expect(read('memory.swap.max')).toBe('0');
    expect(read('pids.max')).toBe('64');

    // run 1: baseline from the cumulative counters, peak reset through the held fd
    const begin = await t.send('begin');
    expect(begin).toMatchObject({ ok: true, cpuUs: 5000, oomKills: 2, pidsMax: 1, peakResettable: true });
    expect(read('memory.peak').startsWith('reset')).toBe(true);
    // the "kernel" accounts the run
    writeFileSync(file('memory.peak'), '123456789\n');
    writeFileSync(file('memory.events'), 'low 0\nhigh 0\nmax 20\noom 4\noom_kill 3\noom_group_kill 0\n');
    writeFileSync(file('cpu.stat'), 'usage_usec 25500\nuser_usec 20000\nsystem_usec 5500\n');
    writeFileSync(file('pids.events'), 'max 4\n');
    const end = await t.send('end');
    expect(end).toMatchObject({
      ok: true,
      cpuUs: 20500,
      cpuMs: 20,
      peakBytes: 123456789,
      oomKills: 1,
      pidsMax: 3,
    });

    // run 2: nothing happened, so nothing is reported (the cumulative oom_kill stays 3)
    await t.send('begin');
    writeFileSync(file('memory.peak'), '4096\n');
    const quiet = await t.send('end');
    expect(quiet).toMatchObject({ cpuUs: 0, cpuMs: 0, peakBytes: 4096, oomKills: 0, pidsMax: 0 });

    // a counter that went backwards (never happens on a kernel) is not a negative usage
    await t.send('begin');
    writeFileSync(file('cpu.stat'), 'usage_usec 100\n');
    expect(await t.send('end')).toMatchObject({ cpuUs: 0 });

    // cleanup: cgroup.kill written, the group removed (a hard link keeps the kill file readable)
    linkSync(file('cgroup.kill'), join(root, 'kill-seen'));
    expect(await t.send('destroy')).toMatchObject({ ok: true });
    expect(readFileSync(join(root, 'kill-seen'), 'utf8')).toBe('1');
    expect(existsSync(group)).toBe(false);
    expect(await t.end()).toBe(0);
  });

  it('refuses a base group without the memory and pids controllers', async () => {
    writeFileSync(join(root, 'cgroup.controllers'), 'cpu io\n');
    const t = new Selftest();
    const setup = await t.send(`setup ${root} ${NAME}-2 268435456 64`);
    expect(setup.ok).toBe(false);
    expect(existsSync(join(root, `${NAME}-2`))).toBe(false);
    expect(await t.end()).toBe(0);
  });

  it('keeps working where memory.peak cannot be reset (kernel < 6.12): no peak, counters still deltas', async () => {
    fakeGroup(true);
    const t = new Selftest();
    const setup = await t.send(`setup ${root} ${NAME} 1048576 8`);
    expect(setup).toMatchObject({ ok: true, peakResettable: false });
    expect(await t.send('begin')).toMatchObject({ ok: true, peakResettable: false, cpuUs: 5000 });
    writeFileSync(file('cpu.stat'), 'usage_usec 9000\n');
    expect(await t.send('end')).toMatchObject({ ok: true, cpuUs: 4000, peakBytes: -1 });
    rmSync(file('memory.peak'), { recursive: true });
    expect(await t.send('destroy')).toMatchObject({ ok: true });
    expect(existsSync(group)).toBe(false);
    expect(await t.end()).toBe(0);
  });
});
