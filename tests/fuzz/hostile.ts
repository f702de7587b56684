import fc from 'fast-check';

/**
 * Values no schema should let through to a crash: wrong types, numbers at and past every limit,
 * huge and malformed strings, prototype keys and deep nesting.
 */

/** Size of a huge string (characters). */
export const HUGE = 100_000;
/** Depth of deeply nested arrays and objects. */
export const DEEP = 1_000;

const NUMBERS: readonly number[] = [
  1e308,
  -1e308,
  -0,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MIN_VALUE,
  Number.EPSILON,
  0.5,
  -1,
  0,
  1e-300,
];

/** Numbers as a client might spell them in text (queries, or strings where numbers are coerced). */
const NUMBER_TEXTS: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e309',
  '-1e309',
  '-0',
  '2147483648',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '9007199254740993',
  '0x10',
  '0b11',
  '1_000',
  ' 1 ',
  '1.0',
  '1.5',
  '+1',
  '1e-400',
  '00000000000000000001',
  '١٢٣',
  '',
  ' ',
];

/** Text a server must store, compare and print without breaking. */
const UNICODE: readonly string[] = [
  '\u202Eevil\u202C',
  '\u200F\u061C\u2067rtl',
  'a\u0000b',
  '\u0000',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '😀',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  '\uFFFF\uFFFE',
  'line\r\nbreak',
  '\t\v\f',
  '\u2028\u2029',
  'Ω≈ç√∫',
  '中文题目',
  'Z̷̢͎̆a̵̺͆l̸͖̈́g̵̱̅o̶̯͝',
];

/** Strings that mean something to SQL, paths, templates and markup. */
const LOADED: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE user_info; --",
  '" OR ""="',
  '%',
  '_',
  '%_%',
  '\\',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '/dev/zero',
  'C:\\Windows\\win.ini',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the payload
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  '[object Object]',
  'data:text/html,<b>x</b>',
  'http://169.254.169.254/latest/meta-data/',
  'a'.repeat(256),
];

/** A string of HUGE characters (a repeated unit: ASCII, emoji, NUL, a lone surrogate). */
export const hugeString: fc.Arbitrary<string> = fc
  .constantFrom('a', '😀', '\u0000', '\uD800', 'é', ' ', '%', '\u202E')
  .map((unit) => unit.repeat(Math.ceil(HUGE / unit.length)));

/** Arrays or objects DEEP levels deep (JSON text of a few KB, a deep tree when parsed). */
export const deepValue: fc.Arbitrary<unknown> = fc.constantFrom('array', 'object', 'mixed').map((kind) => {
  let value: unknown = kind === 'array' ? [] : 1;
  for (let i = 0; i < DEEP; i++) {
    const asArray = kind === 'array' || (kind === 'mixed' && i % 2 === 0);
    value = asArray ? [value] : { a: value };
  }
  return value;
});

/** An own property, even one named __proto__ (plain assignment would set the prototype instead). */
export function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Objects carrying prototype keys, as JSON.parse would make them from a client's text. */
export const prototypeObject: fc.Arbitrary<unknown> = fc
  .constantFrom(
    '{"__proto__":{"isAdmin":true,"roles":["root"]}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"prototype":{"polluted":1}}',
    '{"__proto__":null}',
    '{"a":{"__proto__":{"status":200}}}',
    '[{"__proto__":{"x":1}}]',
  )
  .map((text) => JSON.parse(text) as unknown);

export const hostileNumber: fc.Arbitrary<number> = fc.constantFrom(...NUMBERS);
export const hostileNumberText: fc.Arbitrary<string> = fc.constantFrom(...NUMBER_TEXTS);

/** Short hostile strings (without the huge ones). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  hostileNumberText,
  fc.constantFrom(...UNICODE),
  fc.constantFrom(...LOADED),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
    maxLength: 4,
  }),
);

/** A value of any wrong kind for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileNumber },
  { weight: 4, arbitrary: hostileText },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: prototypeObject },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [[]], [null], [1, '1'], { '': '' }),
  },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 4 }) },
);

/** Keys to add to an object that its schema does not name. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'uid',
    'roleId',
    'role',
    'isAdmin',
    'status',
  ),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...UNICODE),
);
