import 'katex/dist/katex.min.css';
import ReactMarkdown from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { cn } from '@/shared/lib/utils';
import { markdownSanitizeSchema } from '@/shared/markdown/sanitize-schema';
import { markdownProseClass } from './markdown-prose';

/**
 * Markdown + GFM + KaTeX maths, sanitised with the schema the server's statement renderer uses
 * (no raw HTML, scripts or handlers). Heavy: import it through `LazyMarkdown` (markdown-lazy.tsx).
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn(markdownProseClass, className)}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath]}
        rehypePlugins={[[rehypeSanitize, markdownSanitizeSchema], rehypeKatex]}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
