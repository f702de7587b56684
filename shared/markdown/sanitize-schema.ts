import { defaultSchema, type Options } from 'rehype-sanitize';

/**
 * The one sanitiser schema for Markdown shown on the site: the server's statement renderer and the
 * web's Markdown component both use it, so a statement is cleaned the same way wherever it is
 * rendered. It is GitHub's (no scripts, no event handlers, no `javascript:` links, raw HTML
 * dropped) plus the classes remark-math puts on maths, so KaTeX still finds them after sanitising.
 */
export const markdownSanitizeSchema: Options = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
  },
};
