import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from '@/server/services/markdown/render-html';
import { renderStatementHtml, StatementHtmlCache } from '@/server/services/problems/statement-html';
import { Markdown } from '@/web/components/markdown';

/**
 * The server's statement renderer and the web's Markdown component use one sanitiser schema
 * (shared/markdown/sanitize-schema.ts) and the same plugins: the same Markdown gives the same
 * elements, attributes and text, so a statement looks the same rendered either way.
 */

/**
 * Elements in document order with their attributes (sorted; styles without spaces, as React and
 * the HTML serialiser space them differently), and the text without the whitespace between
 * blocks that React leaves out.
 */
function shape(root: Element) {
  const attribute = (a: Attr) => `${a.name}=${a.name === 'style' ? a.value.replace(/\s+/g, '') : a.value}`;
  const elements = [...root.querySelectorAll('*')].map((el) =>
    [el.tagName.toLowerCase(), ...[...el.attributes].map(attribute).sort()].join(' '),
  );
  return { elements, text: root.textContent?.replace(/\s+/g, '') };
}

function serverShape(markdown: string) {
  const div = document.createElement('div');
  div.innerHTML = renderMarkdownHtml(markdown);
  return shape(div);
}

function webShape(markdown: string) {
  const { container } = render(<Markdown text={markdown} />);
  return shape(container.firstElementChild as Element);
}

const SAMPLES = {
  maths: 'Sum $a+b$ of\n\n$$\n\\sum_{i=1}^n \\frac{i}{2}\n$$',
  table: '| $n$ | Points |\n|---:|:---:|\n| $\\le 10$ | **30** |',
  lists: '1. one\n2. ~~two~~\n\n- [x] done\n- [ ] to do\n\n> quoted *text*',
  code: 'Inline `x` and\n\n```cpp\nint main() { return 0; }\n```',
  links:
    '[doc](https://example.com/a?b=1) <https://example.com> [bad](javascript:alert(1)) ![i](https://example.com/i.png)',
  rawHtml:
    'a<script>alert(1)</script>b <img src=x onerror="alert(1)"> <a href="javascript:alert(2)">c</a>\n\n<div onclick="x()">block</div>',
};

describe('one sanitiser for server and web Markdown', () => {
  for (const [name, markdown] of Object.entries(SAMPLES)) {
    it(`renders ${name} the same on the server and in the web component`, () => {
      const server = serverShape(markdown);
      expect(server.elements.length + (server.text?.length ?? 0)).toBeGreaterThan(0);
      expect(server).toEqual(webShape(markdown));
    });
  }

  it('leaves nothing of raw HTML able to run', () => {
    const html = renderMarkdownHtml(`${SAMPLES.rawHtml}\n\n${SAMPLES.links}`);
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<img src="x"']) {
      expect(html).not.toContain(bad);
    }
    // an image of another host is a link to it (shared/markdown/site-images.ts)
    expect(html).toContain('<a href="https://example.com/i.png">i</a>');
  });
});

describe('statement HTML cache', () => {
  const statement = { description: 'Print $a+b$.', input: 'x', output: 'y', hint: '', source: 'demo' };

  it('renders each field, empty ones to the empty string', () => {
    const html = renderStatementHtml(statement);
    expect(html.description).toContain('class="katex"');
    expect(html.input).toBe('<p>x</p>');
    expect(html.hint).toBe('');
    expect(html.source).toBe('<p>demo</p>');
  });

  it('renders a version of a statement once, and an edited one afresh', () => {
    const cache = new StatementHtmlCache();
    const first = cache.get(statement);
    expect(cache.get({ ...statement })).toBe(first);
    const edited = cache.get({ ...statement, hint: 'Mind overflow.' });
    expect(edited).not.toBe(first);
    expect(edited.hint).toBe('<p>Mind overflow.</p>');
    // moving text between fields is a different statement
    expect(cache.get({ ...statement, input: '', output: 'xy' })).not.toBe(first);
  });
});
