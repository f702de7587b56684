import 'katex/dist/katex.min.css';
import { cn } from '@/shared/lib/utils';
import { markdownProseClass } from './markdown-prose';

/**
 * Markdown the server has already rendered and sanitised (a problem's `statementHtml`), with the
 * typography of the Markdown component; KaTeX's stylesheet comes with it.
 */
export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server with the shared schema
  return <div className={cn(markdownProseClass, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
