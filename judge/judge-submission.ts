/**
 * Judges one submission: box → compile → (checker or interactor ready) → cases in order → final
 * result. A program's misbehaviour is always a verdict; failures of the judge itself and problem
 * misconfigurations (missing or broken checker, bad file names or validator flags) become System
 * Error, and nothing here throws.
 */
import { JudgeStatus } from '../shared/constants/judge-status';
import type { CaseOutcome } from './case-outcome';
import { type CheckerContext, openCheckerBox } from './checker';
import { compileInBox } from './compile';
import { errorResult } from './error-results';
import { fileIOProblem, fileIOSession, prepareFileIOBox } from './file-io-mounts';
import { runInteractiveCase } from './interactive';
import { findLanguage, type LanguageSpec } from './languages';
import { RUN_LIMITS, type RunLimits, runLimits } from './limits';
import { checkerJudge, hojComparison, type OutputJudge, tokenComparison } from './output-judges';
import { prepareProgram } from './programs';
import { runCase } from './run-case';
import { type Box, createBox, destroyBox } from './sandbox/boxes';
import type { PairResult } from './sandbox/driver';
import { sandboxProblem } from './sandbox/paths';
import { PersistentSandbox } from './sandbox/persistent';
import { finalResult } from './scoring';
import { specForSource } from './source-spec';
import type { CaseResult, JudgeHooks, JudgeResult, JudgeTask, ProblemProgram, TestCaseSpec } from './types';
import { parseValidatorFlags, ValidatorFlagsError } from './validator-flags';
import { writeSources } from './write-sources';

export interface JudgeOptions {
  /** parent of the per-submission boxes (default: $DATA_DIR/judge-boxes or the OS temp dir) */
  boxRoot?: string;
  /** told which box (and uid) the submission runs in; for logs and tests */
  onBox?(box: Readonly<Box>): void;
  /** compiled checkers and interactors (default: <boxRoot>/../checker-cache) */
  programCacheDir?: string;
  /** a checker or interactor is ready: compiled now, or taken from the cache */
  onProgram?(event: ProgramEvent): void;
  /** interactive cases: both sides' sandbox accounting and which ended first */
  onInteraction?(seq: number, pair: PairResult): void;
  /** each persistent box of the submission: the checker's, the cases' (logs, tests: `started`) */
  onSandbox?(sandbox: PersistentSandbox): void;
}

export interface ProgramEvent {
  role: 'checker' | 'interactor';
  key: string;
  /** compiled for this submission (false: taken from the cache) */
  compiled: boolean;
  /** the uid it runs as (the submission's second box) */
  uid: number;
}

/** A problem misconfiguration found before anything runs (System Error). */
class SetupError extends Error {}

/** A verdict without cases: compile errors and judge failures. */
function cancelled(c: TestCaseSpec): CaseResult {
  return {
    seq: c.seq,
    caseId: c.caseId,
    status: JudgeStatus.CANCELLED,
    time: 0,
    memory: 0,
    score: 0,
    userOutput: 'cancelled: skipped',
    groupNum: c.groupNum,
  };
}

/** Case order: by seq; subtask_lowest runs group by group (first appearance) so a failed case
 *  can cancel the rest of its group. */
function schedule(task: JudgeTask): TestCaseSpec[][] {
  const bySeq = [...task.cases].sort((a, b) => a.seq - b.seq);
  if (task.judgeCaseMode !== 'subtask_lowest') return [bySeq];
  const groups = new Map<number, TestCaseSpec[]>();
  for (const c of bySeq) {
    const g = c.groupNum ?? 1;
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  return [...groups.values()];
}

type CaseRunner = (testCase: TestCaseSpec) => Promise<CaseOutcome>;

async function judgeCases(task: JudgeTask, hooks: JudgeHooks, run: CaseRunner): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const group of schedule(task)) {
    let skipRest = false;
    for (const testCase of group) {
      const outcome = skipRest ? { result: cancelled(testCase), percentage: null } : await run(testCase);
      const { result } = outcome;
      results.push(result);
      await hooks.onCase?.(result);
      if (result.status === JudgeStatus.ACCEPTED || result.status === JudgeStatus.CANCELLED) continue;
      if (result.status === JudgeStatus.SYSTEM_ERROR) return results;
      if (task.judgeCaseMode === 'ergodic_without_error') return results;
      // as HOJ: a partial result with a positive percentage does not cancel the rest of the group
      const partial = result.status === JudgeStatus.PARTIAL_ACCEPTED && (outcome.percentage ?? 0) > 0;
      if (task.judgeCaseMode === 'subtask_lowest' && !partial) skipRest = true;
    }
  }
  return results;
}

/** What is wrong with the task before anything runs, or null. */
function taskProblem(task: JudgeTask): string | null {
  if (task.judgeMode === 'spj' && !task.checker) return 'special judge or interactive program missing';
  if (task.judgeMode === 'interactive' && !task.interactor)
    return 'special judge or interactive program missing';
  if (task.judgeMode !== 'default' && task.judgeMode !== 'spj' && task.judgeMode !== 'interactive') {
    return `judge mode "${task.judgeMode}" is not supported by this judge`;
  }
  if (task.fileIO && task.judgeMode !== 'interactive') {
    const bad = fileIOProblem(task.fileIO);
    if (bad) return bad;
  }
  // '' is Kattis' default validator without flags; only null/absent means HOJ's comparison.
  if (task.judgeMode === 'default' && typeof task.validatorFlags === 'string') {
    try {
      parseValidatorFlags(task.validatorFlags);
    } catch (err) {
      return (err as Error).message;
    }
  }
  return null;
}

function splitFlags(flags: string | null | undefined): string[] {
  return (flags ?? '').split(/\s+/).filter(Boolean);
}

interface Prepared {
  spec: LanguageSpec;
  box: Box;
  limits: RunLimits;
}

class Submission {
  readonly boxes: Box[] = [];
  readonly sandboxes: PersistentSandbox[] = [];

  constructor(
    private readonly task: JudgeTask,
    private readonly options: JudgeOptions,
  ) {}

  async box(label: string): Promise<Box> {
    const box = await createBox(label, this.options.boxRoot);
    this.boxes.push(box);
    return box;
  }

  async program(role: ProgramEvent['role'], program: ProblemProgram, box: Box): Promise<CheckerContext> {
    const outcome = await prepareProgram(program, {
      boxRoot: this.options.boxRoot,
      cacheDir: this.options.programCacheDir,
    });
    if (!outcome.ok) {
      throw new SetupError(
        `the ${role === 'checker' ? 'special judge' : 'interactor'} cannot be used: ${outcome.message}`,
      );
    }
    this.options.onProgram?.({ role, key: program.key, compiled: outcome.fresh, uid: box.uid });
    const ctx: CheckerContext = {
      compiled: outcome.compiled,
      box,
      oi: this.task.problemType === 1,
      extraArgs: program.protocol === 'kattis' ? splitFlags(this.task.validatorFlags) : [],
    };
    if (role === 'checker') {
      // checkers run case after case: in a persistent box of their own (interactors: per case)
      ctx.persistent = await openCheckerBox(ctx);
      this.sandboxes.push(ctx.persistent.sandbox);
      this.options.onSandbox?.(ctx.persistent.sandbox);
    }
    return ctx;
  }

  /** How each case is run: plain, with a checker, or interactively. */
  async runner(p: Prepared): Promise<CaseRunner> {
    const { task } = this;
    if (task.judgeMode === 'interactive' && task.interactor) {
      const box = await this.box(`${task.submitId}-judge`);
      const interactor = await this.program('interactor', task.interactor, box);
      const checker =
        task.checker && task.interactor.protocol === 'testlib'
          ? await this.program('checker', task.checker, box)
          : null;
      const ctx = { ...p, interactor, checker, onPair: this.options.onInteraction };
      return (c) => runInteractiveCase(ctx, c);
    }
    let judgeOutput: OutputJudge;
    if (task.judgeMode === 'spj' && task.checker) {
      const box = await this.box(`${task.submitId}-judge`);
      judgeOutput = checkerJudge(await this.program('checker', task.checker, box));
    } else if (typeof task.validatorFlags === 'string') {
      judgeOutput = tokenComparison(parseValidatorFlags(task.validatorFlags));
    } else {
      judgeOutput = hojComparison(task.isRemoveEndBlank);
    }
    const fileIO = task.fileIO ? await fileIOSession(p.box, task.fileIO) : null;
    // One box for every case: started at the first case, clean at the start of each.
    const sandbox = new PersistentSandbox({
      boxDir: p.box.boxDir,
      uid: p.box.uid,
      memoryKB: p.limits.cgroupMemoryKB,
      pids: p.limits.pids,
      tmpKB: RUN_LIMITS.tmpMB * 1024,
      env: p.spec.env,
      binds: p.spec.binds,
      dirs: p.spec.dirs,
      mounts: fileIO?.mounts ?? [],
    });
    this.sandboxes.push(sandbox);
    this.options.onSandbox?.(sandbox);
    const ctx = { ...p, judgeOutput, sandbox, fileIO };
    return (c) => runCase(ctx, c);
  }

  async destroy(): Promise<void> {
    // the boxes' processes and cgroups end before their directories are removed
    for (const sandbox of this.sandboxes) {
      await sandbox.close().catch((err) => console.error('judge: cannot stop a sandbox box', err));
    }
    for (const box of this.boxes) {
      await destroyBox(box).catch((err) => console.error('judge: cannot remove box', err));
    }
  }
}

export async function judgeSubmission(
  task: JudgeTask,
  hooks: JudgeHooks = {},
  options: JudgeOptions = {},
): Promise<JudgeResult> {
  const submission = new Submission(task, options);
  try {
    const setup = taskProblem(task);
    if (setup) return errorResult(JudgeStatus.SYSTEM_ERROR, setup);
    const language = await findLanguage(task.language);
    if (!language)
      return errorResult(
        JudgeStatus.SYSTEM_ERROR,
        `language "${task.language}" is not available on this judge`,
      );
    if (task.cases.length === 0) return errorResult(JudgeStatus.SYSTEM_ERROR, 'the problem has no test data');
    const problem = sandboxProblem();
    if (problem) return errorResult(JudgeStatus.SYSTEM_ERROR, `judge sandbox unavailable: ${problem}`);
    // a Java source names its own class, so its file and run command follow it
    const source = specForSource(language, task.code);
    if (!source.ok) {
      await hooks.onCompiling?.();
      return errorResult(JudgeStatus.COMPILE_ERROR, source.message);
    }
    const spec = source.spec;

    const box = await submission.box(String(task.submitId));
    options.onBox?.(box);
    // Written by the judge before any program runs in the box, so no link can be in the way.
    try {
      await writeSources(box.boxDir, box.uid, spec.sourceFile, task.code, task.userExtraFiles);
    } catch (err) {
      throw new SetupError((err as Error).message);
    }

    await hooks.onCompiling?.();
    const compiled = await compileInBox(spec, box);
    if (!compiled.ok) return errorResult(compiled.status, compiled.message);
    if (task.fileIO && task.judgeMode !== 'interactive') {
      await prepareFileIOBox(box, task.fileIO).catch((err: Error) => {
        throw new SetupError(err.message);
      });
    }
    const limits = runLimits(task, spec);
    const run = await submission.runner({ spec, box, limits });

    await hooks.onJudging?.();
    const cases = await judgeCases(task, hooks, run);
    const result = finalResult(
      {
        problemType: task.problemType,
        ioScore: task.ioScore,
        difficulty: task.difficulty,
        judgeCaseMode: task.judgeCaseMode,
        timeLimitMs: limits.timeMs,
        memoryLimitKB: limits.memoryMB * 1024,
      },
      cases,
    );
    const failed = cases.find((c) => c.status === JudgeStatus.SYSTEM_ERROR);
    if (failed) {
      console.error(`judge: submission ${task.submitId} case ${failed.seq}: ${failed.userOutput}`);
      return { ...result, status: JudgeStatus.SYSTEM_ERROR, errorMessage: failed.userOutput };
    }
    return result;
  } catch (err) {
    if (err instanceof SetupError || err instanceof ValidatorFlagsError) {
      return errorResult(JudgeStatus.SYSTEM_ERROR, err.message);
    }
    console.error(`judge: submission ${task.submitId} failed:`, err);
    return errorResult(JudgeStatus.SYSTEM_ERROR, `judge failure: ${(err as Error).message}`);
  } finally {
    await submission.destroy();
  }
}
