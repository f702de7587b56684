/**
 * A small Java lexer: just enough to read a source's declarations without being fooled by
 * comments, string and character literals, text blocks or Unicode escapes. It returns words
 * (identifiers and keywords) and single punctuation characters; numbers and literals are dropped.
 *
 * Every loop only moves forward through the text, so the work is linear in the source's length
 * whatever it holds (no regular expression runs over more than one character). Malformed input
 * (an unterminated comment or literal) simply ends the token stream: the compiler reports it.
 */

export interface JavaToken {
  kind: 'word' | 'punct';
  text: string;
}

const HEX = /^[0-9A-Fa-f]{4}$/;

/**
 * Java translates `\uXXXX` (any number of `u`s) before it lexes anything else, so a quote or a
 * line break may be written that way; a backslash that is itself escaped does not start one.
 */
export function translateUnicodeEscapes(source: string): string {
  if (!source.includes('\\u')) return source;
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < source.length) {
    if (source[i] !== '\\') {
      i++;
      continue;
    }
    // an even run of backslashes is a run of escaped backslashes
    let run = 0;
    while (source[i + run] === '\\') run++;
    const last = i + run - 1;
    if (run % 2 === 1 && source[last + 1] === 'u') {
      let j = last + 1;
      while (source[j] === 'u') j++;
      const hex = source.slice(j, j + 4);
      if (HEX.test(hex)) {
        out.push(source.slice(start, last), String.fromCharCode(Number.parseInt(hex, 16)));
        i = j + 4;
        start = i;
        continue;
      }
    }
    i += run;
  }
  out.push(source.slice(start));
  return out.join('');
}

const WORD_START = /[\p{L}\p{Nl}\p{Sc}\p{Pc}]/u;
const WORD_PART = /[\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Sc}\p{Pc}\p{Cf}]/u;

function isAsciiLetter(cp: number): boolean {
  return (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90) || cp === 95 || cp === 36;
}

/** Java's identifier characters; ASCII is decided without a regular expression (it is most of a source). */
function startsWord(cp: number): boolean {
  return cp < 128 ? isAsciiLetter(cp) : WORD_START.test(String.fromCodePoint(cp));
}

function continuesWord(cp: number): boolean {
  if (cp < 128) return isAsciiLetter(cp) || (cp >= 48 && cp <= 57);
  return WORD_PART.test(String.fromCodePoint(cp));
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
}

/** Index just past a quoted literal opened at `i` (the quote is `quote`); stops at a line end. */
function skipQuoted(s: string, i: number, quote: string): number {
  let j = i + 1;
  while (j < s.length) {
    const c = s[j];
    if (c === '\\') j += 2;
    else if (c === quote) return j + 1;
    else if (c === '\n' || c === '\r') return j;
    else j++;
  }
  return s.length;
}

/** Index just past a text block (`"""` … `"""`) opened at `i`. */
function skipTextBlock(s: string, i: number): number {
  let j = i + 3;
  while (j < s.length) {
    if (s[j] === '\\') j += 2;
    else if (s.startsWith('"""', j)) return j + 3;
    else j++;
  }
  return s.length;
}

/** Index just past the word (identifier or keyword) starting at `i`. */
function skipWord(s: string, i: number): number {
  let j = i;
  while (j < s.length) {
    const cp = s.codePointAt(j) as number;
    if (!continuesWord(cp)) break;
    j += cp > 0xffff ? 2 : 1;
  }
  return j;
}

/** Index just past a number literal (digits, letters for radix and suffix, `_`, `.`). */
function skipNumber(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length) {
    const cp = s.charCodeAt(j);
    if (!(continuesWord(cp) || cp === 46) || cp >= 128) break;
    j++;
  }
  return j;
}

/** The words and punctuation of a Java source, comments and literals left out. */
export function javaTokens(raw: string): JavaToken[] {
  const s = translateUnicodeEscapes(raw);
  const tokens: JavaToken[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if (isSpace(c)) {
      i++;
    } else if (c === '/' && s[i + 1] === '/') {
      i += 2;
      while (i < s.length && s[i] !== '\n' && s[i] !== '\r') i++;
    } else if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? s.length : end + 2;
    } else if (c === '"') {
      i = s.startsWith('"""', i) ? skipTextBlock(s, i) : skipQuoted(s, i, '"');
    } else if (c === "'") {
      i = skipQuoted(s, i, "'");
    } else if (c >= '0' && c <= '9') {
      i = skipNumber(s, i);
    } else {
      const cp = s.codePointAt(i) as number;
      if (startsWord(cp)) {
        const end = skipWord(s, i);
        tokens.push({ kind: 'word', text: s.slice(i, end) });
        i = end;
      } else {
        const width = cp > 0xffff ? 2 : 1;
        tokens.push({ kind: 'punct', text: s.slice(i, i + width) });
        i += width;
      }
    }
  }
  return tokens;
}
