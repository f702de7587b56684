import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkMath).freeze();

/** Blocks whose words join the next block's with a space rather than running into them. */
const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'tableCell', 'blockquote', 'math', 'code']);

function collect(node: Nodes, out: string[]): void {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'inlineMath':
      out.push(node.value);
      return;
    case 'math':
    case 'code':
      // display maths and code blocks read badly as prose
      out.push(' ');
      return;
    case 'html':
      // raw HTML is never shown; its tags stand between words that run on
      return;
    case 'image':
      out.push(node.alt ?? '');
      return;
    case 'break':
      out.push(' ');
      return;
  }
  if ('children' in node) for (const child of node.children) collect(child, out);
  if (BLOCKS.has(node.type)) out.push(' ');
}

/**
 * The words of a Markdown text as one line of plain text: the text of paragraphs, headings, lists
 * and tables, inline code and inline maths as written (`$n$` → `n`), without markup, raw HTML,
 * display maths or code blocks. Used where only text fits, such as a page's meta description.
 */
export function markdownPlainText(markdown: string): string {
  if (!markdown.trim()) return '';
  const tree = parser.parse(markdown) as Root;
  const out: string[] = [];
  collect(tree, out);
  return out.join('').replace(/\s+/g, ' ').trim();
}
