/**
 * Online test runs (docs/judge.md, Test runs): compile, one run on the user's input plus "\n", and compare
 * with the expected output when one is given (exactly, or after rtrim when the problem removes end blanks;
 * no PE), else AC when the program ran fine. Special judge and interactive problems are run plainly (the
 * server tells the client the problem's judge mode). Compile errors and judge failures come back as status
 * -2 (CE) with the message, as HOJ does. Never throws.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeStatus } from '../shared/constants/judge-status';
import { compareFiles } from './compare';
import { compileInBox } from './compile';
import { fileIOProblem, prepareFileIOBox, type StagedFileIO, stageFileIO } from './file-io-mounts';
import { expandCommand, findLanguage } from './languages';
import { RUN_LIMITS, runLimits, STDERR_CAP_BYTES } from './limits';
import { readCapped, regularFileSize } from './safe-files';
import { type Box, createBox, destroyBox } from './sandbox/boxes';
import { runInSandbox } from './sandbox/driver';
import { sandboxProblem } from './sandbox/paths';
import { specForSource } from './source-spec';
import type { TestRunResult, TestRunTask } from './types';
import { decideRun } from './verdict';
import { writeSources } from './write-sources';

export interface TestRunOptions {
  boxRoot?: string;
  onBox?(box: Readonly<Box>): void;
}

/** Characters of stdout shown (HOJ: 1000, then "..."). */
export const TEST_OUTPUT_CHARS = 1000;
const MiB = 1024 * 1024;

function failed(status: number, message: string): TestRunResult {
  return { status, time: null, memory: null, userOutput: '', stderr: message };
}

async function readText(path: string, cap: number): Promise<{ text: string; truncated: boolean }> {
  try {
    const r = await readCapped(path, cap);
    return { text: r.data.toString('utf8'), truncated: r.truncated };
  } catch {
    return { text: '', truncated: false };
  }
}

/** The first 1000 characters of the output, "..." appended when there was more. */
async function shownOutput(path: string): Promise<string> {
  // 1000 characters are at most 4000 bytes of UTF-8
  const { text, truncated } = await readText(path, 4 * TEST_OUTPUT_CHARS + 16);
  const chars = [...text];
  if (chars.length > TEST_OUTPUT_CHARS) return `${chars.slice(0, TEST_OUTPUT_CHARS).join('')}...`;
  return truncated ? `${text}...` : text;
}

async function run(task: TestRunTask, box: Box): Promise<TestRunResult> {
  const language = await findLanguage(task.language);
  if (!language)
    return failed(JudgeStatus.COMPILE_ERROR, `language "${task.language}" is not available on this judge`);
  const source = specForSource(language, task.code);
  if (!source.ok) return failed(JudgeStatus.COMPILE_ERROR, source.message);
  const spec = source.spec;
  try {
    await writeSources(box.boxDir, box.uid, spec.sourceFile, task.code, task.userExtraFiles);
  } catch (err) {
    return failed(JudgeStatus.COMPILE_ERROR, (err as Error).message);
  }
  const compiled = await compileInBox(spec, box);
  if (!compiled.ok) return failed(JudgeStatus.COMPILE_ERROR, compiled.message);

  const inputPath = join(box.ioDir, 'test.in');
  await writeFile(inputPath, `${task.input}\n`, { mode: 0o644, flag: 'wx' });
  const stdoutPath = join(box.ioDir, 'test.out');
  const stderrPath = join(box.ioDir, 'test.err');
  let staged: StagedFileIO | null = null;
  if (task.fileIO) {
    try {
      await prepareFileIOBox(box, task.fileIO);
    } catch (err) {
      return failed(JudgeStatus.COMPILE_ERROR, (err as Error).message);
    }
    staged = await stageFileIO(box, task.fileIO, 'test', inputPath);
  }
  const limits = runLimits(task, spec);
  // HOJ: max(2 x input length, 32 MB)
  const outputBytes = Math.max(2 * Buffer.byteLength(task.input), 32 * MiB);
  const r = await runInSandbox({
    argv: expandCommand(spec.run, {
      memoryMB: limits.memoryMB,
      stackMB: Math.min(limits.stackMB, RUN_LIMITS.maxRuntimeStackMB),
    }),
    boxDir: box.boxDir,
    uid: box.uid,
    stdinPath: staged ? null : inputPath,
    stdoutPath: staged ? null : stdoutPath,
    stderrPath,
    cpuMs: limits.cpuMs,
    wallMs: limits.wallMs,
    memoryKB: limits.cgroupMemoryKB,
    tmpKB: RUN_LIMITS.tmpMB * 1024,
    pids: limits.pids,
    outputBytes,
    stackKB: limits.stackMB * 1024,
    addressSpaceKB: limits.addressSpaceKB,
    env: spec.env,
    binds: spec.binds,
    dirs: spec.dirs,
    mounts: staged?.mounts ?? [],
  });
  const outputPath = staged?.outputPath ?? stdoutPath;
  const size = (await regularFileSize(outputPath)) ?? 0;
  const verdict = decideRun(
    r,
    { timeMs: limits.timeMs, memoryKB: limits.memoryMB * 1024, outputBytes },
    size,
  );
  const userOutput = await shownOutput(outputPath);
  const err = await readText(stderrPath, STDERR_CAP_BYTES);
  const stderrText = err.truncated ? `${err.text}\n... (truncated)` : err.text;

  let status: number;
  let message: string | null = null;
  if (verdict.kind === 'final') {
    status = verdict.status === JudgeStatus.SYSTEM_ERROR ? JudgeStatus.COMPILE_ERROR : verdict.status;
    message = verdict.message;
  } else if (task.expectedOutput == null) {
    status = JudgeStatus.ACCEPTED;
  } else {
    const expectedPath = join(box.ioDir, 'test.ans');
    await writeFile(expectedPath, task.expectedOutput, { mode: 0o600, flag: 'wx' });
    const outcome = await compareFiles(outputPath, expectedPath, task.isRemoveEndBlank);
    status = outcome === 'AC' ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER;
  }
  await rm(outputPath, { force: true });
  await staged?.cleanup();
  return {
    status,
    time: verdict.time,
    memory: verdict.memory,
    userOutput,
    stderr: [stderrText.replace(/\n$/, ''), message].filter(Boolean).join('\n'),
  };
}

export async function testRun(task: TestRunTask, options: TestRunOptions = {}): Promise<TestRunResult> {
  let box: Box | null = null;
  try {
    if (task.fileIO) {
      const bad = fileIOProblem(task.fileIO);
      if (bad) return failed(JudgeStatus.COMPILE_ERROR, bad);
    }
    const problem = sandboxProblem();
    if (problem) return failed(JudgeStatus.COMPILE_ERROR, `judge sandbox unavailable: ${problem}`);
    box = await createBox('testrun', options.boxRoot);
    options.onBox?.(box);
    return await run(task, box);
  } catch (err) {
    console.error('judge: test run failed:', err);
    return failed(JudgeStatus.COMPILE_ERROR, `judge failure: ${(err as Error).message}`);
  } finally {
    if (box) await destroyBox(box).catch((err) => console.error('judge: cannot remove box', err));
  }
}
