/**
 * File-IO problems (HOJ §4.10): the program reads inputName and writes outputName in its working
 * directory /w, with no stdin or stdout. /w stays read-only; instead, after compiling, the judge
 * creates both names in the box as empty mount points, and for every run binds
 *   the case input (read-only)                      at /w/<inputName>
 *   a fresh judge-created file, owned by the box uid at /w/<outputName> (writable, RLIMIT_FSIZE)
 * so the program can neither plant links nor create other files, and the judge reads a file it
 * created itself (O_NOFOLLOW, size-capped). An output the program never wrote is empty.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isSafeFileName } from './box-files';
import { boxReadable, createOwnedFile } from './files';
import type { Box } from './sandbox/boxes';
import type { Mount } from './sandbox/driver';

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
