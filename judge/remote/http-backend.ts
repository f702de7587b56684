/**
 * The JudgeBackend of a remote judge daemon: the judge protocol over HTTP (/api/judge/*,
 * authenticated by JUDGE_TOKEN), and a local cache of test data keyed by sha256. A file is
 * downloaded to a temporary name, its hash checked, then renamed into place, so the cache never
 * holds a partial or wrong file; a cached file changed since is fetched again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DiskBound } from '../disk-bound';
import { CACHE_BOUNDS } from '../limits';
import { contentHash } from '../test-data-hash';
import type { JudgeResult, TestRunResult } from '../types';
import {
  type ClaimRef,
  type ClaimRequest,
  type HelloAnswer,
  type HelloRequest,
  JUDGE_TOKEN_HEADER,
  type JudgeBackend,
  MAX_CLAIM_WAIT_MS,
  type Progress,
  type RenewAnswer,
  type ReportAnswer,
  SHA256_HEX,
  type WorkItem,
} from '../worker-protocol';

export interface HttpBackendOptions {
  /** the server's base URL, e.g. http://oj.example.com */
  server: string;
  token: string;
  /** where test data is cached (by hash) */
  cacheDir: string;
  /** the cache's size bound in MB, least recently used out first (default CACHE_BOUNDS.testDataMB) */
  cacheMaxMB?: number;
  /** per-request timeout besides the long poll (default 60 s) */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The server answered with a failure (wrong token: 403, ...). */
export class RemoteJudgeError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteJudgeError';
  }
}

interface Envelope<T> {
  status: number;
  data: T;
  msg: string;
}

const isAbort = (err: unknown) =>
  err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');

export class HttpJudgeBackend implements JudgeBackend {
  private readonly base: string;
  private readonly doFetch: typeof fetch;
  private readonly downloads = new Map<string, Promise<string>>();
  /** keeps the test data cache within its size bound */
  readonly cacheBound: DiskBound;

  constructor(private readonly options: HttpBackendOptions) {
    this.base = options.server.replace(/\/+$/, '');
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.cacheBound = new DiskBound(options.cacheDir, {
      maxBytes: (options.cacheMaxMB ?? CACHE_BOUNDS.testDataMB) * 1024 * 1024,
      depth: 2,
    });
  }

  private signal(timeoutMs: number, outer?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(timeoutMs);
    return outer ? AbortSignal.any([timeout, outer]) : timeout;
  }

  private async call<T>(path: string, body: unknown, timeoutMs?: number, outer?: AbortSignal): Promise<T> {
    const res = await this.doFetch(`${this.base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en-US',
        [JUDGE_TOKEN_HEADER]: this.options.token,
      },
      body: JSON.stringify(body),
      signal: this.signal(timeoutMs ?? this.options.timeoutMs ?? 60_000, outer),
    });
    let envelope: Envelope<T> | null = null;
    try {
      envelope = (await res.json()) as Envelope<T>;
    } catch {
      envelope = null;
    }
    if (!res.ok || !envelope || envelope.status !== 200) {
      throw new RemoteJudgeError(res.status, envelope?.msg || `HTTP ${res.status} from ${path}`);
    }
    return envelope.data;
  }

  /**
   * Checks that the server answers and accepts the token (fails fast on a wrong one), and tells it
   * the languages this judge runs. A server older than the announcement ignores languageInfo.
   */
  async hello(judger: string, languages: Omit<HelloRequest, 'judger'> = {}): Promise<HelloAnswer> {
    return this.call<HelloAnswer>('/api/judge/hello', { judger, ...languages }, 15_000);
  }

  async claim(request: ClaimRequest, signal?: AbortSignal): Promise<WorkItem | null> {
    const waitMs = Math.min(request.waitMs ?? MAX_CLAIM_WAIT_MS, MAX_CLAIM_WAIT_MS);
    try {
      return await this.call<WorkItem | null>(
        '/api/judge/claim',
        { ...request, waitMs },
        waitMs + 15_000,
        signal,
      );
    } catch (err) {
      if (signal?.aborted && isAbort(err)) return null;
      throw err;
    }
  }

  async renew(ref: ClaimRef, judger: string): Promise<boolean> {
    return (await this.call<RenewAnswer>('/api/judge/renew', { ref, judger })).held;
  }

  async progress(ref: ClaimRef, judger: string, progress: Progress): Promise<boolean> {
    return (await this.call<ReportAnswer>('/api/judge/progress', { ref, judger, progress })).accepted;
  }

  async finish(ref: ClaimRef, judger: string, result: JudgeResult | TestRunResult): Promise<boolean> {
    return (await this.call<ReportAnswer>('/api/judge/finish', { ref, judger, result })).accepted;
  }

  async release(ref: ClaimRef, judger: string): Promise<void> {
    await this.call('/api/judge/release', { ref, judger }, 5000);
  }

  /** The cached copy of a file, downloaded and verified first when missing. */
  fetchFile(hash: string): Promise<string> {
    if (!SHA256_HEX.test(hash)) return Promise.reject(new Error(`invalid content hash: ${hash}`));
    let pending = this.downloads.get(hash);
    if (!pending) {
      pending = this.cached(hash).finally(() => this.downloads.delete(hash));
      this.downloads.set(hash, pending);
    }
    return pending;
  }

  /** Where a hash lives in the cache. */
  cachePath(hash: string): string {
    if (!SHA256_HEX.test(hash)) throw new Error(`invalid content hash: ${hash}`);
    return join(this.options.cacheDir, hash.slice(0, 2), hash);
  }

  private async cached(hash: string): Promise<string> {
    const path = this.cachePath(hash);
    const existing = await stat(path).catch(() => null);
    if (existing?.isFile()) {
      // a cached copy changed on disk is fetched again rather than trusted (or judged with)
      if ((await contentHash(path).catch(() => null)) === hash) {
        await this.cacheBound.touch(path);
        return path;
      }
      await rm(path, { force: true });
    }
    await mkdir(join(this.options.cacheDir, hash.slice(0, 2)), { recursive: true, mode: 0o700 });
    const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const res = await this.doFetch(`${this.base}/api/judge/file/${hash}`, {
      headers: { 'accept-language': 'en-US', [JUDGE_TOKEN_HEADER]: this.options.token },
      signal: this.signal(this.options.timeoutMs ?? 600_000),
    });
    if (!res.ok || !res.body) {
      let msg = `HTTP ${res.status}`;
      try {
        msg = ((await res.json()) as Envelope<unknown>).msg || msg;
      } catch {}
      throw new RemoteJudgeError(res.status, `cannot fetch test data ${hash}: ${msg}`);
    }
    const digest = createHash('sha256');
    const handle = await open(tmp, 'wx', 0o600);
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        digest.update(chunk);
        await handle.write(chunk);
      }
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => {});
      await rm(tmp, { force: true });
      throw err;
    }
    await handle.close();
    const got = digest.digest('hex');
    if (got !== hash) {
      await rm(tmp, { force: true });
      throw new Error(`test data ${hash} arrived corrupted (sha256 ${got})`);
    }
    await rename(tmp, path);
    // trimming must never fail a judgement: a file it could not remove is tried again next time
    this.cacheBound.added().catch(() => {});
    return path;
  }
}
