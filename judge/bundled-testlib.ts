/**
 * Verdict's own testlib.h (judge/testlib/testlib.h, docs/judge.md "Bundled testlib.h"): placed next to
 * a C++ checker, interactor or validator that includes testlib.h when the problem supplies none. A
 * problem's own testlib.h always wins.
 *
 * The header is read from disk at run time: VERDICT_TESTLIB_H, else testlib/testlib.h beside this
 * module (the sources run with tsx), else judge/testlib/testlib.h above a bundled module's directory
 * or under the working directory (a build that moved this module elsewhere).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageSpec } from './languages';
import type { ProblemProgram } from './types';

const here = fileURLToPath(new URL('.', import.meta.url));

export const TESTLIB_HEADER = 'testlib.h';

/** `#include "testlib.h"` or `#include <testlib.h>` (the server's package importers use the same rule). */
export const includesTestlib = (code: string): boolean => /#\s*include\s*[<"]testlib\.h[>"]/.test(code);

const includesTestlibAngled = (code: string): boolean => /#\s*include\s*<testlib\.h>/.test(code);

/** Where the bundled header is looked for, in order. */
export function bundledTestlibCandidates(): string[] {
  const fromEnv = process.env.VERDICT_TESTLIB_H;
  return [
    ...(fromEnv ? [resolve(fromEnv)] : []),
    join(here, 'testlib', TESTLIB_HEADER),
    join(here, '..', 'judge', 'testlib', TESTLIB_HEADER),
    join(process.cwd(), 'judge', 'testlib', TESTLIB_HEADER),
  ];
}

export function bundledTestlibPath(): string | null {
  return bundledTestlibCandidates().find((p) => existsSync(p)) ?? null;
}

export interface BundledTestlib {
  path: string;
  text: string;
  /** sha256 of the text: part of a compiled program's cache key, so a new header recompiles */
  sha256: string;
}

let cached: Promise<BundledTestlib> | null = null;

/** The header, read once per process. Throws with the places searched when it is missing. */
export function bundledTestlib(): Promise<BundledTestlib> {
  if (!cached) {
    cached = (async () => {
      const path = bundledTestlibPath();
      if (!path) {
        throw new Error(
          `Verdict's testlib.h not found (looked in ${bundledTestlibCandidates().join(', ')}; set VERDICT_TESTLIB_H)`,
        );
      }
      const text = await readFile(path, 'utf8');
      return { path, text, sha256: createHash('sha256').update(text).digest('hex') };
    })();
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}

/** Whether the judge adds its header to this program: C++, includes testlib.h, brings none. */
export function needsBundledTestlib(
  program: Pick<ProblemProgram, 'code' | 'extraFiles'>,
  spec: LanguageSpec,
): boolean {
  return (
    spec.sourceFile.endsWith('.cpp') &&
    includesTestlib(program.code) &&
    program.extraFiles[TESTLIB_HEADER] === undefined
  );
}

/**
 * `#include <testlib.h>` searches the system directories only; the compiler then also searches the
 * program's directory (/w), where testlib.h is placed.
 */
export function compileSpecFor(program: Pick<ProblemProgram, 'code'>, spec: LanguageSpec): LanguageSpec {
  if (!spec.sourceFile.endsWith('.cpp') || !includesTestlibAngled(program.code)) return spec;
  return { ...spec, env: { ...spec.env, CPLUS_INCLUDE_PATH: '/w' } };
}
