/**
 * LaTeX statements (Kattis problem_statement/*.tex, Polygon statement sections) as Markdown with
 * KaTeX math, which is what the web app renders. Not a LaTeX engine: math is kept verbatim, the
 * common text commands and environments of problem statements are mapped, figures are dropped and
 * anything unknown keeps its text.
 */

export interface LatexSections {
  /** \problemname{...} */
  title: string | null;
  description: string;
  input: string;
  output: string;
  interaction: string;
  notes: string;
}

const SECTION = '\u0001';
const HOLD = '\u0002';

function stripComments(src: string): string {
  const out: string[] = [];
  for (const line of src.replace(/\r\n?/g, '\n').split('\n')) {
    let cut = -1;
    for (let i = 0; i < line.length; i++) {
      if (line[i] !== '%') continue;
      let slashes = 0;
      for (let j = i - 1; j >= 0 && line[j] === '\\'; j--) slashes++;
      if (slashes % 2 === 0) {
        cut = i;
        break;
      }
    }
    if (cut < 0) out.push(line);
    else if (line.slice(0, cut).trim() !== '') out.push(line.slice(0, cut));
    // a line that was only a comment disappears (it must not split a paragraph)
  }
  return out.join('\n');
}

/** Reads a balanced {...} group starting at `i` (after optional spaces); null if none. */
function readGroup(s: string, i: number): { content: string; end: number } | null {
  let j = i;
  while (j < s.length && (s[j] === ' ' || s[j] === '\t')) j++;
  if (s[j] !== '{') return null;
  let depth = 0;
  for (let k = j; k < s.length; k++) {
    const c = s[k];
    if (c === '\\') {
      k++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return { content: s.slice(j + 1, k), end: k + 1 };
    }
  }
  return { content: s.slice(j + 1), end: s.length };
}

/** Skips an optional [...] argument. */
function skipOptional(s: string, i: number): { content: string | null; end: number } {
  let j = i;
  while (j < s.length && s[j] === ' ') j++;
  if (s[j] !== '[') return { content: null, end: i };
  const close = s.indexOf(']', j);
  if (close < 0) return { content: null, end: i };
  return { content: s.slice(j + 1, close), end: close + 1 };
}

/** Finds the \end{name} matching a \begin{name} whose body starts at `from`. */
function findEnd(s: string, name: string, from: number): { body: string; end: number } {
  const begin = `\\begin{${name}}`;
  const end = `\\end{${name}}`;
  let depth = 1;
  let i = from;
  while (i < s.length) {
    const nb = s.indexOf(begin, i);
    const ne = s.indexOf(end, i);
    if (ne < 0) break;
    if (nb >= 0 && nb < ne) {
      depth++;
      i = nb + begin.length;
      continue;
    }
    depth--;
    if (depth === 0) return { body: s.slice(from, ne), end: ne + end.length };
    i = ne + end.length;
  }
  return { body: s.slice(from), end: s.length };
}

const LITERAL: Record<string, string> = {
  '%': '%',
  '&': '&',
  _: '_',
  '#': '#',
  $: '$',
  '{': '{',
  '}': '}',
  ' ': ' ',
  ',': ' ',
  ';': ' ',
  '!': '',
  '-': '',
  '/': '',
  '\\': '\n',
  ldots: '…',
  dots: '…',
  textellipsis: '…',
  cdots: '…',
  LaTeX: 'LaTeX',
  TeX: 'TeX',
  newline: '\n',
  linebreak: '\n',
  par: '\n\n',
  textbackslash: '\\',
  textasciitilde: '~',
  textasciicircum: '^',
  textless: '<',
  textgreater: '>',
  textbar: '|',
  S: '§',
  copyright: '©',
  quad: ' ',
  qquad: ' ',
};

/** Commands dropped together with their arguments: name → number of {...} arguments. */
const DROP_WITH_ARGS: Record<string, number> = {
  label: 1,
  vspace: 1,
  'vspace*': 1,
  hspace: 1,
  'hspace*': 1,
  includegraphics: 1,
  illustration: 3,
  cite: 1,
  ref: 1,
  input: 1,
  include: 1,
  setlength: 2,
  addtolength: 2,
  newcommand: 2,
  renewcommand: 2,
  usepackage: 1,
  documentclass: 1,
  pagestyle: 1,
  thispagestyle: 1,
  setcounter: 2,
  caption: 1,
};

/** Switches and layout commands without text. */
const DROP = new Set([
  'noindent',
  'indent',
  'medskip',
  'smallskip',
  'bigskip',
  'centering',
  'clearpage',
  'newpage',
  'pagebreak',
  'nextsample',
  'remainingsamples',
  'bf',
  'it',
  'tt',
  'rm',
  'sf',
  'sc',
  'em',
  'bfseries',
  'itshape',
  'ttfamily',
  'tiny',
  'scriptsize',
  'footnotesize',
  'small',
  'normalsize',
  'large',
  'Large',
  'LARGE',
  'huge',
  'Huge',
  'hline',
  'hfill',
  'vfill',
  'maketitle',
  'raggedright',
  'sloppy',
  'exmp',
  'exmpfile',
]);

const WRAP: Record<string, [string, string]> = {
  textbf: ['**', '**'],
  textit: ['*', '*'],
  emph: ['*', '*'],
  texttt: ['`', '`'],
  sout: ['~~', '~~'],
};

const HEADINGS: Record<string, string> = {
  section: '## ',
  'section*': '## ',
  subsection: '### ',
  'subsection*': '### ',
  subsubsection: '#### ',
  'subsubsection*': '#### ',
  paragraph: '**',
  'paragraph*': '**',
};

const SECTION_ENVS = new Set(['Input', 'Output', 'Interaction', 'Notes', 'Note', 'Explanation']);

interface Ctx {
  constants: Record<string, string>;
  held: string[];
  title: string | null;
}

function hold(ctx: Ctx, text: string): string {
  ctx.held.push(text);
  return `${HOLD}${ctx.held.length - 1}${HOLD}`;
}

/** Math and verbatim material is set aside before the text conversion and put back after it. */
function protect(s: string, ctx: Ctx): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const rest = s.slice(i, i + 20);
    const verb = /^\\begin\{(verbatim|lstlisting|Verbatim)\}/.exec(rest);
    if (verb) {
      const { body, end } = findEnd(s, verb[1], i + verb[0].length);
      out += `\n${hold(ctx, `\`\`\`\n${body.replace(/^\n/, '').replace(/\n$/, '')}\n\`\`\``)}\n`;
      i = end;
      continue;
    }
    const mathEnv = /^\\begin\{(equation\*?|align\*?|displaymath|gather\*?|eqnarray\*?)\}/.exec(rest);
    if (mathEnv) {
      const { body, end } = findEnd(s, mathEnv[1], i + mathEnv[0].length);
      const inner = mathEnv[1].startsWith('align') ? `\\begin{aligned}${body}\\end{aligned}` : body;
      out += hold(ctx, `\n$$\n${inner.trim()}\n$$\n`);
      i = end;
      continue;
    }
    if (s.startsWith('\\verb', i) && i + 5 < s.length && !/[a-zA-Z*]/.test(s[i + 5])) {
      const delim = s[i + 5];
      const close = s.indexOf(delim, i + 6);
      if (close > 0) {
        out += hold(ctx, `\`${s.slice(i + 6, close)}\``);
        i = close + 1;
        continue;
      }
    }
    if (s[i] === '\\' && (s[i + 1] === '$' || s[i + 1] === '\\' || s[i + 1] === '%')) {
      out += s.slice(i, i + 2);
      i += 2;
      continue;
    }
    const pairs: [string, string, string, string][] = [
      ['$$', '$$', '$$', '$$'],
      ['\\[', '\\]', '$$', '$$'],
      ['\\(', '\\)', '$', '$'],
      ['$', '$', '$', '$'],
    ];
    let matched = false;
    for (const [open, close, mdOpen, mdClose] of pairs) {
      if (!s.startsWith(open, i)) continue;
      let j = i + open.length;
      let found = -1;
      while (j < s.length) {
        if (s[j] === '\\') {
          if (s.startsWith(close, j) && close.startsWith('\\')) {
            found = j;
            break;
          }
          j += 2;
          continue;
        }
        if (s.startsWith(close, j)) {
          found = j;
          break;
        }
        j++;
      }
      if (found < 0) continue;
      const body = s.slice(i + open.length, found);
      const display = mdOpen === '$$';
      i = found + close.length;
      if (display) {
        // a display formula stands on its own lines: no spaces around it
        out = out.replace(/[ \t]+$/, '');
        while (s[i] === ' ' || s[i] === '\t') i++;
      }
      out += hold(ctx, display ? `\n$$\n${body.trim()}\n$$\n` : `${mdOpen}${body.trim()}${mdClose}`);
      matched = true;
      break;
    }
    if (matched) continue;
    out += s[i];
    i++;
  }
  return out;
}

function convertList(body: string, kind: string, ctx: Ctx): string {
  const items = body.split(/\\item\b/);
  const lines: string[] = [];
  for (const item of items.slice(1)) {
    let text = item;
    let label = '';
    const opt = skipOptional(text, 0);
    if (opt.content !== null) {
      label = `**${convert(opt.content, ctx).trim()}** `;
      text = text.slice(opt.end);
    }
    const converted = convert(text, ctx)
      .trim()
      .split('\n')
      .map((l, i) => (i === 0 ? l : `   ${l.trim()}`))
      .join('\n');
    lines.push(`${kind === 'enumerate' ? '1.' : '-'} ${label}${converted}`);
  }
  return `\n\n${lines.join('\n')}\n\n`;
}

function convertTable(body: string, ctx: Ctx): string {
  const rows = body
    .replace(/\\(hline|toprule|midrule|bottomrule)\b/g, '')
    .replace(/\\cline\{[^}]*\}/g, '')
    .split(/\\\\/)
    .map((r) => r.trim())
    .filter((r) => r !== '');
  if (rows.length === 0) return '';
  const cells = rows.map((r) => r.split(/(?<!\\)&/).map((c) => convert(c, ctx).replace(/\n+/g, ' ').trim()));
  const width = Math.max(...cells.map((r) => r.length));
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, k) => r[k] ?? '').join(' | ')} |`;
  return `\n\n${[line(cells[0]), `|${' --- |'.repeat(width)}`, ...cells.slice(1).map(line)].join('\n')}\n\n`;
}

function convertEnvironment(name: string, body: string, ctx: Ctx): string {
  if (name === 'itemize' || name === 'enumerate' || name === 'description')
    return convertList(body, name, ctx);
  if (name === 'tabular' || name === 'tabular*' || name === 'tabularx') {
    const spec = readGroup(body, 0);
    return convertTable(spec ? body.slice(spec.end) : body, ctx);
  }
  if (name === 'figure' || name === 'figure*' || name === 'wrapfigure' || name === 'tikzpicture') return '';
  if (SECTION_ENVS.has(name)) return `\n${SECTION}${name}${SECTION}\n${convert(body, ctx)}\n`;
  if (name === 'quote' || name === 'quotation') {
    const text = convert(body, ctx).trim();
    return `\n\n${text
      .split('\n')
      .map((l) => `> ${l.trim()}`)
      .join('\n')}\n\n`;
  }
  if (name === 'minipage') {
    const arg = readGroup(body, skipOptional(body, 0).end);
    return convert(arg ? body.slice(arg.end) : body, ctx);
  }
  return `\n${convert(body, ctx)}\n`;
}

function convert(s: string, ctx: Ctx): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\') {
      const m = /^\\([a-zA-Z]+\*?|.)/s.exec(s.slice(i, i + 40));
      if (!m) {
        i++;
        continue;
      }
      const name = m[1];
      let j = i + m[0].length;
      if (name === 'begin') {
        const env = readGroup(s, j);
        if (!env) {
          i = j;
          continue;
        }
        const { body, end } = findEnd(s, env.content, env.end);
        out += convertEnvironment(env.content, body, ctx);
        i = end;
        continue;
      }
      if (name === 'end') {
        const env = readGroup(s, j);
        i = env ? env.end : j;
        continue;
      }
      if (name in LITERAL && !/^[a-zA-Z]/.test(name)) {
        out += LITERAL[name];
        i = j;
        continue;
      }
      if (name in LITERAL) {
        out += LITERAL[name];
        // a control word eats the following space; `{}` after it is an empty group
        if (s.startsWith('{}', j)) j += 2;
        i = j;
        continue;
      }
      if (name === 'problemname') {
        const g = readGroup(s, j);
        if (g) {
          ctx.title = convert(g.content, ctx).trim() || null;
          i = g.end;
        } else i = j;
        continue;
      }
      if (name === 'constant') {
        const g = readGroup(s, j);
        if (g) {
          out += ctx.constants[g.content.trim()] ?? g.content.trim();
          i = g.end;
        } else i = j;
        continue;
      }
      if (name === 'def') {
        const macro = /^\s*\\[a-zA-Z@]+[^{]*/.exec(s.slice(j, j + 80));
        j += macro ? macro[0].length : 0;
        i = readGroup(s, j)?.end ?? j;
        continue;
      }
      if (name in DROP_WITH_ARGS) {
        for (let n = 0; n < DROP_WITH_ARGS[name]; n++) {
          j = skipOptional(s, j).end;
          const g = readGroup(s, j);
          if (!g) break;
          j = g.end;
        }
        i = j;
        continue;
      }
      if (DROP.has(name)) {
        i = j;
        while (s[i] === ' ') i++;
        continue;
      }
      if (name in HEADINGS) {
        j = skipOptional(s, j).end;
        const g = readGroup(s, j);
        const text = g ? convert(g.content, ctx).trim() : '';
        const key = /^(input|output|interaction|notes?|explanation)\b/i.exec(text)?.[1];
        if (key && (name.startsWith('section') || name.startsWith('subsection')))
          out += `\n${SECTION}${key[0].toUpperCase()}${key.slice(1).toLowerCase()}${SECTION}\n`;
        else if (name.startsWith('paragraph')) out += `\n\n**${text}** `;
        else out += `\n\n${HEADINGS[name]}${text}\n\n`;
        i = g ? g.end : j;
        continue;
      }
      if (name in WRAP) {
        const g = readGroup(s, j);
        if (g) {
          const [open, close] = WRAP[name];
          const text = convert(g.content, ctx).trim();
          out += text ? `${open}${text}${close}` : '';
          i = g.end;
        } else i = j;
        continue;
      }
      if (name === 'url') {
        const g = readGroup(s, j);
        out += g ? `<${g.content.trim()}>` : '';
        i = g ? g.end : j;
        continue;
      }
      if (name === 'href') {
        const url = readGroup(s, j);
        const text = url ? readGroup(s, url.end) : null;
        if (url && text) {
          out += `[${convert(text.content, ctx).trim()}](${url.content.trim()})`;
          i = text.end;
        } else i = url ? url.end : j;
        continue;
      }
      if (name === 'footnote') {
        const g = readGroup(s, j);
        out += g ? ` (${convert(g.content, ctx).trim()})` : '';
        i = g ? g.end : j;
        continue;
      }
      if (name === 'item') {
        out += '\n- ';
        i = skipOptional(s, j).end;
        continue;
      }
      // unknown command: keep the text of its arguments
      j = skipOptional(s, j).end;
      let text = '';
      for (let g = readGroup(s, j); g; g = readGroup(s, j)) {
        text += convert(g.content, ctx);
        j = g.end;
      }
      out += text;
      i = j;
      continue;
    }
    if (c === '{' || c === '}') {
      i++;
      continue;
    }
    if (c === '~') {
      out += ' ';
      i++;
      continue;
    }
    if (s.startsWith('---', i)) {
      out += '—';
      i += 3;
      continue;
    }
    if (s.startsWith('--', i)) {
      out += '–';
      i += 2;
      continue;
    }
    if (s.startsWith('``', i)) {
      out += '“';
      i += 2;
      continue;
    }
    if (s.startsWith("''", i)) {
      out += '”';
      i += 2;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

function tidy(text: string, ctx: Ctx): string {
  const lines = text.split('\n').map((l) => l.replace(/[ \t]+$/, ''));
  const out: string[] = [];
  for (const line of lines) {
    // indentation from the LaTeX source would turn into code blocks in Markdown (lists keep theirs)
    out.push(/^\s+(- |1\. |\d+\. )/.test(line) || /^ {3}\S/.test(line) ? line : line.replace(/^[ \t]+/, ''));
  }
  let joined = out.join('\n').replace(/\n{3,}/g, '\n\n');
  for (let round = 0; round < 3 && joined.includes(HOLD); round++)
    joined = joined.replace(new RegExp(`${HOLD}(\\d+)${HOLD}`, 'g'), (_, n: string) => ctx.held[Number(n)]);
  return joined.replace(/\n{3,}/g, '\n\n').trim();
}

function documentBody(src: string): string {
  const begin = src.indexOf('\\begin{document}');
  if (begin < 0) return src;
  const end = src.indexOf('\\end{document}', begin);
  return src.slice(begin + '\\begin{document}'.length, end < 0 ? undefined : end);
}

/** A LaTeX fragment as Markdown. */
export function latexToMarkdown(src: string, constants: Record<string, string> = {}): string {
  const ctx: Ctx = { constants, held: [], title: null };
  const text = convert(protect(stripComments(documentBody(src)), ctx), ctx);
  return tidy(text.split(SECTION).join(''), ctx);
}

/** A whole LaTeX statement split into HOJ's fields (Input / Output / Interaction / Notes sections). */
export function latexStatement(src: string, constants: Record<string, string> = {}): LatexSections {
  const ctx: Ctx = { constants, held: [], title: null };
  const text = convert(protect(stripComments(documentBody(src)), ctx), ctx);
  const parts: Record<string, string[]> = {
    description: [],
    input: [],
    output: [],
    interaction: [],
    notes: [],
  };
  let current = 'description';
  const chunks = text.split(SECTION);
  for (let k = 0; k < chunks.length; k++) {
    if (k % 2 === 1) {
      const name = chunks[k].toLowerCase();
      current = name.startsWith('note') || name === 'explanation' ? 'notes' : name;
      if (!(current in parts)) current = 'description';
      continue;
    }
    parts[current].push(chunks[k]);
  }
  const field = (key: string) => tidy(parts[key].join('\n'), ctx);
  return {
    title: ctx.title,
    description: field('description'),
    input: field('input'),
    output: field('output'),
    interaction: field('interaction'),
    notes: field('notes'),
  };
}
