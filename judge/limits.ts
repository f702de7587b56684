/**
 * Limits of the sandboxed steps, in one place. Run limits follow HOJ (docs/judge.md, Limits and verdicts):
 * the language factor first, then a CPU grace and a wall limit of three times the CPU limit for the
 * sandbox, while the verdict uses the factored limit itself.
 */
import type { LanguageSpec } from './languages';
import type { JudgeTask } from './types';

const MiB = 1024 * 1024;

export const COMPILE_LIMITS = {
  cpuMs: 10_000,
  wallMs: 20_000,
  /** bits/stdc++.h alone needs ~200 MB, javac -J-Xmx512m more; includes the 128 MiB /tmp */
  memoryMB: 1024,
  tmpMB: 128,
  pids: 64,
  outputBytes: 64 * MiB,
  stackMB: 256,
  /** compiler output kept for the user */
  messageBytes: 64 * 1024,
} as const;

export const RUN_LIMITS = {
  /** CPU grace before the sandbox stops a run (HOJ: TL + 200 ms) */
  cpuGraceMs: 200,
  wallFactor: 3,
  /** namespace and mount set-up of the sandbox happens inside the wall clock */
  wallStartupMs: 500,
  /** cgroup head-room above the memory limit: the in-box /tmp, supervisors, page cache */
  cgroupSlackMB: 64,
  tmpMB: 16,
  /** stdout cap: max(2 x expected output, 32 MB) */
  minOutputBytes: 32 * MiB,
  /** -Xss and the like: per-thread stacks larger than this only waste address space */
  maxRuntimeStackMB: 256,
} as const;

/** Checkers (per case, after the contestant's run): generous, their own, never the problem's. */
export const CHECKER_LIMITS = {
  cpuMs: 10_000,
  wallMs: 20_000,
  memoryMB: 1024,
  tmpMB: 64,
  pids: 64,
  /** files it writes (Kattis feedback) */
  outputBytes: 64 * MiB,
  stackMB: 256,
  /** its stdout/stderr kept for decoding */
  textBytes: 64 * 1024,
} as const;

/** Interactors get twice the contestant's limits (Hydro), and at least this much memory. */
export const INTERACTOR_FACTOR = 2;
export const INTERACTOR_MIN_MEMORY_MB = 256;

/** File-IO problems and test runs: the program's stderr kept (test runs show it). */
export const STDERR_CAP_BYTES = 64 * 1024;

export interface RunLimits {
  /** verdict limits (after the language factor) */
  timeMs: number;
  memoryMB: number;
  /** sandbox limits */
  cpuMs: number;
  wallMs: number;
  cgroupMemoryKB: number;
  stackMB: number;
  pids: number;
  addressSpaceKB: number;
}

export function runLimits(
  task: Pick<JudgeTask, 'timeLimit' | 'memoryLimit' | 'stackLimit'>,
  spec: LanguageSpec,
): RunLimits {
  const timeMs = Math.max(1, task.timeLimit) * spec.timeFactor;
  const memoryMB = Math.max(1, task.memoryLimit) * spec.memoryFactor;
  const cpuMs = timeMs + RUN_LIMITS.cpuGraceMs;
  return {
    timeMs,
    memoryMB,
    cpuMs,
    wallMs: RUN_LIMITS.wallFactor * cpuMs + RUN_LIMITS.wallStartupMs,
    cgroupMemoryKB: (memoryMB + spec.extraMemoryMB + RUN_LIMITS.cgroupSlackMB) * 1024,
    stackMB: task.stackLimit && task.stackLimit > 0 ? task.stackLimit : memoryMB,
    pids: spec.runPids,
    addressSpaceKB: spec.addressSpaceLimit ? (memoryMB + 16) * 1024 : 0,
  };
}

export function outputCap(expectedBytes: number): number {
  return Math.max(2 * expectedBytes, RUN_LIMITS.minOutputBytes);
}

/**
 * Size bounds of the judge's caches on disk, least recently used out first (judge/disk-bound.ts):
 * compiled checkers and interactors, and a remote judge's copy of test data (`--cache-mb`).
 */
export const CACHE_BOUNDS = {
  programsMB: 1024,
  testDataMB: 10 * 1024,
} as const;
