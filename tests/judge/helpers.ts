/**
 * Shared helpers of the judge tests: problems on disk, submissions, direct sandbox runs, and the
 * host-side checks (processes of a box uid, leaked cgroups, confinement prerequisites).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileInBox } from '../../judge/compile';
import { type JudgeOptions, judgeSubmission } from '../../judge/judge-submission';
import { findLanguage, type LanguageSpec } from '../../judge/languages';
import { type Box, createBox, destroyBox } from '../../judge/sandbox/boxes';
import { runInSandbox, type SandboxResult, type SandboxRunOptions } from '../../judge/sandbox/driver';
import { bwrapPath, sandboxProblem, supervisorPath } from '../../judge/sandbox/paths';
import { type BoxOptions, type BoxRunOptions, PersistentSandbox } from '../../judge/sandbox/persistent';
import type { JudgeResult, JudgeTask, ProblemProgram, TestCaseSpec } from '../../judge/types';

/** Fails (never skips) with a message saying what is missing. */
export function requireSandbox(): void {
  if (!existsSync(bwrapPath()))
    throw new Error(`bubblewrap missing at ${bwrapPath()}: apt-get install bubblewrap`);
  if (!existsSync(supervisorPath())) {
    throw new Error(`judge supervisor not built at ${supervisorPath()}: run bash judge/sandbox/build.sh`);
  }
  const problem = sandboxProblem();
  if (problem) throw new Error(`judge sandbox unusable: ${problem}`);
}

export async function requireLanguage(name: string): Promise<LanguageSpec> {
  const spec = await findLanguage(name);
  if (!spec) throw new Error(`language ${name} not detected on this machine`);
  return spec;
}

export interface Problem {
  dir: string;
  cases: TestCaseSpec[];
  cleanup(): Promise<void>;
}

/** Test data in a root-only directory, as the server keeps it. */
export async function makeProblem(pairs: Array<[string, string]>, scores?: number[]): Promise<Problem> {
  const dir = await mkdtemp(join(tmpdir(), 'verdict-judge-test-'));
  await chmod(dir, 0o700);
  const cases: TestCaseSpec[] = [];
  for (const [i, [input, output]] of pairs.entries()) {
    const inputPath = join(dir, `${i + 1}.in`);
    const outputPath = join(dir, `${i + 1}.out`);
    await writeFile(inputPath, input);
    await writeFile(outputPath, output);
    cases.push({
      seq: i + 1,
      caseId: 100 + i,
      inputPath,
      outputPath,
      score: scores?.[i] ?? 10,
      groupNum: null,
    });
  }
  return { dir, cases, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

let nextSubmitId = 1;

export interface Submitted {
  result: JudgeResult;
  uid: number | null;
  boxDir: string | null;
  elapsedMs: number;
}

export async function submit(
  language: string,
  code: string,
  cases: TestCaseSpec[],
  overrides: Partial<JudgeTask> = {},
  options: JudgeOptions = {},
): Promise<Submitted> {
  let uid: number | null = null;
  let boxDir: string | null = null;
  const started = Date.now();
  const result = await judgeSubmission(
    {
      submitId: nextSubmitId++,
      language,
      code,
      timeLimit: 1000,
      memoryLimit: 256,
      problemType: 0,
      ioScore: 100,
      difficulty: 1,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      isRemoveEndBlank: true,
      cases,
      ...overrides,
    },
    {},
    {
      ...options,
      onBox: (box) => {
        uid = box.uid;
        boxDir = box.dir;
        options.onBox?.(box);
      },
    },
  );
  return { result, uid, boxDir, elapsedMs: Date.now() - started };
}

export interface DirectRun {
  box: Box;
  run: SandboxResult;
  stdout: string;
}

/**
 * Compiles `code` and runs it once through the driver (below the verdict logic), so a test can
 * read what the program printed. The box is destroyed unless keepBox is set.
 */
export async function compileAndRun(
  language: string,
  code: string,
  options: Partial<SandboxRunOptions> & { args?: string[]; keepBox?: boolean } = {},
): Promise<DirectRun> {
  const spec = await requireLanguage(language);
  const box = await createBox('test');
  try {
    await writeFile(join(box.boxDir, spec.sourceFile), code);
    const compiled = await compileInBox(spec, box);
    if (!compiled.ok) throw new Error(`probe did not compile: ${compiled.message}`);
    const stdoutPath = join(box.ioDir, 'probe.out');
    const run = await runInSandbox({
      argv: [...spec.run, ...(options.args ?? [])],
      boxDir: box.boxDir,
      uid: box.uid,
      stdoutPath,
      cpuMs: 5000,
      wallMs: 15000,
      memoryKB: 256 * 1024,
      pids: 32,
      outputBytes: 16 << 20,
      stackKB: 64 * 1024,
      binds: spec.binds,
      dirs: spec.dirs,
      ...options,
    });
    const stdout = existsSync(stdoutPath) ? readFileSync(stdoutPath, 'utf8') : '';
    return { box, run, stdout };
  } finally {
    if (!options.keepBox) await destroyBox(box);
  }
}

export interface BoxRuns {
  box: Box;
  sandbox: PersistentSandbox;
  runs: SandboxResult[];
  stdouts: string[];
}

/**
 * Compiles `code` and runs it `args.length` times in ONE persistent box (as a submission's
 * cases run), once per argument list. The box is destroyed unless keepBox is set.
 */
export async function compileAndRunInBox(
  language: string,
  code: string,
  args: string[][],
  options: { box?: Partial<BoxOptions>; run?: Partial<BoxRunOptions>; keepBox?: boolean } = {},
): Promise<BoxRuns> {
  const spec = await requireLanguage(language);
  const box = await createBox('test');
  const sandbox = new PersistentSandbox({
    boxDir: box.boxDir,
    uid: box.uid,
    memoryKB: 256 * 1024,
    pids: 32,
    binds: spec.binds,
    dirs: spec.dirs,
    ...options.box,
  });
  try {
    await writeFile(join(box.boxDir, spec.sourceFile), code);
    const compiled = await compileInBox(spec, box);
    if (!compiled.ok) throw new Error(`probe did not compile: ${compiled.message}`);
    const runs: SandboxResult[] = [];
    const stdouts: string[] = [];
    for (const [i, extra] of args.entries()) {
      const stdoutPath = join(box.ioDir, `probe-${i}.out`);
      runs.push(
        await sandbox.run({
          argv: [...spec.run, ...extra],
          stdoutPath,
          cpuMs: 5000,
          wallMs: 15000,
          outputBytes: 16 << 20,
          stackKB: 64 * 1024,
          ...options.run,
        }),
      );
      stdouts.push(existsSync(stdoutPath) ? readFileSync(stdoutPath, 'utf8') : '');
    }
    return { box, sandbox, runs, stdouts };
  } finally {
    await sandbox.close();
    if (!options.keepBox) await destroyBox(box);
  }
}

/** key=value lines printed by the probes. */
export function parseProbe(stdout: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

/** Host pids whose real uid is `uid`. */
export function processesOfUid(uid: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const m = /^Uid:\s+(\d+)/m.exec(status);
      if (m && Number(m[1]) === uid) pids.push(Number(name));
    } catch {
      // the process exited while we looked
    }
  }
  return pids;
}

function ownMemoryCgroup(): string | null {
  const line = readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find((l) => /^\d+:([^:]*,)?memory(,[^:]*)?:/.test(l));
  if (!line) return null;
  const dir = `/sys/fs/cgroup/memory${line.slice(line.lastIndexOf(':') + 1)}`.replace(/\/$/, '');
  return existsSync(dir) ? dir : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Judge cgroups under this process's memory group whose supervisor is gone (a leak). */
export function leakedCgroups(): string[] {
  const base = ownMemoryCgroup();
  if (!base) return [];
  return readdirSync(base).filter((name) => {
    const m = /^verdict-(\d+)$/.exec(name);
    return m !== null && !alive(Number(m[1]));
  });
}

export function usesCgroupV1(): boolean {
  return ownMemoryCgroup() !== null;
}

const PROBE_CONFINEMENT = `
#include <stdio.h>
#include <unistd.h>
int main(void) { printf("pid=%d\\nuid=%d\\n", (int)getpid(), (int)getuid()); return 0; }
`;

const PROBE_HOG = `
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  size_t n = 96u << 20;
  volatile char *p = malloc(n);
  if (!p) return 3;
  long sum = 0;
  for (size_t i = 0; i < n; i += 4096) p[i] = 1;
  for (size_t i = 0; i < n; i += 4096) sum += p[i];
  printf("%ld\\n", sum);
  return 0;
}
`;

/** Spawns children that each live one second: with pids.max 8 some forks must fail. */
const PROBE_PIDS = `
#include <stdio.h>
#include <unistd.h>
#include <sys/wait.h>
int main(void) {
  int failed = 0;
  for (int i = 0; i < 20; i++) { pid_t p = fork(); if (p == 0) { sleep(1); _exit(0); } if (p < 0) failed++; }
  while (wait(NULL) > 0) {}
  printf("failed=%d\\n", failed);
  return 0;
}
`;

/**
 * Re-checks what hostile programs rely on before any is run: a private pid namespace, the uid
 * drop, and working cgroup memory and pids limits. Throws (so the file's tests never run) if
 * any is missing.
 */
export async function assertConfined(): Promise<void> {
  requireSandbox();
  const probe = await compileAndRun('C', PROBE_CONFINEMENT);
  const seen = parseProbe(probe.stdout);
  if (probe.run.error) throw new Error(`refusing to run hostile code: sandbox error ${probe.run.error}`);
  if (Number(seen.pid) > 10)
    throw new Error(`refusing to run hostile code: no pid namespace (pid ${seen.pid})`);
  if (Number(seen.uid) !== probe.box.uid) {
    throw new Error(`refusing to run hostile code: uid ${seen.uid} instead of box uid ${probe.box.uid}`);
  }
  if (probe.run.cgroup === 'none') throw new Error('refusing to run hostile code: no cgroups');
  const hog = await compileAndRun('C', PROBE_HOG, { memoryKB: 48 * 1024 });
  if (!hog.run.oomKilled)
    throw new Error('refusing to run hostile code: the cgroup memory limit is not enforced');
  const pids = await compileAndRun('C', PROBE_PIDS, { pids: 8 });
  if (!(Number(parseProbe(pids.stdout).failed) > 0) || !pids.run.pidsLimitHit) {
    throw new Error('refusing to run hostile code: the cgroup pids limit is not enforced');
  }
  // judged cases run in a persistent box: the same proofs there, on the second run of a box
  const boxed = await compileAndRunInBox('C', PROBE_CONFINEMENT, [[], []]);
  for (const [i, run] of boxed.runs.entries()) {
    const s = parseProbe(boxed.stdouts[i]);
    if (run.error) throw new Error(`refusing to run hostile code: persistent box error ${run.error}`);
    if (Number(s.pid) > 10) throw new Error(`refusing to run hostile code: box pid ${s.pid}`);
    if (Number(s.uid) !== boxed.box.uid) throw new Error(`refusing to run hostile code: box uid ${s.uid}`);
    if (run.cgroup === 'none') throw new Error('refusing to run hostile code: the box has no cgroups');
  }
  const boxHog = await compileAndRunInBox('C', PROBE_HOG, [[], []], { box: { memoryKB: 48 * 1024 } });
  if (!boxHog.runs.every((r) => r.oomKilled)) {
    throw new Error('refusing to run hostile code: the box memory limit is not enforced on every run');
  }
  const boxPids = await compileAndRunInBox('C', PROBE_PIDS, [[], []], { box: { pids: 8 } });
  if (!boxPids.runs.every((r, i) => r.pidsLimitHit && Number(parseProbe(boxPids.stdouts[i]).failed) > 0)) {
    throw new Error('refusing to run hostile code: the box pids limit is not enforced on every run');
  }
}

/** A small C/C++ header for hand-written checkers (tests/fixtures/judge/minicheck.h). */
export const MINICHECK_H = readFileSync(new URL('../fixtures/judge/minicheck.h', import.meta.url), 'utf8');

let nextProgramKey = 0;

/** A problem program with a key unique to this test process (the cache is keyed by it). */
export function problemProgram(
  protocol: ProblemProgram['protocol'],
  code: string,
  language = 'C',
  extraFiles: Record<string, string> = { 'minicheck.h': MINICHECK_H },
): ProblemProgram {
  return {
    protocol,
    language,
    code,
    extraFiles,
    key: `test-${process.pid}-${Date.now()}-${nextProgramKey++}`,
  };
}

/** Direct children of a host process. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Host pid of a persistent box's pid 1 (supervisor → bwrap → inner supervisor). */
export function boxInitPid(supervisorPid: number): number | undefined {
  for (const bwrap of childrenOf(supervisorPid)) {
    const [inner] = childrenOf(bwrap);
    if (inner) return inner;
  }
  return undefined;
}
