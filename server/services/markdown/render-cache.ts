import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { renderMarkdownHtml } from './render-html';

/**
 * Announcements and contest descriptions are read far more often than they change, and KaTeX makes
 * a render cost milliseconds: the HTML is kept by a hash of the Markdown (an edit is a new key).
 */
const cache = new LRUCache<string, string>({
  max: 500,
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (v) => v.length + 1,
});

/** `renderMarkdownHtml`, remembered for texts seen recently. */
export function markdownHtml(markdown: string): string {
  if (!markdown.trim()) return '';
  const key = createHash('sha256').update(markdown).digest('base64url');
  let html = cache.get(key);
  if (html === undefined) {
    html = renderMarkdownHtml(markdown);
    cache.set(key, html);
  }
  return html;
}
