import { storage } from 'wxt/utils/storage';
import type { Endpoints } from '@/shared/api/endpoints';
import { type Example, parseExamples } from '@/shared/api/examples';
import type { LimitFactor, StatementHtml } from '@/shared/api/types';
import type { PinnedProblem } from './state';

/** What the side panel and the submit form show of a problem. */
export interface ProblemView {
  problemId: string;
  cid: number | null;
  title: string;
  timeLimit: number;
  memoryLimit: number;
  statementHtml: StatementHtml | null;
  /** the Markdown fields, when the server renders no HTML (another HOJ server) */
  markdown: { description: string; input: string; output: string; hint: string };
  examples: Example[];
  /** HOJ's judge mode (default, spj, interactive); absent in views cached before it was kept */
  judgeMode?: string;
  /** the files a file input/output problem reads and writes */
  fileIO?: { input: string | null; output: string | null } | null;
  /** the server's short name (its web config), for local tools */
  siteName?: string | null;
  languages: string[];
  limitFactors: Record<string, LimitFactor>;
  myStatus: number;
  contest: { id: number; title: string; startTime: string; endTime: string; offsetMs: number } | null;
  loadedAt: number;
}

/**
 * A problem by its public id (GET /api/get-problem-detail) or as a contest problem
 * (GET /api/get-contest-problem-details, plus the contest's times for its clock).
 */
export async function loadProblem(
  api: Endpoints,
  pin: Pick<PinnedProblem, 'problemId' | 'cid'>,
): Promise<ProblemView> {
  const [detail, config] = await Promise.all([
    pin.cid ? api.getContestProblemDetails(pin.cid, pin.problemId) : api.getProblemDetail(pin.problemId),
    api.getWebsiteConfig().catch(() => null),
  ]);
  let contest: ProblemView['contest'] = null;
  if (pin.cid) {
    const info = await api.getContestInfo(pin.cid);
    const offsetMs = info.now ? Date.parse(info.now) - Date.now() : 0;
    contest = { id: info.id, title: info.title, startTime: info.startTime, endTime: info.endTime, offsetMs };
  }
  const p = detail.problem;
  return {
    problemId: pin.problemId,
    cid: pin.cid,
    title: p.title,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    statementHtml: detail.statementHtml ?? null,
    markdown: {
      description: p.description ?? '',
      input: p.input ?? '',
      output: p.output ?? '',
      hint: p.hint ?? '',
    },
    examples: parseExamples(p.examples),
    judgeMode: p.judgeMode,
    fileIO: p.isFileIO ? { input: p.ioReadFileName ?? null, output: p.ioWriteFileName ?? null } : null,
    siteName: config?.shortName || config?.name || null,
    languages: detail.languages ?? [],
    limitFactors: detail.limitFactors ?? {},
    myStatus: detail.myStatus,
    contest,
    loadedAt: Date.now(),
  };
}

/** The last loaded view of each pinned problem, so the panel shows it before the network answers. */
export const problemCacheItem = storage.defineItem<Record<string, ProblemView>>('local:problemCache', {
  fallback: {},
});

export function problemKey(pin: Pick<PinnedProblem, 'problemId' | 'cid'>): string {
  return `${pin.cid ?? 0}:${pin.problemId}`;
}

export async function cacheProblem(view: ProblemView): Promise<void> {
  const cache = await problemCacheItem.getValue();
  const entries = Object.entries({ ...cache, [problemKey(view)]: view }).slice(-10);
  await problemCacheItem.setValue(Object.fromEntries(entries));
}

/** Parses what the user typed to pin: "1000", or "<cid>/<displayId>" / "contest 3 A" for a contest problem. */
export function parsePinInput(input: string): Pick<PinnedProblem, 'problemId' | 'cid'> | null {
  const text = input.trim();
  if (!text) return null;
  const contest = /^(?:c(?:ontest)?\s*)?(\d+)\s*[/\s:]\s*([A-Za-z0-9_-]+)$/i.exec(text);
  if (contest) return { cid: Number(contest[1]), problemId: contest[2] };
  if (/^[\w-]+$/.test(text)) return { cid: null, problemId: text };
  return null;
}
