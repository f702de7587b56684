import fc from 'fast-check';
import { deepValue, hostileNumberText, hostileText, hugeString } from './hostile';
import { hostileVariants } from './mutate';
import { schemaValues, type ValueOptions } from './zod-arbitrary';

/** A route as the server registered it: its method, its URL pattern and its zod schemas. */
export interface FuzzRoute {
  method: string;
  /** Fastify's pattern: `/api/x/:name`, `*` for a wildcard */
  url: string;
  schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    consumes?: readonly string[];
    /** answers by status: a 5xx declared here is part of the route's contract (a readiness probe's 503) */
    response?: Record<string, unknown>;
  };
}

/** One request as sent on the wire (bodies as bytes, so multipart can be malformed too). */
export interface FuzzRequest {
  method: string;
  /** path and query, encoded */
  target: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer> | string;
}

/** Query text of a value: repeated keys for arrays, JSON for objects (a client could send either). */
function scalarText(v: unknown): string | null {
  if (v === undefined) return null;
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v) ?? '';
}

/**
 * encodeURIComponent, except a lone surrogate (which it refuses) goes out as the three bytes a
 * careless encoder would write for it: invalid UTF-8 the server must decode without failing.
 */
export function encodeText(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    // the huge strings are few and long: encode each once
    const known = encodedLong.get(s);
    if (known !== undefined) return known;
    // split around lone surrogates: the odd pieces are the surrogates themselves
    const encoded = s
      .split(/([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/)
      .map((piece, i) => (i % 2 === 0 ? encodeURIComponent(piece) : surrogateBytes(piece.charCodeAt(0))))
      .join('');
    if (s.length > 1000) encodedLong.set(s, encoded);
    return encoded;
  }
}

const encodedLong = new Map<string, string>();

function surrogateBytes(c: number): string {
  return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
    .map((b) => `%${b.toString(16).toUpperCase()}`)
    .join('');
}

export function queryText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const text = scalarText(value);
    return text === null ? '' : encodeText(text);
  }
  const pairs: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      const text = scalarText(item);
      if (text !== null) pairs.push(`${encodeText(key)}=${encodeText(text)}`);
    }
  }
  return pairs.join('&');
}

/** Raw text appended to a query: what no encoder writes but a client can send. */
const querySuffix: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '&',
      '&&=&',
      '&=',
      '&%',
      '&a=%ZZ',
      '&a=%E0%A4%A',
      '&a=%C0%AF',
      '&a=%00',
      '&__proto__=1',
      '&__proto__[x]=1',
      '&constructor[prototype][polluted]=1',
      '&a[]=1&a[]=2',
      '&a[b][c]=1',
      '&+=+',
      `&k=${'x'.repeat(20_000)}`,
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `&${encodeText(s)}`) },
);

/** The query's keys, each given again: a scalar parameter sent twice arrives as an array. */
function duplicatedKeys(value: unknown, extra: string): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  return Object.keys(value)
    .map((k) => `${encodeText(k)}=${encodeText(extra)}`)
    .join('&');
}

/** Text safe in an HTTP header (Latin-1, no control characters) yet hostile to its reader. */
const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.string({
    // what a header may carry: tab, printable ASCII and the Latin-1 upper half
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }))
      .map((c) => String.fromCharCode(c)),
    maxLength: 60,
  }),
  fc.constantFrom(
    '*',
    ',',
    ';',
    ';q=',
    'zh-CN;q=abc',
    'en-US,en;q=0.9,zh;q=0.8',
    '%',
    '%E0%A4%A',
    '%ZZ',
    '__proto__',
    'constructor',
    'x'.repeat(8000),
  ),
);

/** Accept-Language, the language cookie and (for an anonymous caller) tokens that are not tokens. */
const hostileHeaders = (anonymous: boolean): fc.Arbitrary<Record<string, string>> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: headerText.map((v) => ({ 'accept-language': v })) },
    { weight: 1, arbitrary: headerText.map((v) => ({ cookie: `Web_Language=${v}` })) },
    { weight: 1, arbitrary: headerText.map((v) => ({ cookie: v })) },
    {
      weight: anonymous ? 2 : 0,
      arbitrary: fc
        .oneof(
          headerText,
          fc.constantFrom(
            'Bearer ',
            'Bearer null',
            'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidmVyIjowfQ.',
            'eyJhbGciOiJIUzUxMiJ9.eyJzdWIiOiJyb290IiwidmVyIjowfQ.AAAA',
          ),
        )
        .map((v) => ({ authorization: v })),
    },
  );

const textEncoder = new TextEncoder();

/** A multipart body with a file, text fields and, sometimes, a broken frame. */
const multipartBody: fc.Arbitrary<{ contentType: string; body: Uint8Array<ArrayBuffer> }> = fc
  .record({
    fileField: fc.constantFrom('file', 'image', 'img', 'x', ''),
    filename: fc.oneof(fc.constantFrom('a.zip', 'a.png', '../../x.zip', '', 'a\u0000.png'), hostileText),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 512 }),
      fc.constantFrom(
        // a PNG signature, a zip's local header and an empty zip, cut short
        Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]),
        Uint8Array.from([0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      ),
    ),
    fields: fc.array(fc.tuple(fc.constantFrom('mode', 'type', 'cid', 'gid', 'pid', 'x'), hostileText), {
      maxLength: 3,
    }),
    breakage: fc.constantFrom('none', 'none', 'no-end', 'wrong-boundary', 'bad-header', 'no-boundary'),
  })
  .map(({ fileField, filename, content, fields, breakage }) => {
    const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
    const chunks: (string | Uint8Array)[] = [];
    for (const [name, value] of fields)
      chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const disposition =
      breakage === 'bad-header'
        ? 'Content-Disposition: form-data; name'
        : `Content-Disposition: form-data; name="${fileField}"; filename="${filename.replace(/["\r\n]/g, '')}"`;
    chunks.push(`--${boundary}\r\n${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`, content);
    if (breakage !== 'no-end')
      chunks.push(`\r\n--${breakage === 'wrong-boundary' ? 'other' : boundary}--\r\n`);
    const parts = chunks.map((c) => (typeof c === 'string' ? textEncoder.encode(c) : c));
    const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const p of parts) {
      body.set(p, offset);
      offset += p.length;
    }
    const contentType =
      breakage === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
    return { contentType, body };
  });

/** A body that is not the JSON the route reads: empty, broken, another type, too large. */
const rawBody: fc.Arbitrary<{ contentType: string | null; body: string }> = fc.oneof(
  fc.constantFrom(
    { contentType: 'application/json', body: '' },
    { contentType: 'application/json', body: '{' },
    { contentType: 'application/json', body: '{"a":}' },
    { contentType: 'application/json', body: 'nul' },
    { contentType: 'application/json', body: '\uFEFF{}' },
    { contentType: 'application/json', body: '{"a":1,"a":2}' },
    { contentType: 'application/json', body: '1e999' },
    { contentType: 'application/json', body: '"\\ud800"' },
    { contentType: 'application/json; charset=utf-16le', body: '{}' },
    { contentType: 'application/json; charset=bogus', body: '{}' },
    { contentType: 'application/json, text/plain', body: '{}' },
    { contentType: 'text/plain', body: 'hello' },
    { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
    { contentType: 'application/xml', body: '<a/>' },
    { contentType: 'multipart/form-data; boundary=x', body: '--x\r\n\r\n--x--' },
    { contentType: 'application/octet-stream', body: '\u0000\u0001' },
    { contentType: '', body: '{}' },
    { contentType: null, body: '{}' },
    { contentType: ';;;', body: '{}' },
  ),
  hostileText.map((t) => ({ contentType: 'application/json', body: t })),
  headerText.map((t) => ({ contentType: t, body: '{}' })),
);

/** Text for a path segment or a wildcard's tail. */
const pathText: fc.Arbitrary<string> = fc.oneof(
  hostileText,
  hostileNumberText,
  fc.constantFrom('..', '.', '%2e%2e', '..%2f..%2f', '%00', '%', 'a/b', '//', 'x'.repeat(5000)),
);

export interface RequestOptions extends ValueOptions {
  anonymous: boolean;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Fills `:name` and `*` of a route's URL from the generated params (raw text is kept as sent). */
function pathOf(url: string, params: unknown, wildcard: string): string {
  const record = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  const path = url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = record[name];
      return typeof value === 'string' && /%|\.\./.test(value)
        ? value
        : encodeText(scalarText(value) ?? String(value));
    })
    .replace('*', wildcard);
  return path.startsWith('/') ? path : `/${path}`;
}

/** Every kind of request a route can get: valid-shaped, edited, replaced, mis-typed, malformed. */
export function requestArbitrary(route: FuzzRoute, options: RequestOptions): fc.Arbitrary<FuzzRequest> {
  const shaped = (schema: unknown) =>
    schema ? hostileVariants(schemaValues(schema, options)) : hostileVariants(fc.constant({}));
  const multipart = route.schema.consumes?.some((c) => c.startsWith('multipart/')) ?? false;
  const hasBody = BODY_METHODS.has(route.method);
  const jsonBody = shaped(route.schema.body).map((value) => {
    const text = JSON.stringify(value);
    return { contentType: 'application/json' as string | null, body: text ?? '' };
  });
  const body: fc.Arbitrary<{ contentType: string | null; body: string | Uint8Array<ArrayBuffer> } | null> =
    hasBody
      ? fc.oneof(
          { weight: multipart ? 1 : 8, arbitrary: jsonBody },
          { weight: 2, arbitrary: rawBody },
          { weight: multipart ? 8 : 1, arbitrary: multipartBody },
          { weight: 1, arbitrary: fc.constant(null) },
          {
            weight: 1,
            arbitrary: fc.oneof(hugeString, deepValue).map((v) => ({
              contentType: 'application/json',
              body: JSON.stringify({ value: v }),
            })),
          },
        )
      : fc.constant(null);
  const query = fc
    .tuple(shaped(route.schema.querystring), querySuffix, fc.option(hostileText, { freq: 8 }))
    .map(([value, suffix, again]) => {
      const text = queryText(value);
      const dup = again === null ? '' : duplicatedKeys(value, again);
      return [text, dup, suffix.replace(/^&/, '')].filter(Boolean).join('&');
    });
  const params = route.schema.params
    ? fc.oneof(
        { weight: 3, arbitrary: schemaValues(route.schema.params, options) },
        { weight: 2, arbitrary: fc.dictionary(fc.constantFrom('name', 'hash', 'id'), pathText) },
      )
    : fc.constant({});
  return fc
    .record({
      body,
      query,
      params,
      wildcard: pathText.map((t) => encodeText(t).replace(/%2F/g, '/')),
      headers: hostileHeaders(options.anonymous),
    })
    .map(({ body, query, params, wildcard, headers }) => {
      const path = pathOf(route.url, params, wildcard);
      const all: Record<string, string> = { ...headers };
      if (body?.contentType !== null && body?.contentType !== undefined)
        all['content-type'] = body.contentType;
      return {
        method: route.method,
        target: query ? `${path}?${query}` : path,
        headers: all,
        ...(body ? { body: body.body } : {}),
      };
    });
}
