import { MarkdownHtml } from './markdown-html';
import { LazyMarkdown } from './markdown-lazy';

/**
 * Markdown the server sends rendered (`…Html` beside the raw field) is inserted as it is, so the
 * page never loads the Markdown renderer; a server that sends only the raw text (an older one, or a
 * HOJ server) gets the renderer on demand.
 */
export function RenderedMarkdown({
  html,
  text,
  className,
}: {
  html: string | undefined;
  text: string;
  className?: string;
}) {
  if (html !== undefined) return <MarkdownHtml html={html} className={className} />;
  return <LazyMarkdown text={text} className={className} />;
}
