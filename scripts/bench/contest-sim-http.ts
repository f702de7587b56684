/**
 * A `fetch` over one keep-alive node:http agent, for the simulated browsers and the stand-in judge.
 * undici is not a dependency of the project; node:http with keepAlive reuses connections the same way.
 * The agent plays nginx's upstream pool: every contestant's request reaches the server over one of a
 * few hundred kept connections, each saying whose it is in X-Forwarded-For, as nginx does.
 * Answers are asked for compressed, as a browser asks, and decompressed here.
 */
import { Agent, request } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';

const decoders: Record<string, (b: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
};

export function keepAliveAgent(connections: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/**
 * What the web app's fetch does, for the calls it makes: method, headers, a string body, an abort
 * signal (the API client's timeout, the judge's long poll), the whole answer read before it resolves.
 */
export function agentFetch(agent: Agent, extraHeaders: Record<string, string> = {}): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal ?? undefined;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const body = typeof init?.body === 'string' ? init.body : undefined;
      const headers: Record<string, string> = {
        'accept-encoding': 'gzip, deflate, br',
        ...headersOf(init),
        ...extraHeaders,
      };
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const req = request(urlOf(input), { method: init?.method ?? 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const decode = encoding ? decoders[encoding] : undefined;
          (decode ? decode(raw) : Promise.resolve(raw)).then((bytes) => {
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              if (v === undefined || k === 'content-encoding' || k === 'content-length') continue;
              for (const one of Array.isArray(v) ? v : [v]) out.append(k, one);
            }
            const status = res.statusCode ?? 0;
            const empty = status === 204 || status === 304;
            resolve(new Response(empty ? null : new Uint8Array(bytes), { status, headers: out }));
          }, reject);
        });
      });
      const onAbort = () =>
        req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('close', () => signal?.removeEventListener('abort', onAbort));
      req.on('error', reject);
      req.end(body);
    });
}
