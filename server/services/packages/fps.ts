/**
 * FPS (Free Problem Set) XML files of HUSTOJ, v1.1 to v1.4 (docs/problem-formats.md, FPS XML): every <item>
 * becomes a problem with its inline samples and test data. A HUSTOJ special judge (<spj>, called
 * as `spj input answer output`, exit 0 = accepted) is kept verbatim and wrapped by an adapter
 * (spj-adapters.ts) that presents it to the judge as a testlib-protocol checker.
 */

import { importError } from './archive';
import { attachTestlib, distributeScore, example, lf } from './common';
import { spjLanguage, wrapSpj } from './spj-adapters';
import type { ImportNotice, ParsedCase, ParsedProblem, ParsedProgram } from './types';
import { child, children, parseXml, type XmlNode } from './xml';

const text = (node: XmlNode | undefined) => node?.text ?? '';

/** `[md]…[/md]` wraps Markdown in FPS; everything else is HTML and kept as it is. */
function statementText(node: XmlNode | undefined): string {
  const t = text(node);
  const md = /^\s*\[md\]([\s\S]*)\[\/md\]\s*$/.exec(t);
  return (md ? md[1] : t).trim();
}

function milliseconds(node: XmlNode | undefined, item: string): number {
  const value = Number.parseFloat(text(node).trim());
  if (!Number.isFinite(value) || value <= 0) throw importError('fps.badLimit', { item, field: 'time_limit' });
  const unit = (node?.attrs.unit ?? 's').toLowerCase();
  return Math.max(1, Math.round(unit === 'ms' ? value : value * 1000));
}

function megabytes(node: XmlNode | undefined, item: string): number {
  const value = Number.parseFloat(text(node).trim());
  if (!Number.isFinite(value) || value <= 0)
    throw importError('fps.badLimit', { item, field: 'memory_limit' });
  const unit = (node?.attrs.unit ?? 'mb').toLowerCase();
  const mb = unit === 'kb' ? value / 1024 : unit === 'gb' ? value * 1024 : value;
  return Math.max(1, Math.ceil(mb));
}

function readChecker(item: XmlNode, title: string, notices: ImportNotice[]): ParsedProgram | null {
  const spj = child(item, 'spj');
  const tpj = child(item, 'tpj');
  if (spj && text(spj).trim()) {
    const language = spjLanguage(spj.attrs.language);
    if (!language) throw importError('fps.spjLanguage', { item: title, language: spj.attrs.language ?? '' });
    return wrapSpj('hustoj', language, text(spj));
  }
  if (tpj && text(tpj).trim()) {
    const language = spjLanguage(tpj.attrs.language);
    if (!language) throw importError('fps.spjLanguage', { item: title, language: tpj.attrs.language ?? '' });
    // FPS files carry no testlib.h: the judge compiles such a checker against its bundled one
    const program: ParsedProgram = { protocol: 'testlib', language, code: text(tpj), extraFiles: {} };
    attachTestlib(program, undefined, `${title}: tpj`, notices);
    return program;
  }
  return null;
}

/** test_input/test_output pairs in document order (an output belongs to the input before it). */
function readTests(
  item: XmlNode,
  title: string,
  notices: ImportNotice[],
): { input: string; output: string }[] {
  const pairs: { input: string; output: string | null }[] = [];
  for (const c of item.children) {
    if (c.name === 'test_input') pairs.push({ input: c.text, output: null });
    else if (c.name === 'test_output') {
      const open = pairs.find((p) => p.output === null);
      if (open) open.output = c.text;
      else pairs.push({ input: '', output: c.text });
    }
  }
  return pairs.map((p, i) => {
    if (p.output === null)
      notices.push({ key: 'import.fps.outputMissing', params: { item: title, test: i + 1 } });
    return { input: p.input, output: p.output ?? '' };
  });
}

function parseItem(item: XmlNode, index: number): ParsedProblem {
  const title = text(child(item, 'title')).trim() || `#${index + 1}`;
  const notices: ImportNotice[] = [];
  if (child(item, 'remote_oj')) throw importError('fps.remoteProblem', { item: title });

  const sampleInputs = children(item, 'sample_input').map((n) => n.text);
  const sampleOutputs = children(item, 'sample_output').map((n) => n.text);
  const examples = sampleInputs.map((input, i) => example(input, sampleOutputs[i] ?? ''));

  let tests = readTests(item, title, notices);
  if (tests.length === 0) {
    if (examples.length === 0) throw importError('fps.noTestData', { item: title });
    notices.push({ key: 'import.fps.samplesAsTests', params: { item: title } });
    tests = sampleInputs.map((input, i) => ({ input, output: sampleOutputs[i] ?? '' }));
  }
  const scores = distributeScore(100, tests.length);
  const cases: ParsedCase[] = tests.map((t, i) => ({
    name: `${title} #${i + 1}`,
    input: lf(Buffer.from(t.input)),
    output: lf(Buffer.from(t.output)),
    score: scores[i],
    groupNum: null,
  }));

  if (['template', 'prepend', 'append'].some((n) => child(item, n)))
    notices.push({ key: 'import.fps.templatesIgnored', params: { item: title } });
  if (child(item, 'img')) notices.push({ key: 'import.fps.imagesIgnored', params: { item: title } });

  const program = readChecker(item, title, notices);
  return {
    problemId: null,
    title,
    description: statementText(child(item, 'description')),
    input: statementText(child(item, 'input')),
    output: statementText(child(item, 'output')),
    hint: statementText(child(item, 'hint')),
    source: statementText(child(item, 'source')),
    timeLimit: milliseconds(child(item, 'time_limit'), title),
    memoryLimit: megabytes(child(item, 'memory_limit'), title),
    type: 0,
    judgeMode: program ? 'spj' : 'default',
    judgeCaseMode: 'default',
    ioScore: 100,
    isRemoveEndBlank: true,
    examples,
    cases,
    program,
    validatorFlags: null,
    fileIO: null,
    languages: null,
    tags: [],
    submissions: [],
    notices,
  };
}

/** Every <item> of an FPS document. */
export function parseFps(xmlText: string): ParsedProblem[] {
  const doc = parseXml(xmlText, 'fps');
  const root = child(doc, 'fps');
  if (!root) throw importError('fps.notFps');
  const items = children(root, 'item');
  if (items.length === 0) throw importError('fps.noItems');
  return items.map(parseItem);
}
