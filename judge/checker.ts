/**
 * Runs a special judge checker for one case, in its own sandbox (the program box's uid, the
 * cached program at /w read-only, the case files under /judge) after the contestant's program
 * exited normally, and decodes its verdict by protocol (checker-protocols.ts).
 *
 *   testlib, hoj: checker /judge/input /judge/user_output /judge/answer
 *   kattis:       validator /judge/input /judge/answer /judge/feedback/ [flags] < user output
 */
import { chmod, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeStatus } from '../shared/constants/judge-status';
import {
  IN_BOX,
  JUDGE_DIR,
  type JudgeDirSession,
  judgeDirSession,
  readKattisFeedback,
  readProgramFile,
  stageJudgeFiles,
} from './checker-files';
import {
  type CheckerExit,
  type CheckerVerdict,
  decodeHoj,
  decodeKattis,
  decodeTestlib,
} from './checker-protocols';
import { expandCommand } from './languages';
import { CHECKER_LIMITS } from './limits';
import type { CompiledProgram } from './programs';
import type { Box } from './sandbox/boxes';
import { runInSandbox, type SandboxResult, type SandboxRunOptions } from './sandbox/driver';
import { PersistentSandbox } from './sandbox/persistent';
import type { CheckerProtocol } from './types';

export interface CheckerContext {
  compiled: CompiledProgram;
  /** the submission's box for problem programs (its uid runs them) */
  box: Box;
  /** OI problem: Kattis scores make partial results */
  oi: boolean;
  /** Kattis: the problem's validator flags, passed after the feedback directory */
  extraArgs: string[];
  /** the persistent box checker runs go to (openCheckerBox); absent: one sandbox per run */
  persistent?: CheckerBox;
}

/** A checker's persistent box: /judge bound once, its files replaced before each run. */
export interface CheckerBox {
  sandbox: PersistentSandbox;
  files: JudgeDirSession;
}

/** Opens (lazily: the box starts at the first run) the persistent box of a checker. */
export async function openCheckerBox(ctx: CheckerContext): Promise<CheckerBox> {
  const files = await judgeDirSession(ctx.box);
  const o = programRunOptions(ctx.compiled, ctx.box, [], CHECKER_LIMITS);
  const sandbox = new PersistentSandbox({
    boxDir: o.boxDir,
    uid: o.uid,
    memoryKB: o.memoryKB,
    pids: o.pids,
    tmpKB: o.tmpKB,
    env: o.env,
    binds: o.binds,
    dirs: o.dirs,
    mounts: files.mounts,
  });
  return { sandbox, files };
}

export interface CheckerCase {
  seq: number;
  inputPath: string;
  answerPath: string;
  userOutputPath: string;
  caseScore: number;
}

/** Sandbox options shared by checkers and interactors (limits given by the caller). */
export function programRunOptions(
  compiled: CompiledProgram,
  box: Box,
  argv: string[],
  limits: { cpuMs: number; wallMs: number; memoryMB: number },
): Omit<SandboxRunOptions, 'stdinPath' | 'stdoutPath' | 'stderrPath'> {
  const { spec } = compiled;
  const stackMB = Math.min(CHECKER_LIMITS.stackMB, limits.memoryMB);
  return {
    argv: [...expandCommand(spec.run, { memoryMB: limits.memoryMB, stackMB }), ...argv],
    boxDir: compiled.dir,
    uid: box.uid,
    cpuMs: limits.cpuMs,
    wallMs: limits.wallMs,
    memoryKB: (limits.memoryMB + spec.extraMemoryMB + 64) * 1024,
    tmpKB: CHECKER_LIMITS.tmpMB * 1024,
    pids: Math.max(spec.runPids, CHECKER_LIMITS.pids),
    outputBytes: CHECKER_LIMITS.outputBytes,
    stackKB: stackMB * 1024,
    addressSpaceKB: spec.addressSpaceLimit ? (limits.memoryMB + 16) * 1024 : 0,
    env: spec.env,
    binds: spec.binds,
    dirs: [...spec.dirs, JUDGE_DIR],
  };
}

/** The program's own failure to run (sandbox, limits) as a System Error, or null. */
export function programFailure(what: string, r: SandboxResult): CheckerVerdict | null {
  const se = (message: string): CheckerVerdict => ({
    status: JudgeStatus.SYSTEM_ERROR,
    percentage: null,
    message,
  });
  if (r.error) return se(`${what} sandbox failure: ${r.error}`);
  if (r.tle) return se(`${what} exceeded its time limit (${r.tle === 'wall' ? 'wall clock' : 'CPU'})`);
  if (r.oomKilled) return se(`${what} exceeded its memory limit`);
  if (r.outputLimit) return se(`${what} exceeded its output file limit`);
  return null;
}

/** Decodes a finished checker or interactor run by protocol. */
export async function decodeProgram(
  protocol: CheckerProtocol,
  what: string,
  r: SandboxResult,
  texts: { stdoutPath: string | null; stderrPath: string; feedbackDir: string | null },
  scoring: { oi: boolean; caseScore: number },
): Promise<CheckerVerdict> {
  const failure = programFailure(what, r);
  if (failure) return failure;
  const stderr = (await readProgramFile(texts.stderrPath, CHECKER_LIMITS.textBytes)) ?? '';
  if (protocol === 'kattis') {
    return decodeKattis({ ...r, stderr }, await readKattisFeedback(texts.feedbackDir), scoring, what);
  }
  const stdout = texts.stdoutPath
    ? ((await readProgramFile(texts.stdoutPath, CHECKER_LIMITS.textBytes)) ?? '')
    : '';
  const exit: CheckerExit = { exitCode: r.exitCode, signal: r.signal, stdout, stderr };
  return protocol === 'hoj' ? decodeHoj(exit, what) : decodeTestlib(exit, what);
}

function checkerArgs(ctx: CheckerContext): string[] {
  return ctx.compiled.program.protocol === 'kattis'
    ? [IN_BOX.input, IN_BOX.answer, IN_BOX.feedback, ...ctx.extraArgs]
    : [IN_BOX.input, IN_BOX.userOutput, IN_BOX.answer];
}

/** One checker run in the persistent box (its files replaced, feedback emptied first). */
async function runCheckerInBox(
  ctx: CheckerContext,
  box: CheckerBox,
  c: CheckerCase,
): Promise<CheckerVerdict> {
  const protocol = ctx.compiled.program.protocol;
  const kattis = protocol === 'kattis';
  const tag = `check-${c.seq}`;
  const stdoutPath = join(ctx.box.ioDir, `${tag}.stdout`);
  const stderrPath = join(ctx.box.ioDir, `${tag}.stderr`);
  try {
    // the contestant's output is the judge's own file: readable by the checker uid from now on
    if (!kattis) await chmod(c.userOutputPath, 0o644);
    await box.files.stage({
      input: c.inputPath,
      answer: c.answerPath,
      userOutput: kattis ? null : c.userOutputPath,
    });
    const o = programRunOptions(ctx.compiled, ctx.box, checkerArgs(ctx), CHECKER_LIMITS);
    const r = await box.sandbox.run({
      argv: o.argv,
      stdinPath: kattis ? c.userOutputPath : null,
      stdoutPath,
      stderrPath,
      cpuMs: o.cpuMs,
      wallMs: o.wallMs,
      outputBytes: o.outputBytes,
      stackKB: o.stackKB,
      addressSpaceKB: o.addressSpaceKB,
    });
    return await decodeProgram(
      protocol,
      kattis ? 'output validator' : 'checker',
      r,
      { stdoutPath, stderrPath, feedbackDir: kattis ? box.files.feedbackDir : null },
      { oi: ctx.oi, caseScore: c.caseScore },
    );
  } finally {
    await Promise.all([rm(stdoutPath, { force: true }), rm(stderrPath, { force: true })]);
  }
}

export async function runChecker(ctx: CheckerContext, c: CheckerCase): Promise<CheckerVerdict> {
  if (ctx.persistent) return runCheckerInBox(ctx, ctx.persistent, c);
  const protocol = ctx.compiled.program.protocol;
  const kattis = protocol === 'kattis';
  const tag = `check-${c.seq}`;
  const staged = await stageJudgeFiles(ctx.box, tag, {
    inputPath: c.inputPath,
    answerPath: c.answerPath,
    userOutputPath: kattis ? undefined : c.userOutputPath,
    feedback: kattis,
  });
  const stdoutPath = join(ctx.box.ioDir, `${tag}.stdout`);
  const stderrPath = join(ctx.box.ioDir, `${tag}.stderr`);
  try {
    const r = await runInSandbox({
      ...programRunOptions(ctx.compiled, ctx.box, checkerArgs(ctx), CHECKER_LIMITS),
      stdinPath: kattis ? c.userOutputPath : null,
      stdoutPath,
      stderrPath,
      mounts: staged.mounts,
    });
    return await decodeProgram(
      protocol,
      kattis ? 'output validator' : 'checker',
      r,
      { stdoutPath, stderrPath, feedbackDir: staged.feedbackDir },
      { oi: ctx.oi, caseScore: c.caseScore },
    );
  } finally {
    await staged.cleanup();
    await Promise.all([rm(stdoutPath, { force: true }), rm(stderrPath, { force: true })]);
  }
}
