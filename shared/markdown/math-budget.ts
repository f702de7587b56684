import type { Element, Root, RootContent } from 'hast';
import type { Options as KatexOptions } from 'rehype-katex';

/**
 * How much maths one text may ask KaTeX to draw. KaTeX's work grows with what the TeX expands to,
 * not with its length: a 127-character `\def` chain expands to 18,000 atoms (7 s of CPU, 5 MB of
 * HTML), and KaTeX cannot be interrupted. The server renders posts, group descriptions and
 * statements with it, and every reader's browser renders comments. So maths that defines macros,
 * an expression longer than `expressionChars`, and the maths beyond `textChars` in one text are
 * shown as their TeX source instead of being rendered.
 */
export const MATH_BUDGET = {
  /** characters of TeX in one expression (a long aligned derivation is well under 1,000) */
  expressionChars: 2000,
  /** characters of TeX rendered in one text; the rest shows as source */
  textChars: 10_000,
} as const;

/** What KaTeX is told wherever the site renders maths. */
export const KATEX_OPTIONS: KatexOptions = {
  // \href, \url, \includegraphics and \html… stay off: they would put links, images and
  // attributes the sanitiser never saw into the page
  trust: false,
  // sizes users give (\rule, \kern, \raisebox, \hspace) are capped, in ems: a rule of 100000em
  // would make the page millions of pixels wide and tall
  maxSize: 20,
  maxExpand: 1000,
  // non-LaTeX input renders as it did; it is not worth a line in the server's log per reader
  strict: 'ignore',
};

/**
 * TeX's ways of defining a macro (\def and its global and expanding forms, \let, \newcommand and
 * its kin): a macro used many times, each use expanding others, is how a short text becomes
 * megabytes. A control word ends at the first character that is not a letter or @.
 */
const DEFINES_MACRO = /\\(?:[gex]?def|let|futurelet|global|long|(?:re|provide)?newcommand)(?![A-Za-z@])/;

const MATH_CLASSES = ['math-inline', 'math-display', 'language-math'];

function classesOf(el: Element): string[] {
  const value = el.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function textOf(node: Element | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(textOf).join('');
}

/**
 * A rehype plugin for between the sanitiser and rehype-katex: maths over the budget loses the
 * classes rehype-katex looks for and stays a code element holding its TeX source.
 */
export function rehypeMathBudget() {
  return (tree: Root) => {
    let spent = 0;
    const visit = (node: Root | RootContent) => {
      if (node.type !== 'root' && node.type !== 'element') return;
      if (node.type === 'element' && node.tagName === 'code') {
        const classes = classesOf(node);
        if (classes.some((c) => MATH_CLASSES.includes(c))) {
          const tex = textOf(node);
          const refused =
            tex.length > MATH_BUDGET.expressionChars ||
            spent + tex.length > MATH_BUDGET.textChars ||
            DEFINES_MACRO.test(tex);
          if (!refused) spent += tex.length;
          else {
            const kept = classes.filter((c) => !MATH_CLASSES.includes(c));
            if (kept.length > 0) node.properties.className = kept;
            else delete node.properties.className;
          }
          return;
        }
      }
      for (const child of node.children) visit(child);
    };
    visit(tree);
  };
}
