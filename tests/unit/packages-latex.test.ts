// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { latexStatement, latexToMarkdown } from '../../server/services/packages/latex';

describe('LaTeX statements as Markdown', () => {
  it('keeps math verbatim, including characters that are special in text', () => {
    expect(latexToMarkdown('Let $a_i \\le 10^9$ and $$\\sum_{i=1}^n a_i$$ hold, 50\\% of~them.')).toBe(
      'Let $a_i \\le 10^9$ and\n$$\n\\sum_{i=1}^n a_i\n$$\nhold, 50% of them.',
    );
    expect(latexToMarkdown('\\[ x^2 \\] and \\(y\\)')).toBe('$$\nx^2\n$$\nand $y$');
    expect(latexToMarkdown('\\begin{align*} a &= b \\\\ c &= d \\end{align*}')).toContain(
      '$$\n\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}\n$$',
    );
  });

  it('maps text commands, quotes, dashes and drops comments', () => {
    expect(
      latexToMarkdown(
        "\\textbf{Bold}, \\emph{em}, \\texttt{code} -- ``quoted'' --- done. % hidden\n\\noindent Next\\ldots",
      ),
    ).toBe('**Bold**, *em*, `code` – “quoted” — done.\nNext…');
    expect(latexToMarkdown('See \\url{https://example.org} or \\href{https://x.org}{this page}.')).toBe(
      'See <https://example.org> or [this page](https://x.org).',
    );
    expect(latexToMarkdown('100\\% sure \\& \\$5 \\_x')).toBe('100% sure & $5 _x');
  });

  it('turns lists, tables and verbatim blocks into Markdown and drops figures', () => {
    expect(latexToMarkdown('\\begin{itemize}\n  \\item one\n  \\item two $x$\n\\end{itemize}')).toBe(
      '- one\n- two $x$',
    );
    expect(latexToMarkdown('\\begin{enumerate}\\item a\\item b\\end{enumerate}')).toBe('1. a\n1. b');
    expect(
      latexToMarkdown('\\begin{tabular}{|c|c|}\\hline a & b \\\\ 1 & 2 \\\\ \\hline\\end{tabular}'),
    ).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
    expect(latexToMarkdown('\\begin{verbatim}\n  keep   this\n\\end{verbatim}')).toBe(
      '```\n  keep   this\n```',
    );
    expect(
      latexToMarkdown(
        'Text.\n\\begin{figure}\\includegraphics[width=5cm]{a.png}\\caption{A}\\end{figure}\n\\illustration{0.3}{b.png}{Cap}More.',
      ),
    ).toBe('Text.\n\nMore.');
  });

  it('splits a whole statement into description, input, output and notes', () => {
    const s = latexStatement(
      '\\documentclass{article}\\begin{document}\\problemname{Hello \\emph{World}}\nSay hello.\n\\section*{Input}\nNone.\n\\section{Output}\nHello.\n\\subsection*{Notes}\nEasy.\n\\end{document}',
    );
    expect(s).toEqual({
      title: 'Hello *World*',
      description: 'Say hello.',
      input: 'None.',
      output: 'Hello.',
      interaction: '',
      notes: 'Easy.',
    });
  });

  it('understands the 2025-09 Input/Output environments and constants', () => {
    const s = latexStatement(
      'Up to \\constant{maxn}.\n\\begin{Input}\nN.\n\\end{Input}\n\\begin{Output}\nM.\n\\end{Output}',
      {
        maxn: '1000',
      },
    );
    expect([s.description, s.input, s.output]).toEqual(['Up to 1000.', 'N.', 'M.']);
  });

  it('never indents text into a code block', () => {
    expect(latexToMarkdown('\\begin{center}\n        centered text\n\\end{center}')).toBe('centered text');
  });
});
