import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from '@/server/services/markdown/render-html';
import { isSiteAddress } from '@/shared/lib/site-address';
import { MATH_BUDGET } from '@/shared/markdown/math-budget';
import { Markdown } from '@/web/components/markdown';

/**
 * What the browser test of hostile text (tests/e2e/hostile-text.e2e.test.ts) found in the Markdown
 * renderers, held on both of them (the server's and the web's component share the steps):
 * maths that costs seconds and megabytes is left as TeX source, sizes are capped, and an image
 * hosted elsewhere becomes a link.
 */

function webHtml(markdown: string): string {
  const { container } = render(<Markdown text={markdown} />);
  return container.innerHTML;
}

const both = (markdown: string) => [renderMarkdownHtml(markdown), webHtml(markdown)];

/** 127 characters that expand to 18,000 atoms: 7 s of CPU and 5 MB of HTML before the budget. */
const MACRO_BOMB = `$$\\def\\a{${'x+'.repeat(20)}x}\\def\\b{${'\\a'.repeat(10)}}\\def\\c{${'\\b'.repeat(10)}}${'\\c'.repeat(9)}$$`;

describe('maths over the budget stays TeX source', () => {
  it('does not render maths that defines macros, in any of TeX’s ways', () => {
    const defs = [
      MACRO_BOMB,
      `$\\newcommand{\\q}{${'y+'.repeat(20)}y}\\q\\q$`,
      '$\\renewcommand{\\le}{x}\\le$',
      '$\\gdef\\a{x}\\a$',
      '$\\edef\\a{x}\\a$',
      '$\\let\\a=\\b$',
      '$\\global\\def\\a{x}$',
      '```math\n\\def\\a{x}\\a\n```',
    ];
    for (const tex of defs) {
      // the definition is there to read, as source
      const definer = /\\[a-z]+/.exec(tex)?.[0] ?? '';
      for (const html of both(tex)) {
        expect(html).not.toContain('class="katex');
        expect(html).toMatch(new RegExp(`<code>[^<]*\\${definer}`));
      }
    }
  });

  it('renders the macro bomb as its source, small, on the server', () => {
    const html = renderMarkdownHtml(MACRO_BOMB);
    expect(html.startsWith('<p><code>\\def\\a{x+x+')).toBe(true);
    expect(html.length).toBeLessThan(500);
  });

  it('refuses one expression over its length and the maths of a text over its total', () => {
    const columns = `$\\begin{matrix}${'a&'.repeat(MATH_BUDGET.expressionChars / 2)}a\\end{matrix}$`;
    for (const html of both(columns)) expect(html).not.toContain('class="katex');
    // long to read but quick to draw: after the comment sign KaTeX skips the rest
    const tex = `x % ${'a'.repeat(896)}`;
    const many = Array.from({ length: 15 }, () => `$${tex}$`).join('\n\n');
    for (const html of both(many)) {
      const rendered = html.match(/class="katex"/g)?.length ?? 0;
      expect(rendered).toBe(Math.floor(MATH_BUDGET.textChars / tex.length));
      expect(html).toContain(`<code>${tex}</code>`);
    }
  });

  it('still renders ordinary maths, and words named like macros', () => {
    for (const html of both('$\\delta \\leq \\lettrine \\defaultvalue x_{i}$ and\n\n$$\\sum_{i=1}^n i$$')) {
      expect(html.match(/class="katex"/g)?.length).toBe(2);
    }
  });

  it('caps a \\rule of 100000em to 20em', () => {
    for (const html of both('$\\rule{100000em}{100000em}$')) {
      expect(html).toMatch(/border-right-width:\s*20em/);
      expect(html).not.toContain('100000em;');
    }
  });

  it('keeps commands that need trust off: no link, image or attribute from maths', () => {
    const tex = `$\\href{javascript:alert(1)}{x}$ $\\url{https://evil.example}$ $\\includegraphics{https://evil.example/i.png}$ $\\htmlData{foo=bar}{y}$`;
    for (const html of both(tex)) {
      expect(html).not.toMatch(/<a |<img |data-foo/);
      expect(html).not.toContain('href="javascript');
    }
  });
});

describe('images hosted elsewhere become links', () => {
  it('reads addresses as a browser does', () => {
    for (const on of ['/api/public/img/a.png', 'img/a.png', '?x=1', '#top', '/%5Cevil.example/x'])
      expect(isSiteAddress(on)).toBe(true);
    for (const off of [
      'https://evil.example/i.png',
      '//evil.example/i.png',
      '/\\evil.example/i.png',
      '\\\\evil.example/i.png',
      'https:evil.example/i.png',
      ' //evil.example/i.png',
      'data:image/png;base64,AAAA',
    ])
      expect(isSiteAddress(off)).toBe(false);
  });

  it('links an image of another host by its alt text and keeps the site’s own', () => {
    const markdown =
      '![remote](https://evil.example/i.png) ![](//evil.example/j.png) ![mine](/api/public/img/a.png)\n\n' +
      '[![inside](https://evil.example/k.png)](https://example.com/page)\n\n' +
      '![ref][r]\n\n[r]: http://evil.example/l.png';
    for (const html of both(markdown)) {
      expect(html).not.toMatch(/<img[^>]*evil\.example/);
      expect(html).toContain('<a href="https://evil.example/i.png">remote</a>');
      expect(html).toContain('<a href="//evil.example/j.png">//evil.example/j.png</a>');
      expect(html).toContain('<a href="http://evil.example/l.png">ref</a>');
      expect(html).toMatch(
        /<img (src="\/api\/public\/img\/a\.png" alt="mine"|alt="mine" src="\/api\/public\/img\/a\.png")>/,
      );
      // an image inside a link becomes its alt text: no link inside a link
      expect(html).toContain('<a href="https://example.com/page">inside</a>');
    }
  });
});
