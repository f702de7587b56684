/**
 * File-IO problems (docs/judge.md, File IO): the program reads inputName and writes outputName in its
 * working directory /w, with no stdin or stdout. /w stays read-only; instead, after compiling, the judge
 * creates both names in the box as empty mount points, and for every run binds
 *   the case input (read-only)                      at /w/<inputName>
 *   a fresh judge-created file, owned by the box uid at /w/<outputName> (writable, RLIMIT_FSIZE)
 * so the program can neither plant links nor create other files, and the judge reads a file it
 * created itself (O_NOFOLLOW, size-capped). An output the program never wrote is empty.
 *
 * In a persistent box (judging) the binds are fixed for the box's lifetime: the judge's own
 * files io/fio.in (root, 0644) and io/fio.out (box uid) are bound once, and before each case
 * the case input is copied into fio.in and fio.out is emptied, in place (same inodes). Test runs
 * (one sandbox per run) bind per run (stageFileIO).
 */
import { constants } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { boxReadable, createOwnedFile } from './safe-files';
import type { Box } from './sandbox/boxes';
import type { Mount } from './sandbox/driver';
import { isSafeFileName } from './write-sources';

export interface FileIO {
  inputName: string;
  outputName: string;
}

/** null when the names are usable, else what is wrong (a problem misconfiguration). */
export function fileIOProblem(io: FileIO): string | null {
  for (const name of [io.inputName, io.outputName]) {
    if (!isSafeFileName(name)) return `file IO name "${name}" is not allowed`;
  }
  if (io.inputName === io.outputName) return 'file IO input and output names are the same';
  return null;
}

/** After compiling: the mount points (fails if the compiled program already has such a file). */
export async function prepareFileIOBox(box: Box, io: FileIO): Promise<void> {
  for (const name of [io.inputName, io.outputName]) {
    try {
      await createOwnedFile(join(box.boxDir, name), 0, 0o644);
    } catch (err) {
      throw new Error(
        `file IO name "${name}" collides with a file of the program (${(err as Error).message})`,
      );
    }
  }
}

export interface StagedFileIO {
  mounts: Mount[];
  /** host path of the program's output file */
  outputPath: string;
  cleanup(): Promise<void>;
}

export async function stageFileIO(
  box: Box,
  io: FileIO,
  tag: string,
  inputPath: string,
): Promise<StagedFileIO> {
  const created: string[] = [];
  const cleanup = async () => {
    await Promise.all(created.map((p) => rm(p, { force: true })));
  };
  try {
    const input = await boxReadable(inputPath, join(box.ioDir, `${tag}.fin`));
    if (input.copied) created.push(input.path);
    const outputPath = join(box.ioDir, `${tag}.fout`);
    created.push(outputPath);
    await createOwnedFile(outputPath, box.uid);
    return {
      mounts: [
        { src: input.path, dst: `/w/${io.inputName}` },
        { src: outputPath, dst: `/w/${io.outputName}`, writable: true },
      ],
      outputPath,
      cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** File IO of a persistent box: binds fixed for the box, contents changed per case. */
export interface FileIOSession {
  mounts: Mount[];
  /** host path of the program's output file */
  outputPath: string;
  /** before a run: the case input into the bound input file, the output file emptied */
  stage(inputPath: string): Promise<void>;
}

const NOFOLLOW_WRITE = constants.O_WRONLY | constants.O_NOFOLLOW;

/** Copies `src` into the existing file `dst` (same inode: it is bound into the box). */
async function copyInto(src: string, dst: string): Promise<void> {
  const from = await open(src, constants.O_RDONLY);
  try {
    const to = await open(dst, NOFOLLOW_WRITE | constants.O_TRUNC);
    try {
      const buf = Buffer.allocUnsafe(1 << 20);
      for (;;) {
        const { bytesRead } = await from.read(buf, 0, buf.length, null);
        if (bytesRead === 0) break;
        await to.write(buf, 0, bytesRead);
      }
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}

export async function fileIOSession(box: Box, io: FileIO): Promise<FileIOSession> {
  const inputPath = join(box.ioDir, 'fio.in');
  const outputPath = join(box.ioDir, 'fio.out');
  await createOwnedFile(inputPath, 0, 0o644);
  await createOwnedFile(outputPath, box.uid);
  return {
    mounts: [
      { src: inputPath, dst: `/w/${io.inputName}` },
      { src: outputPath, dst: `/w/${io.outputName}`, writable: true },
    ],
    outputPath,
    async stage(caseInput: string) {
      await copyInto(caseInput, inputPath);
      // the program may have changed its mode (it owns the file): reset it, and empty it
      const out = await open(outputPath, NOFOLLOW_WRITE | constants.O_TRUNC);
      try {
        await out.chown(box.uid, box.uid);
        await out.chmod(0o644);
      } finally {
        await out.close();
      }
    },
  };
}
