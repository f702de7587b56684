import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from '../../server/plugins/response-serializer';
import { envelope } from '../../shared/schemas/responses/common';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Every JSON answer has a declared schema (docs/architecture.md, Contracts on the wire): the
 * OpenAPI describes it, and a field a schema forgets fails the tests instead of vanishing.
 */

/** Routes that answer files, images or streams, not JSON: they declare no response schema. */
const NOT_JSON = new Set<string>([
  'GET /api/public/img/{name}',
  'GET /api/public/file/{name}',
  'GET /api/file/download-problem-annex',
  'GET /api/file/download-wrong-case',
  'GET /api/file/download-contest-print-text',
  'GET /api/admin/contest/event-feed',
  'GET /api/events',
  'GET /api/judge/file/{hash}',
  'GET /api/file/download-testcase',
  'GET /api/file/export-problem',
  'GET /api/file/export-problem-kattis',
  'GET /api/file/download-contest-rank',
  'GET /api/file/download-contest-ac-submission',
  'GET /api/file/generate-user-excel',
]);

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('response schemas', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ judgeWorkers: 0 });
  });
  afterAll(() => server.close());

  it('the OpenAPI describes the answer of every JSON route', async () => {
    const spec = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    const without: string[] = [];
    let described = 0;
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (operation.responses?.['200']?.content?.['application/json']?.schema) described++;
        else if (!NOT_JSON.has(route)) without.push(route);
      }
    }
    expect(without).toEqual([]);
    expect(described).toBeGreaterThan(100);
  });

  it('the problem list’s answer names the fields HOJ’s client reads', async () => {
    const spec = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    const schema = spec.paths['/api/get-problem-list']?.get?.responses?.['200']?.content?.['application/json']
      ?.schema as { properties: { data: { properties: { records: { items: { properties: object } } } } } };
    expect(Object.keys(schema.properties.data.properties.records.items.properties)).toEqual(
      expect.arrayContaining(['pid', 'problemId', 'title', 'difficulty', 'type', 'tags', 'total', 'ac']),
    );
  });
});

describe('the answer writer', () => {
  const schema = envelope(z.object({ id: z.number(), name: z.string().nullable() }));
  const compile = (strict: boolean, log = { error: vi.fn() }) => ({
    log,
    write: responseSerializerCompiler({ strict, log: log as never })({ schema, method: 'GET', url: '/x' }),
  });

  it('writes what JSON.stringify writes for an answer that fits', () => {
    const answer = { status: 200, data: { id: 1, name: null }, msg: 'success' };
    expect(compile(true).write(answer)).toBe(JSON.stringify(answer));
  });

  it('in strict mode refuses an answer with a field its schema does not name, naming the field', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const answer = { status: 200, data: { id: 1, name: 'a', extra: true }, msg: 'success' };
    expect(() => compile(true).write(answer)).toThrow(
      'GET /x: the response schema drops or changes /data/extra',
    );
    stderr.mockRestore();
  });

  it('in strict mode refuses an answer of the wrong type or missing a field', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(() => compile(true).write({ status: 200, data: { id: '1', name: 'a' }, msg: 'success' })).toThrow(
      'does not fit its response schema',
    );
    expect(() => compile(true).write({ status: 200, data: { name: 'a' }, msg: 'success' })).toThrow(
      'does not fit its response schema',
    );
    stderr.mockRestore();
  });

  it('outside strict mode sends an answer the writer cannot write as JSON.stringify would, and logs it once', () => {
    const { log, write } = compile(false);
    const answer = { status: 200, data: { id: 1, name: 7 }, msg: 'success' };
    expect(write(answer)).toBe(JSON.stringify(answer));
    expect(write(answer)).toBe(JSON.stringify(answer));
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
