/**
 * Files the judge places in a box before compiling: the source and the extra files a problem
 * supplies (testlib.h for a checker, headers or data for contestants). Written by the judge into
 * a fresh box, never through an existing name or link.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';

/** Kattis' rule for file names, without directories (docs/judge.md, How a submission is judged). */
const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,254}$/;

export function isSafeFileName(name: string): boolean {
  return SAFE_NAME.test(name) && name !== '.' && name !== '..';
}

async function writeNew(path: string, content: string, uid: number): Promise<void> {
  const handle = await open(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o644,
  );
  try {
    await handle.writeFile(content);
    await handle.chown(uid, uid);
  } finally {
    await handle.close();
  }
}

/**
 * Writes `extraFiles` and then the source into `dir`. Throws with a message for the problem
 * setter when a name is unsafe or collides with the source.
 */
export async function writeSources(
  dir: string,
  uid: number,
  sourceFile: string,
  code: string,
  extraFiles: Record<string, string> = {},
): Promise<void> {
  for (const [name, content] of Object.entries(extraFiles)) {
    if (!isSafeFileName(name)) throw new Error(`extra file name "${name}" is not allowed`);
    if (name === sourceFile) throw new Error(`extra file "${name}" would replace the source file`);
    await writeNew(join(dir, name), content, uid);
  }
  await writeNew(join(dir, sourceFile), code, uid);
}
