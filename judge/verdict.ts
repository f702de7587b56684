/**
 * Per-case verdict from the sandbox's accounting, in HOJ's order (docs/judge.md, Limits and verdicts).
 * Pure: the output comparison is the caller's, asked for only when the program ran cleanly within its
 * limits.
 */
import { constants } from 'node:os';
import { JudgeStatus } from '../shared/constants/judge-status';
import type { SandboxResult } from './sandbox/driver';

export interface CaseLimits {
  /** time limit after the language factor, ms (the verdict's limit; the sandbox adds a grace) */
  timeMs: number;
  /** memory limit after the language factor, KB */
  memoryKB: number;
  /** stdout cap, bytes */
  outputBytes: number;
}

export type RunVerdict =
  | { kind: 'compare'; time: number; memory: number }
  | { kind: 'final'; status: number; message: string | null; time: number; memory: number };

const SIGNAL_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(constants.signals).map(([name, num]) => [num, name]),
);

export function signalName(signal: number): string {
  return SIGNAL_NAMES[signal] ?? `SIG${signal}`;
}

export function describeExit(run: Pick<SandboxResult, 'exitCode' | 'signal'>): string {
  if (run.signal !== null) return `signal ${run.signal} (${signalName(run.signal)})`;
  return `exit code ${run.exitCode}`;
}

/** CPU time shown for the case: the program's own rusage, or the box's counter when the
 *  supervisor had to stop it (it may have spun in children nobody waited for). */
export function caseTime(run: SandboxResult): number {
  return run.tle === 'cpu' ? Math.max(run.timeMs, run.cpuMs) : run.timeMs;
}

export function decideRun(run: SandboxResult, limits: CaseLimits, stdoutSize: number): RunVerdict {
  const time = caseTime(run);
  const memory = run.memoryKB;
  const final = (status: number, message: string | null): RunVerdict => ({
    kind: 'final',
    status,
    message,
    time,
    memory,
  });
  if (run.error) return final(JudgeStatus.SYSTEM_ERROR, `judge sandbox failure: ${run.error}`);
  if (run.tle === 'wall') return final(JudgeStatus.TIME_LIMIT_EXCEEDED, 'wall-clock time limit exceeded');
  if (run.tle === 'cpu' || run.signal === constants.signals.SIGXCPU || time > limits.timeMs) {
    return final(JudgeStatus.TIME_LIMIT_EXCEEDED, null);
  }
  if (run.oomKilled || memory > limits.memoryKB) return final(JudgeStatus.MEMORY_LIMIT_EXCEEDED, null);
  if (run.outputLimit || stdoutSize >= limits.outputBytes) {
    return final(JudgeStatus.RUNTIME_ERROR, `output limit exceeded (more than ${limits.outputBytes} bytes)`);
  }
  if (run.signal !== null || run.exitCode !== 0) return final(JudgeStatus.RUNTIME_ERROR, describeExit(run));
  return { kind: 'compare', time, memory };
}
