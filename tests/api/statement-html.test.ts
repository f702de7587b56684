import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProblem } from '../../server/seeds/demo';
import type { StatementHtml } from '../../shared/api/types';
import { type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * GET /api/get-problem-detail's `statementHtml`: the statement's Markdown rendered on the
 * server, maths by KaTeX, tables by GFM, and nothing of the raw HTML a statement may carry able
 * to run. The Markdown itself is still sent, unchanged, for HOJ clients and the extension.
 */
const STATEMENT = {
  description: 'Sum $a+b$ of\n\n$$\n\\sum_{i=1}^n i\n$$\n\n| a | b |\n|---|---|\n| 1 | 2 |',
  input: 'Two numbers.<script>alert(1)</script>\n\n<script>window.pwned = 1</script>\n\n```cpp\nint x;\n```',
  output:
    '<img src=x onerror="alert(1)"> [go](javascript:alert(1)) <a href="javascript:alert(2)">raw</a>\n\n' +
    '<iframe src="https://example.com"></iframe>',
  hint: 'Use `long long`. <style>body{display:none}</style><b onclick="alert(3)">bold</b>',
  source: '',
};

const all = (html: StatementHtml) => Object.values(html).join('\n');

describe.each(DATABASES)('statement HTML on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let anon: TestClient;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const { db, files } = server.server.ctx;
    await insertProblem(db, files, {
      problemId: 'S1',
      title: 'Statement',
      type: 0,
      timeLimit: 1000,
      memoryLimit: 128,
      difficulty: 0,
      ...STATEMENT,
      examples: [{ input: '1 2', output: '3' }],
      cases: [{ input: '1 2\n', output: '3\n', score: 0 }],
      tags: [],
    });
    anon = testClient(server.url);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('renders inline and display maths with KaTeX, GFM tables and code, and keeps the Markdown', async () => {
    const detail = await anon.api.getProblemDetail('S1');
    const html = detail.statementHtml;
    if (!html) throw new Error('statementHtml missing');
    expect(html.description.match(/<span class="katex">/g)).toHaveLength(2);
    expect(html.description).toContain('<span class="katex-display">');
    expect(html.description).toContain('<annotation encoding="application/x-tex">a+b</annotation>');
    expect(html.description).toMatch(/<table>[\s\S]*<th>a<\/th>[\s\S]*<td>2<\/td>/);
    expect(html.input).toContain('<pre><code class="language-cpp">int x;');
    expect(html.hint).toContain('<code>long long</code>');
    expect(html.source).toBe('');
    // the Markdown fields are sent as stored
    expect(detail.problem.description).toBe(STATEMENT.description);
    expect(detail.problem.output).toBe(STATEMENT.output);
  });

  it('strips scripts, event handlers, javascript: links, frames and styles from raw HTML', async () => {
    const html = (await anon.api.getProblemDetail('S1')).statementHtml;
    if (!html) throw new Error('statementHtml missing');
    const text = all(html);
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'javascript:',
      '<iframe',
      '<style',
      '<img',
      'alert(2)',
    ]) {
      expect(text).not.toContain(bad);
    }
    expect(html.input).not.toContain('window.pwned');
    // the link whose target was removed keeps its text, inert
    expect(html.output).toContain('<a>go</a>');
    expect(html.hint).toContain('bold');
  });

  it('renders an edited statement afresh', async () => {
    const { db, caches } = server.server.ctx;
    await db.kysely
      .updateTable('problem')
      .set({ description: 'Now $x^2$ only.' })
      .where('problem_id', '=', 'S1')
      .execute();
    // an edit in this process drops the detail (other replicas wait out its 5 s)
    caches.problems.detail.delete('S1');
    const html = (await anon.api.getProblemDetail('S1')).statementHtml;
    expect(html?.description.match(/<span class="katex">/g)).toHaveLength(1);
    expect(html?.description).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
    expect(html?.description).not.toContain('<table>');
  });
});
