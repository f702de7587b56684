/**
 * `npm run bench:serializer`: what writing an answer costs, three ways, on one submission-list
 * page and one problem detail, in one run (ratios, not absolute times: docs/benchmarks.md):
 * JSON.stringify alone, the zod check then JSON.stringify (fastify-type-provider-zod's own
 * serializer), and the writer fast-json-stringify compiles from the route's schema (ours).
 */
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { compileWriter } from '../../server/plugins/response-serializer';
import { envelope, page } from '../../shared/schemas/responses/common';
import { problemDetail } from '../../shared/schemas/responses/problems';
import { submissionListItem } from '../../shared/schemas/responses/submissions';
import { printReport } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20_000);

function submissionRow(i: number) {
  return {
    submitId: 1_000_000 + i,
    pid: 17 + i,
    displayPid: `P${17 + i}`,
    displayId: null,
    uid: 'b3f0c7a1d2e94f5a8c6b0e1d2f3a4b5c',
    username: `user${i}`,
    realname: null,
    title: 'A plus B, the long way round',
    submitTime: '2026-11-25T08:00:00.000Z',
    status: i % 3 === 0 ? 0 : -1,
    share: false,
    time: 15 + i,
    memory: 2048 + i,
    score: null,
    oiRankScore: null,
    length: 312,
    language: 'C++',
    cid: 0,
    cpid: 0,
    gid: null,
    judger: 'verdict-local-1',
    isManual: false,
  };
}

const listPage = {
  status: 200,
  msg: 'success',
  data: {
    records: Array.from({ length: 15 }, (_, i) => submissionRow(i)),
    total: 1_000_000,
    size: 15,
    current: 1,
    pages: 66_667,
  },
};

const statement = 'Given two integers $a$ and $b$, print $a+b$. '.repeat(40);
const detail = {
  status: 200,
  msg: 'success',
  data: {
    problem: {
      id: 1,
      problemId: '1000',
      title: 'A+B',
      author: 'root',
      type: 0,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 256,
      description: statement,
      input: statement,
      output: statement,
      examples: '<input>1 2</input><output>3</output>',
      hint: '',
      source: '',
      difficulty: 1,
      auth: 1,
      ioScore: 100,
      codeShare: true,
      isRemoveEndBlank: true,
      openCaseResult: true,
      isFileIO: false,
      ioReadFileName: null,
      ioWriteFileName: null,
      isRemote: false,
      gid: null,
      userExtraFile: null,
      gmtCreate: '2026-11-25T08:00:00.000Z',
      gmtModified: '2026-11-25T08:00:00.000Z',
    },
    problemCount: { total: 10, ac: 5, wa: 1, ce: 1, pa: 0, tle: 1, mle: 0, re: 1, pe: 0, se: 1 },
    tags: [{ id: 1, name: 'maths', color: '#2563eb', oj: 'ME', tcid: null }],
    languages: ['C', 'C++', 'Java', 'Python3'],
    codeTemplate: { C: '', 'C++': '', Java: '', Python3: '' },
    myStatus: -10,
    statementHtml: { description: statement, input: statement, output: statement, hint: '', source: '' },
  },
};

function time(fn: () => string): number {
  for (let i = 0; i < 1000; i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) fn();
  return Number(process.hrtime.bigint() - start) / ROUNDS / 1000;
}

function rows(name: string, schema: z.ZodType, answer: unknown): [string, string][] {
  const write = compileWriter(schema);
  if (!isDeepStrictEqual(JSON.parse(write(answer)), answer))
    throw new Error(`${name}: the writer changes the answer`);
  const plain = time(() => JSON.stringify(answer));
  const zod = time(() => JSON.stringify(schema.parse(answer)));
  const compiled = time(() => write(answer));
  const us = (v: number) => `${v.toFixed(1)} µs (${(v / plain).toFixed(2)}× JSON.stringify)`;
  return [
    [`${name}: JSON.stringify`, `${plain.toFixed(1)} µs`],
    [`${name}: zod check + stringify`, us(zod)],
    [`${name}: compiled writer`, us(compiled)],
  ];
}

printReport({
  title: `Writing one answer, mean of ${ROUNDS.toLocaleString('en')} rounds (${process.version})`,
  rows: [
    ...rows('submission list page of 15', envelope(page(submissionListItem)), listPage),
    ...rows('problem detail', envelope(problemDetail), detail),
  ],
});
