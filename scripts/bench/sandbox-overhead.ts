/**
 * Per-run cost of the sandbox against a bare fork+exec of the same trivial static program,
 * both spawned from Node, in one run on this machine (ratios, never assertions).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBox, destroyBox } from '../../judge/sandbox/boxes';
import { runInSandbox } from '../../judge/sandbox/driver';
import { median, type Report } from './stats';

function bareRun(path: string): Promise<number> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(path, [], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(Number(process.hrtime.bigint() - start) / 1e6));
  });
}

export async function sandboxOverhead(runs: number): Promise<Report> {
  const box = await createBox('bench');
  try {
    const src = join(box.ioDir, 'true.c');
    const exe = join(box.ioDir, 'true');
    writeFileSync(src, 'int main(void) { return 0; }\n');
    execFileSync('gcc', ['-O2', '-static', '-o', exe, src]);
    copyFileSync(exe, join(box.boxDir, 'true'));
    chownSync(join(box.boxDir, 'true'), box.uid, box.uid);
    chmodSync(join(box.boxDir, 'true'), 0o755);

    const bare: number[] = [];
    const boxed: number[] = [];
    for (let i = 0; i < 10; i++) await bareRun(exe);
    for (let i = 0; i < runs; i++) bare.push(await bareRun(exe));
    const options = {
      argv: ['/w/true'],
      boxDir: box.boxDir,
      uid: box.uid,
      cpuMs: 1000,
      wallMs: 5000,
      memoryKB: 64 * 1024,
      pids: 4,
      outputBytes: 1 << 20,
    };
    for (let i = 0; i < 5; i++) await runInSandbox(options);
    for (let i = 0; i < runs; i++) {
      const start = process.hrtime.bigint();
      const result = await runInSandbox(options);
      if (result.error || result.exitCode !== 0)
        throw new Error(`sandboxed run failed: ${result.error ?? result.exitCode}`);
      boxed.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const b = median(bare);
    const s = median(boxed);
    return {
      title: `Per run, trivial static program, ${runs} runs each, spawned from Node`,
      rows: [
        ['bare fork+exec (median)', `${b.toFixed(2)} ms`],
        ['sandbox: supervisor + bwrap + inner supervisor (median)', `${s.toFixed(2)} ms`],
        ['sandbox minus bare', `${(s - b).toFixed(2)} ms`],
        ['sandbox / bare', `${(s / b).toFixed(1)}×`],
      ],
    };
  } finally {
    await destroyBox(box);
  }
}
