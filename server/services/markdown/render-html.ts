import type { Element, Root, RootContent } from 'hast';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { KATEX_OPTIONS, rehypeMathBudget } from '../../../shared/markdown/math-budget';
import { markdownSanitizeSchema } from '../../../shared/markdown/sanitize-schema';
import { rehypeSiteImages } from '../../../shared/markdown/site-images';

/**
 * GFM table cells carry their column's alignment as `align`; React (the web's Markdown component)
 * turns it into a `text-align` style, so the server does the same and cells line up alike.
 */
function tableCellAlignToStyle() {
  const visit = (node: Root | RootContent) => {
    if (node.type !== 'root' && node.type !== 'element') return;
    if (node.type === 'element') moveAlign(node);
    for (const child of node.children) visit(child);
  };
  const moveAlign = (el: Element) => {
    const align = el.properties.align;
    if ((el.tagName !== 'td' && el.tagName !== 'th') || typeof align !== 'string') return;
    el.properties.style = `text-align: ${align};`;
    delete el.properties.align;
  };
  return (tree: Root) => visit(tree);
}

/**
 * Markdown + GFM + maths to HTML, the same steps as the web's Markdown component: raw HTML in the
 * text is dropped, the tree is sanitised with the shared schema, images hosted elsewhere become
 * links, maths over the budget stays TeX source, then KaTeX renders the rest (its own markup is
 * added after sanitising, as on the web) and table cells get their alignment as a style. The
 * result is safe to insert as HTML.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkRehype)
  .use(rehypeSanitize, markdownSanitizeSchema)
  .use(rehypeSiteImages)
  .use(rehypeMathBudget)
  .use(rehypeKatex, KATEX_OPTIONS)
  .use(tableCellAlignToStyle)
  .use(rehypeStringify)
  .freeze();

export function renderMarkdownHtml(markdown: string): string {
  if (!markdown.trim()) return '';
  return String(processor.processSync(markdown));
}
