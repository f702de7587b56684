import 'katex/dist/katex.min.css';
import ReactMarkdown from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { cn } from '@/shared/lib/utils';
import { KATEX_OPTIONS, rehypeMathBudget } from '@/shared/markdown/math-budget';
import { markdownSanitizeSchema } from '@/shared/markdown/sanitize-schema';
import { rehypeSiteImages } from '@/shared/markdown/site-images';
import { markdownProseClass } from './markdown-prose';

/**
 * Markdown + GFM + KaTeX maths, sanitised with the schema the server's statement renderer uses
 * (no raw HTML, scripts or handlers), with its steps after that too: images hosted elsewhere
 * become links and maths over the budget stays TeX source (shared/markdown). Heavy: import it
 * through `LazyMarkdown` (markdown-lazy.tsx).
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn(markdownProseClass, className)}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath]}
        rehypePlugins={[
          [rehypeSanitize, markdownSanitizeSchema],
          rehypeSiteImages,
          rehypeMathBudget,
          [rehypeKatex, KATEX_OPTIONS],
        ]}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
