/**
 * Compilation inside the sandbox, with its own limits. The compiler sees only /w, so its
 * messages name files as the user wrote them (main.cpp:3:5), never host paths.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeStatus } from '../shared/constants/judge-status';
import type { LanguageSpec } from './languages';
import { COMPILE_LIMITS } from './limits';
import { readCappedText } from './safe-files';
import type { Box } from './sandbox/boxes';
import { runInSandbox, type SandboxResult } from './sandbox/driver';
import { describeExit } from './verdict';

export type CompileOutcome = { ok: true } | { ok: false; status: number; message: string };

function resourceReason(r: SandboxResult): string | null {
  if (r.tle === 'cpu') return `time limit of ${COMPILE_LIMITS.cpuMs / 1000} s`;
  if (r.tle === 'wall') return `wall-clock limit of ${COMPILE_LIMITS.wallMs / 1000} s`;
  if (r.oomKilled) return `memory limit of ${COMPILE_LIMITS.memoryMB} MB`;
  if (r.outputLimit) return `output file limit of ${COMPILE_LIMITS.outputBytes / (1024 * 1024)} MB`;
  if (r.pidsLimitHit && (r.exitCode !== 0 || r.signal !== null))
    return `process limit of ${COMPILE_LIMITS.pids}`;
  return null;
}

export async function compileInBox(spec: LanguageSpec, box: Box): Promise<CompileOutcome> {
  if (!spec.compile) return { ok: true };
  const messagePath = join(box.ioDir, 'compile.txt');
  const r = await runInSandbox({
    argv: spec.compile,
    boxDir: box.boxDir,
    uid: box.uid,
    boxWritable: true,
    stdoutPath: messagePath,
    stderrPath: messagePath,
    cpuMs: COMPILE_LIMITS.cpuMs,
    wallMs: COMPILE_LIMITS.wallMs,
    memoryKB: COMPILE_LIMITS.memoryMB * 1024,
    tmpKB: COMPILE_LIMITS.tmpMB * 1024,
    pids: COMPILE_LIMITS.pids,
    outputBytes: COMPILE_LIMITS.outputBytes,
    stackKB: COMPILE_LIMITS.stackMB * 1024,
    addressSpaceKB: spec.addressSpaceLimit ? COMPILE_LIMITS.memoryMB * 1024 : 0,
    env: spec.env,
    binds: spec.binds,
    dirs: spec.dirs,
  });
  if (r.error) {
    return {
      ok: false,
      status: JudgeStatus.SYSTEM_ERROR,
      message: `judge sandbox failure while compiling: ${r.error}`,
    };
  }
  const output = await stat(messagePath).then(
    () => readCappedText(messagePath, COMPILE_LIMITS.messageBytes),
    () => '',
  );
  const reason = resourceReason(r);
  if (reason) {
    const head = `Compilation exceeded resource limits (${reason}).`;
    return {
      ok: false,
      status: JudgeStatus.COMPILE_ERROR,
      message: output.trim() ? `${head}\n${output}` : head,
    };
  }
  if (r.exitCode !== 0 || r.signal !== null) {
    const message = output.trim() ? output : `compiler stopped with ${describeExit(r)}`;
    return { ok: false, status: JudgeStatus.COMPILE_ERROR, message };
  }
  return { ok: true };
}
