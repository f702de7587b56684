import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { StatementHtml } from '../../../shared/api/types';
import { renderMarkdownHtml } from '../markdown/render-html';

/** The same fields, as Markdown (a problem row has them). */
type StatementMarkdown = Record<keyof StatementHtml, string>;

const FIELDS = [
  'description',
  'input',
  'output',
  'hint',
  'source',
] as const satisfies readonly (keyof StatementHtml)[];

/** The statement's Markdown fields rendered to sanitised HTML with KaTeX markup. */
export function renderStatementHtml(fields: StatementMarkdown): StatementHtml {
  return {
    description: renderMarkdownHtml(fields.description),
    input: renderMarkdownHtml(fields.input),
    output: renderMarkdownHtml(fields.output),
    hint: renderMarkdownHtml(fields.hint),
    source: renderMarkdownHtml(fields.source),
  };
}

/**
 * Rendered statements by the hash of their Markdown, so each version of a statement is rendered
 * once per process however often the (short-lived) detail cache reloads it; an edited statement
 * has a new hash and is rendered afresh. Bounded by entries and by the size of the HTML kept.
 */
export class StatementHtmlCache {
  private readonly cache = new LRUCache<string, StatementHtml>({
    max: 2000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (html) =>
      Math.max(
        1,
        FIELDS.reduce((n, f) => n + html[f].length, 0),
      ),
  });

  get(fields: StatementMarkdown): StatementHtml {
    const hash = createHash('sha256');
    for (const f of FIELDS) hash.update(`${fields[f].length}:${fields[f]}`);
    const key = hash.digest('base64url');
    let html = this.cache.get(key);
    if (!html) {
      html = renderStatementHtml(fields);
      this.cache.set(key, html);
    }
    return html;
  }
}
