import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'puppeteer-core';

/**
 * axe-core inside the browser tests: run it on the page as it stands and fail with a list a
 * person can act on (rule, impact, the elements and what axe says is wrong with each).
 *
 * The source is evaluated through the DevTools protocol rather than added as a <script>: the
 * site's Content-Security-Policy refuses inline scripts, and evaluation from the protocol is
 * outside the page's policy, so the page is checked under the policy it really runs with.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE: string = (require('axe-core') as { source: string }).source;

/** Every rule axe runs by default (WCAG 2.x A and AA, and its best practices). */
const OPTIONS: RunOptions = { resultTypes: ['violations'] };

/** The violations axe finds on the page, as readable lines (empty: none). */
export async function axeViolations(page: Page, context = 'document'): Promise<string[]> {
  const injected = await page.evaluate(
    () => typeof (window as unknown as { axe?: unknown }).axe === 'object',
  );
  if (!injected) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(
    async (selector, options) => {
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe;
      return axe.run(selector === 'document' ? document : selector, options);
    },
    context,
    OPTIONS as Record<string, unknown>,
  )) as AxeResults;
  return results.violations.flatMap(describe);
}

function describe(v: Result): string[] {
  return v.nodes.map((n) => {
    const why = n.failureSummary?.replace(/\s+/g, ' ').trim() ?? '';
    const html = n.html.replace(/\s+/g, ' ').slice(0, 160);
    return `${v.id} (${v.impact ?? 'n/a'}) ${n.target.join(' ')} ${html}: ${why}`;
  });
}

/** Fails, naming the screen, when axe finds any violation on the page. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const found = await axeViolations(page);
  if (found.length > 0) {
    throw new Error(`axe: ${found.length} violation(s) on ${screen}:\n  ${found.join('\n  ')}`);
  }
}
