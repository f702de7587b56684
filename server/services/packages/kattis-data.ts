/**
 * The test cases of a Kattis package (docs/problem-formats.md, Kattis test data): `.in` and `.ans`
 * pairs under data/sample and data/secret, in name order, samples first. Files that do not pair
 * up are named at import instead of becoming cases the validator would fail on at judging time:
 *
 * - an `.ans` without its `.in` is refused: nothing can be judged from it, and it usually means an
 *   input that was lost or misnamed, so importing would quietly judge fewer cases;
 * - an `.in` without its `.ans` is refused, except in interactive problems: the validator there
 *   talks to the submission and problemtools' own examples keep empty answers, so the case gets
 *   an empty answer file (the spec lets a validator rely on the file existing, not on its
 *   content) and a notice names those cases;
 * - a package with samples and no secret data is judged on its samples, as DOMjudge does.
 */
import { byteOrder, importError, type PackageFiles } from './archive';
import { isHiddenPath, lf } from './common';
import { pathList } from './path-list';
import type { ImportNotice, ParsedCase } from './types';

export interface CaseRef {
  /** path without extension: data/secret/g1/01 */
  base: string;
  /** shown as an example and judged first with score 0 (false for the cases of a sample-only package) */
  sample: boolean;
  /** top-level group directory below data/secret ('' for cases directly in it) */
  group: string;
}

function visibleFiles(pkg: PackageFiles, dir: string): string[] {
  return pkg.list(dir).filter((p) => !isHiddenPath(p));
}

function caseBases(pkg: PackageFiles, dir: string): string[] {
  return visibleFiles(pkg, dir)
    .filter((p) => p.endsWith('.in'))
    .map((p) => `${dir}/${p.slice(0, -3)}`)
    .sort(byteOrder);
}

/** `.ans` files of `dir` (at any depth) with no `.in` of the same name. */
function strayAnswers(pkg: PackageFiles, dir: string): string[] {
  const files = visibleFiles(pkg, dir);
  const inputs = new Set(files.filter((p) => p.endsWith('.in')).map((p) => p.slice(0, -3)));
  return files
    .filter((p) => p.endsWith('.ans') && !inputs.has(p.slice(0, -4)))
    .map((p) => `${dir}/${p}`)
    .sort(byteOrder);
}

export interface KattisCases {
  refs: CaseRef[];
  /** one per ref, scores and groups still unset */
  cases: ParsedCase[];
}

export function readKattisCases(
  pkg: PackageFiles,
  interactive: boolean,
  notices: ImportNotice[],
): KattisCases {
  const stray = [...strayAnswers(pkg, 'data/sample'), ...strayAnswers(pkg, 'data/secret')];
  if (stray.length > 0) throw importError('kattis.inputMissing', { list: pathList(stray) });

  const samples = caseBases(pkg, 'data/sample').map((base) => ({ base, sample: true, group: '' }));
  const secret = caseBases(pkg, 'data/secret').map((base) => {
    const rel = base.slice('data/secret/'.length);
    return { base, sample: false, group: rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '' };
  });
  let refs: CaseRef[];
  if (secret.length > 0) refs = [...samples, ...secret];
  else if (samples.length > 0) {
    refs = samples.map((r) => ({ ...r, sample: false }));
    notices.push({ key: 'import.kattis.samplesAsTests', params: { count: samples.length } });
  } else throw importError('kattis.noTestData');

  const unanswered = refs.filter((r) => !pkg.has(`${r.base}.ans`)).map((r) => `${r.base}.in`);
  if (unanswered.length > 0) {
    if (!interactive) throw importError('kattis.answerMissing', { list: pathList(unanswered) });
    notices.push({ key: 'import.kattis.emptyAnswers', params: { list: pathList(unanswered) } });
  }

  const cases = refs.map((r) => ({
    name: r.base.slice('data/'.length),
    input: lf(pkg.get(`${r.base}.in`) ?? Buffer.alloc(0)),
    output: lf(pkg.get(`${r.base}.ans`) ?? Buffer.alloc(0)),
    score: 0,
    groupNum: null,
  }));
  return { refs, cases };
}
