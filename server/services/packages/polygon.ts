/**
 * Codeforces Polygon packages (docs/problem-formats.md, Polygon): problem.xml, tests/ (generated tests only
 * when the package contains them), the testlib checker and interactor compiled against the
 * package's own testlib.h (else the judge's bundled one), groups with points, statements from problem-properties.json or the
 * statement sections.
 */
import type { JudgeCaseMode } from '../../../shared/api/types';
import { byteOrder, decodeText, importError, type PackageFiles } from './archive';
import {
  attachTestlib,
  displayId,
  example,
  extraFilesOf,
  includesTestlib,
  integerScore,
  LANG,
  languageOfFile,
  lf,
  POLYGON_EXPECTATIONS,
} from './common';
import { latexStatement, latexToMarkdown } from './latex';
import { pathList } from './path-list';
import type { ExampleSubmission, ImportNotice, ParsedCase, ParsedProblem, ParsedProgram } from './types';
import { child, children, parseXml, type XmlNode } from './xml';

const LANGUAGE_PREFERENCE = ['english', 'chinese', 'russian'];

/** Polygon source types (cpp.g++17, python.3, java11 ...) as judge language names. */
export function polygonLanguage(type: string | undefined, path: string, code: string): string | null {
  const t = (type ?? '').toLowerCase();
  if (t.startsWith('cpp.') || t.startsWith('cpp'))
    return /(20|23|2a|2b)/.test(t) ? LANG.CPP20 : /(11|14)/.test(t) ? LANG.CPP14 : LANG.CPP;
  if (t.startsWith('c.')) return LANG.C;
  if (t.startsWith('java')) return LANG.JAVA;
  if (t.startsWith('python.2') || t.startsWith('python.pypy2')) return LANG.PY2;
  if (t.startsWith('python.pypy3')) return LANG.PYPY3;
  if (t.startsWith('python')) return LANG.PY3;
  if (t.startsWith('rust')) return LANG.RUST;
  if (t.startsWith('js') || t.startsWith('javascript')) return LANG.JS;
  if (t.startsWith('go')) return LANG.GO;
  if (t.startsWith('kotlin')) return LANG.KOTLIN;
  if (t.startsWith('csharp')) return LANG.CSHARP;
  if (t.startsWith('php')) return LANG.PHP;
  if (t.startsWith('ruby')) return LANG.RUBY;
  if (t.startsWith('pas') || t.startsWith('delphi')) return LANG.PASCAL;
  if (t.startsWith('haskell')) return LANG.HASKELL;
  if (t) return null;
  return languageOfFile(path, code);
}

/** printf-style %d / %02d of the path patterns. */
export function formatPattern(pattern: string, index: number): string {
  return pattern.replace(/%(0?)(\d*)d/g, (_, zero: string, width: string) =>
    String(index).padStart(width ? Number(width) : 0, zero ? '0' : ' '),
  );
}

function pickByLanguage<T extends { language: string }>(items: T[]): T | undefined {
  for (const lang of LANGUAGE_PREFERENCE) {
    const hit = items.find((i) => i.language === lang);
    if (hit) return hit;
  }
  return items[0];
}

interface Statement {
  title: string | null;
  description: string;
  input: string;
  output: string;
  hint: string;
}

function joinInteraction(description: string, interaction: string): string {
  return interaction ? `${description}\n\n## Interaction\n\n${interaction}`.trim() : description;
}

function readStatement(pkg: PackageFiles, notices: ImportNotice[]): Statement {
  const languages = new Set<string>([
    ...pkg.children('statements').dirs.filter((d) => !d.startsWith('.')),
    ...pkg.children('statement-sections').dirs,
  ]);
  const lang = pickByLanguage([...languages].map((language) => ({ language })))?.language;
  const md = (tex: string | undefined) => (tex ? latexToMarkdown(tex) : '');
  if (lang) {
    const props = pkg.text(`statements/${lang}/problem-properties.json`);
    if (props) {
      try {
        const p = JSON.parse(props) as Record<string, unknown>;
        const field = (k: string) => (typeof p[k] === 'string' ? md(p[k] as string) : '');
        return {
          title: typeof p.name === 'string' ? p.name : null,
          description: joinInteraction(field('legend'), field('interaction')),
          input: field('input'),
          output: field('output'),
          hint: field('notes'),
        };
      } catch {
        // fall through to the sections
      }
    }
    const dir = `statement-sections/${lang}`;
    if (pkg.isDir(dir)) {
      const section = (name: string) => md(pkg.text(`${dir}/${name}.tex`));
      return {
        title: pkg.text(`${dir}/name.tex`)?.trim() || null,
        description: joinInteraction(section('legend'), section('interaction')),
        input: section('input'),
        output: section('output'),
        hint: section('notes'),
      };
    }
    const tex = pkg.text(`statements/${lang}/problem.tex`);
    if (tex) {
      const head = /\\begin\{problem\}\{([^}]*)\}(\{[^}]*\}){0,4}/.exec(tex);
      const body = tex
        .replace(/\\begin\{problem\}(\{[^}]*\}){0,5}/, '')
        .replace(/\\end\{problem\}/, '')
        .replace(/\\InputFile\b/g, '\\section*{Input}')
        .replace(/\\OutputFile\b/g, '\\section*{Output}')
        .replace(/\\Interaction\b/g, '\\section*{Interaction}')
        .replace(/\\Note\b/g, '\\section*{Notes}')
        .replace(/\\Examples?\b[\s\S]*?(?=\\section\*\{Notes\}|$)/, '');
      const s = latexStatement(body);
      return {
        title: head?.[1] ?? null,
        description: joinInteraction(s.description, s.interaction),
        input: s.input,
        output: s.output,
        hint: s.notes,
      };
    }
  }
  notices.push({ key: 'import.polygon.noStatement' });
  return { title: null, description: '', input: '', output: '', hint: '' };
}

function findTestlib(pkg: PackageFiles, xml: XmlNode): string | undefined {
  const resources = children(child(child(xml, 'files'), 'resources'), 'file').map((f) => f.attrs.path ?? '');
  for (const path of ['files/testlib.h', 'testlib.h', ...resources.filter((p) => p.endsWith('/testlib.h'))]) {
    const text = pkg.text(path);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** Header files among the package resources (besides testlib.h), for checkers that include them. */
function resourceHeaders(pkg: PackageFiles, xml: XmlNode, notices: ImportNotice[]): Record<string, string> {
  const paths = children(child(child(xml, 'files'), 'resources'), 'file')
    .map((f) => f.attrs.path ?? '')
    .filter((p) => /\.(h|hpp|hh)$/.test(p) && !p.endsWith('testlib.h'));
  const out: Record<string, string> = {};
  for (const path of paths) {
    const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    Object.assign(out, extraFilesOf(pkg, dir, [path.slice(path.lastIndexOf('/') + 1)], notices));
  }
  return out;
}

function readProgram(
  pkg: PackageFiles,
  xml: XmlNode,
  element: XmlNode,
  fallbacks: string[],
  what: string,
  notices: ImportNotice[],
): ParsedProgram {
  const source = child(element, 'source');
  const candidates = [
    source?.attrs.path,
    ...children(element, 'copy').map((c) => c.attrs.path),
    ...fallbacks,
  ].filter((p): p is string => !!p);
  const path = candidates.find((p) => pkg.has(p));
  if (!path) throw importError('polygon.programMissing', { program: what, path: candidates[0] ?? '?' });
  const code = pkg.text(path) ?? '';
  const language = polygonLanguage(source?.attrs.type, path, code);
  if (!language)
    throw importError('polygon.programLanguage', { program: what, type: source?.attrs.type ?? path });
  const program: ParsedProgram = {
    protocol: 'testlib',
    language,
    code,
    extraFiles: includesTestlib(code) ? resourceHeaders(pkg, xml, notices) : {},
  };
  attachTestlib(program, findTestlib(pkg, xml), what, notices);
  return program;
}

interface TestInfo {
  index: number;
  points: number | null;
  group: string | null;
  sample: boolean;
}

/**
 * Files in the test directories that no test of the testset names (an answer whose test is gone,
 * tests beyond the test count): never judged, so the import names them rather than dropping
 * them unseen.
 */
function unusedTestFiles(
  pkg: PackageFiles,
  tests: TestInfo[],
  inputPattern: string,
  answerPattern: string,
): string[] {
  const used = new Set(
    tests.flatMap((t) => [formatPattern(inputPattern, t.index), formatPattern(answerPattern, t.index)]),
  );
  // a pattern at the package's root would make every file of the package look like a test file
  const dirs = new Set(
    [inputPattern, answerPattern].filter((p) => p.includes('/')).map((p) => p.slice(0, p.lastIndexOf('/'))),
  );
  return [...dirs]
    .flatMap((dir) =>
      pkg
        .children(dir)
        .files.filter((f) => !f.startsWith('.'))
        .map((f) => `${dir}/${f}`),
    )
    .filter((path) => !used.has(path))
    .sort(byteOrder);
}

function readSolutions(pkg: PackageFiles, xml: XmlNode): ExampleSubmission[] {
  const out: ExampleSubmission[] = [];
  for (const s of children(child(child(xml, 'assets'), 'solutions'), 'solution')) {
    const source = child(s, 'source');
    const path = source?.attrs.path;
    if (!path) continue;
    const tag = s.attrs.tag ?? 'main';
    const expected = POLYGON_EXPECTATIONS[tag];
    if (!expected) continue;
    const code = pkg.text(path);
    if (code === undefined) continue;
    const language = polygonLanguage(source?.attrs.type, path, code);
    out.push({
      path,
      language,
      code,
      expectation: tag,
      expected,
      ...(language ? {} : { unsupported: { key: 'import.verify.unknownLanguage' } }),
    });
  }
  return out;
}

export function parsePolygon(pkg: PackageFiles): ParsedProblem {
  const text = pkg.get('problem.xml');
  if (!text) throw importError('polygon.missingProblemXml');
  const doc = parseXml(decodeText(text), 'problem.xml');
  const xml = child(doc, 'problem');
  if (!xml) throw importError('badXml', { file: 'problem.xml', line: 1, detail: '<problem> expected' });
  const notices: ImportNotice[] = [];

  const names = children(child(xml, 'names'), 'name').map((n) => ({
    language: n.attrs.language ?? '',
    value: n.attrs.value ?? '',
  }));
  const statement = readStatement(pkg, notices);
  const title = pickByLanguage(names)?.value || statement.title || xml.attrs['short-name'] || 'Untitled';

  const judging = child(xml, 'judging');
  if (Number(judging?.attrs['run-count'] ?? 1) > 1)
    throw importError('polygon.unsupported', { feature: `run-count ${judging?.attrs['run-count']}` });
  const inputFile = judging?.attrs['input-file'] ?? '';
  const outputFile = judging?.attrs['output-file'] ?? '';
  if (!!inputFile !== !!outputFile)
    throw importError('polygon.unsupported', { feature: 'file input with standard output (or the reverse)' });
  const testsets = children(judging, 'testset');
  const testset = testsets.find((t) => t.attrs.name === 'tests') ?? testsets[0];
  if (!testset) throw importError('polygon.noTests');
  const timeLimit = Number(child(testset, 'time-limit')?.text.trim());
  const memoryBytes = Number(child(testset, 'memory-limit')?.text.trim());
  if (!Number.isFinite(timeLimit) || timeLimit <= 0 || !Number.isFinite(memoryBytes) || memoryBytes <= 0)
    throw importError('polygon.badLimits');
  const inputPattern = child(testset, 'input-path-pattern')?.text.trim() ?? 'tests/%02d';
  const answerPattern = child(testset, 'answer-path-pattern')?.text.trim() ?? 'tests/%02d.a';

  const tests: TestInfo[] = children(child(testset, 'tests'), 'test').map((t, i) => ({
    index: i + 1,
    points: t.attrs.points !== undefined ? Number(t.attrs.points) : null,
    group: t.attrs.group ?? null,
    sample: t.attrs.sample === 'true',
  }));
  if (tests.length === 0) throw importError('polygon.noTests');
  const testElements = children(child(testset, 'tests'), 'test');
  const cases: ParsedCase[] = tests.map((t, i) => {
    const inputPath = formatPattern(inputPattern, t.index);
    const answerPath = formatPattern(answerPattern, t.index);
    const input = pkg.get(inputPath);
    if (!input) {
      const el = testElements[i];
      if (el.attrs.method === 'generated')
        throw importError('polygon.generatedTestMissing', { test: t.index, cmd: el.attrs.cmd ?? '' });
      throw importError('polygon.testMissing', { test: t.index, path: inputPath });
    }
    const answer = pkg.get(answerPath);
    if (!answer) throw importError('polygon.answerMissing', { test: t.index, path: answerPath });
    return { name: inputPath, input: lf(input), output: lf(answer), score: 0, groupNum: null };
  });
  const unused = unusedTestFiles(pkg, tests, inputPattern, answerPattern);
  if (unused.length > 0)
    notices.push({ key: 'import.polygon.testFilesIgnored', params: { list: pathList(unused) } });
  const examples = tests
    .map((t, i) => (t.sample ? example(cases[i].input, cases[i].output) : null))
    .filter((e) => e !== null);

  // scoring
  const groupElements = children(child(testset, 'groups'), 'group');
  const hasPoints =
    tests.some((t) => (t.points ?? 0) > 0) || groupElements.some((g) => Number(g.attrs.points ?? 0) > 0);
  let type = 0;
  let judgeCaseMode: JudgeCaseMode = 'ergodic_without_error';
  let ioScore = 100;
  if (hasPoints) {
    type = 1;
    const points = tests.map((t) => integerScore(t.points ?? 0, `test ${t.index}`, notices));
    const complete = new Map<string, number[]>();
    for (const g of groupElements) {
      if (children(child(g, 'dependencies'), 'dependency').length > 0)
        notices.push({ key: 'import.polygon.dependenciesIgnored', params: { group: g.attrs.name ?? '' } });
      if (g.attrs['points-policy'] === 'complete-group') complete.set(g.attrs.name ?? '', []);
    }
    tests.forEach((t, i) => {
      if (t.group !== null && complete.has(t.group)) complete.get(t.group)?.push(i);
    });
    if ([...complete.values()].every((m) => m.length === 0)) {
      tests.forEach((_, i) => {
        cases[i].score = points[i];
      });
      judgeCaseMode = 'default';
      ioScore = points.reduce((a, b) => a + b, 0);
    } else {
      // complete-group: every case carries the group's points, the group scores its minimum
      judgeCaseMode = 'subtask_lowest';
      let next = 1;
      ioScore = 0;
      const groupNum = new Map<string, number>();
      tests.forEach((t, i) => {
        const members = t.group !== null ? complete.get(t.group) : undefined;
        if (members && members.length > 0) {
          const element = groupElements.find((g) => (g.attrs.name ?? '') === t.group);
          const total =
            element?.attrs.points !== undefined
              ? integerScore(Number(element.attrs.points), `group ${t.group}`, notices)
              : members.reduce((sum, k) => sum + points[k], 0);
          let num = groupNum.get(t.group as string);
          if (num === undefined) {
            num = next++;
            groupNum.set(t.group as string, num);
            ioScore += total;
          }
          cases[i].score = total;
          cases[i].groupNum = num;
        } else {
          cases[i].score = points[i];
          cases[i].groupNum = next++;
          ioScore += points[i];
        }
      });
    }
  }

  // checker / interactor
  const assets = child(xml, 'assets');
  const interactorEl = child(assets, 'interactor');
  const checkerEl = child(assets, 'checker');
  let program: ParsedProgram;
  let judgeMode: ParsedProblem['judgeMode'] = 'spj';
  let interactionChecker: ParsedProgram | null = null;
  if (interactorEl) {
    program = readProgram(
      pkg,
      xml,
      interactorEl,
      ['files/interactor.cpp', 'interactor.cpp'],
      'interactor',
      notices,
    );
    judgeMode = 'interactive';
    const checkerPath = child(checkerEl, 'source')?.attrs.path;
    if (checkerEl && checkerPath && (pkg.text(checkerPath) ?? '').trim() !== '') {
      notices.push({ key: 'import.polygon.interactiveCheckerIgnored', params: { path: checkerPath } });
      interactionChecker = readProgram(pkg, xml, checkerEl, [], 'checker', notices);
    }
  } else {
    if (!checkerEl) throw importError('polygon.programMissing', { program: 'checker', path: 'check.cpp' });
    if ((checkerEl.attrs.type ?? 'testlib') !== 'testlib')
      throw importError('polygon.unsupported', { feature: `checker type ${checkerEl.attrs.type}` });
    const name = checkerEl.attrs.name ?? '';
    program = readProgram(
      pkg,
      xml,
      checkerEl,
      ['check.cpp', 'files/check.cpp', 'checker.cpp', 'files/checker.cpp'],
      name ? `checker ${name}` : 'checker',
      notices,
    );
  }

  return {
    problemId: displayId(xml.attrs['short-name']),
    title,
    description: statement.description,
    input: statement.input,
    output: statement.output,
    hint: statement.hint,
    source: '',
    timeLimit: Math.round(timeLimit),
    memoryLimit: Math.ceil(memoryBytes / (1024 * 1024)),
    type,
    judgeMode,
    judgeCaseMode,
    ioScore,
    isRemoveEndBlank: true,
    examples,
    cases,
    program,
    interactionChecker,
    validatorFlags: null,
    fileIO: inputFile ? { inputName: inputFile, outputName: outputFile } : null,
    languages: null,
    tags: children(child(xml, 'tags'), 'tag')
      .map((t) => t.attrs.value ?? '')
      .filter(Boolean),
    submissions: readSolutions(pkg, xml),
    notices,
  };
}

/** Where the problems of a Polygon upload are: the root, or each top-level folder with a problem.xml. */
export function polygonRoots(pkg: PackageFiles): string[] {
  if (pkg.has('problem.xml')) return [''];
  return pkg.children('').dirs.filter((d) => pkg.has(`${d}/problem.xml`));
}
