/**
 * The test cases of an uploaded zip (docs/problem-formats.md, Test data uploads): HOJ's layout,
 * pairs `<name>.in` and `<name>.out` (or `.ans`) at the top of the archive or in its one top-level
 * folder, or a Kattis package's `data/sample` and `data/secret`, samples first. Every refusal
 * names the file, and nothing is kept from a refused upload.
 */
import { TESTDATA_LIMITS } from '../../../../shared/constants/limits';
import { AppError } from '../../errors';
import { byteOrder, type PackageFiles } from '../../packages/archive';

export interface UploadedCase {
  /** the names as the archive gives them, relative to the data folder (1.in, secret/g1/02.in) */
  inputName: string;
  outputName: string;
  input: Buffer;
  output: Buffer;
}

export const testdataError = (key: string, params?: Record<string, string | number>) =>
  new AppError(400, `testdata.${key}`, params);

const INPUT = /\.in$/i;
const OUTPUT = /\.(out|ans)$/i;
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** HOJ's order: shorter names first, then by name, so 2.in comes before 10.in. */
function hojOrder(a: string, b: string): number {
  return a.length - b.length || byteOrder(a, b);
}

/** The archive's one top-level folder when everything is inside it (zip tools add one), else ''. */
function soleFolder(pkg: PackageFiles): string {
  const top = pkg.children('');
  return top.files.length === 0 && top.dirs.length === 1 ? (top.dirs[0] ?? '') : '';
}

/** Pairs the inputs and outputs of one folder (names relative to `base`, shown with `shown`). */
function pairFolder(
  pkg: PackageFiles,
  folder: string,
  shown: string,
  order: (a: string, b: string) => number,
) {
  const { files } = pkg.children(folder);
  const outputs = new Map<string, string>();
  for (const file of files.filter((f) => OUTPUT.test(f))) {
    const stem = file.replace(OUTPUT, '').toLowerCase();
    const twin = outputs.get(stem);
    if (twin) throw testdataError('duplicateCase', { first: shown + twin, second: shown + file });
    outputs.set(stem, file);
  }
  const inputs = new Map<string, string>();
  for (const file of files.filter((f) => INPUT.test(f))) {
    const stem = file.replace(INPUT, '').toLowerCase();
    const twin = inputs.get(stem);
    if (twin) throw testdataError('duplicateCase', { first: shown + twin, second: shown + file });
    inputs.set(stem, file);
  }
  for (const [stem, file] of outputs) {
    if (!inputs.has(stem))
      throw testdataError('missingInput', { output: shown + file, stem: file.replace(OUTPUT, '') });
  }
  const cases: UploadedCase[] = [];
  for (const file of [...inputs.values()].sort(order)) {
    const stem = file.replace(INPUT, '');
    const output = outputs.get(stem.toLowerCase());
    if (!output) throw testdataError('missingOutput', { input: shown + file, stem });
    const at = (name: string) => (folder ? `${folder}/${name}` : name);
    cases.push({
      inputName: shown + file,
      outputName: shown + output,
      input: pkg.get(at(file)) ?? Buffer.alloc(0),
      output: pkg.get(at(output)) ?? Buffer.alloc(0),
    });
  }
  return cases;
}

/** Kattis: data/sample then data/secret, each folder's cases by name, sub-folders (groups) in order. */
function kattisCases(pkg: PackageFiles, root: string): UploadedCase[] {
  const cases: UploadedCase[] = [];
  const walk = (folder: string) => {
    cases.push(...pairFolder(pkg, folder, `${folder.slice(root.length ? root.length + 1 : 0)}/`, byteOrder));
    for (const dir of pkg.children(folder).dirs) walk(`${folder}/${dir}`);
  };
  for (const part of ['sample', 'secret']) {
    const folder = root ? `${root}/data/${part}` : `data/${part}`;
    if (pkg.isDir(folder)) walk(folder);
  }
  return cases;
}

export function casesOfTestdata(pkg: PackageFiles): UploadedCase[] {
  const root = soleFolder(pkg);
  const kattisRoot = ['', root].find((r) => pkg.isDir(r ? `${r}/data/secret` : 'data/secret'));
  const cases = kattisRoot !== undefined ? kattisCases(pkg, kattisRoot) : pairFolder(pkg, root, '', hojOrder);
  if (cases.length === 0) throw testdataError('empty');
  if (cases.length > TESTDATA_LIMITS.cases) {
    throw testdataError('tooManyCases', { count: cases.length, limit: TESTDATA_LIMITS.cases });
  }
  for (const c of cases) {
    for (const [name, data] of [
      [c.inputName, c.input],
      [c.outputName, c.output],
    ] as const) {
      if (data.length > TESTDATA_LIMITS.fileBytes) {
        throw testdataError('caseTooLarge', {
          file: name,
          size: mib(data.length),
          limit: mib(TESTDATA_LIMITS.fileBytes),
        });
      }
    }
  }
  return cases;
}
