/**
 * "Send to local tools": a problem in Competitive Companion's format, posted to the ports its receivers
 * listen on (docs/architecture.md, Send to local tools). The web app's problem page and the extension's
 * side panel both build and send it here, so the two send the same thing.
 */

/** The local ports Competitive Companion's receivers listen on (10045 CP Editor, 27121 CPH and CompetiTest). */
export const LOCAL_TOOL_PORTS = [10043, 10045, 27121] as const;

/** How long one port may take to answer before it counts as not listening. */
export const LOCAL_TOOL_TIMEOUT_MS = 2000;

/** The problem as Competitive Companion sends it (its README, "The format"; `batch` since its 2.x). */
export interface CompanionTask {
  name: string;
  group: string;
  url: string;
  interactive: boolean;
  /** MB */
  memoryLimit: number;
  /** ms */
  timeLimit: number;
  tests: { input: string; output: string }[];
  testType: 'single';
  input: { type: 'stdin' } | { type: 'file'; fileName: string };
  output: { type: 'stdout' } | { type: 'file'; fileName: string };
  languages: { java: { mainClass: 'Main'; taskClass: string } };
  batch: { id: string; size: number };
}

/** What a page knows of the problem it shows. */
export interface CompanionSource {
  /** the problem's id, or its display id inside a contest ("1000", "A") */
  label: string;
  title: string;
  /** the site's short name (the judge, in Competitive Companion's words) */
  siteName: string;
  /** the contest's title when the problem is shown inside one */
  contestTitle?: string | null;
  /** the page's address */
  url: string;
  /** HOJ's judge mode: default, spj or interactive */
  judgeMode: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  examples: { input: string; output: string }[];
  /** the problem reads and writes files instead of stdin and stdout */
  fileIO?: { input: string | null; output: string | null } | null;
}

/** Competitive Companion wants every test's input and output to end with a newline. */
function endsWithNewline(text: string): string {
  const unix = text.replace(/\r\n?/g, '\n');
  return unix.endsWith('\n') ? unix : `${unix}\n`;
}

/**
 * A class name made of the problem's name (Competitive Companion's rule): its ASCII letters and digits,
 * a capital after every other character, no digit first; "Task" when nothing is left, and never "Main"
 * (the main class).
 */
export function javaTaskClass(name: string): string {
  let out = '';
  let capital = true;
  for (const ch of name) {
    const letter = /[A-Za-z]/.test(ch);
    const digit = /[0-9]/.test(ch);
    if (letter || (digit && out.length > 0)) {
      out += capital ? ch.toUpperCase() : ch;
      capital = false;
    } else {
      capital = true;
    }
  }
  if (!out) return 'Task';
  return out === 'Main' ? 'TaskMain' : out;
}

/** A random (version 4) UUID; crypto.randomUUID exists on secure pages only, getRandomValues everywhere. */
export function randomUuid(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The problem in Competitive Companion's JSON: one task, a batch of one. */
export function buildCompanionTask(source: CompanionSource, batchId: string = randomUuid()): CompanionTask {
  const name = `${source.label}. ${source.title}`;
  const contest = source.contestTitle?.trim();
  const inputFile = source.fileIO?.input?.trim();
  const outputFile = source.fileIO?.output?.trim();
  return {
    name,
    group: contest ? `${source.siteName} — ${contest}` : source.siteName,
    url: source.url,
    interactive: source.judgeMode === 'interactive',
    memoryLimit: Math.floor(source.memoryLimitMb),
    timeLimit: Math.floor(source.timeLimitMs),
    tests: source.examples.map((e) => ({
      input: endsWithNewline(e.input),
      output: endsWithNewline(e.output),
    })),
    testType: 'single',
    input: source.fileIO && inputFile ? { type: 'file', fileName: inputFile } : { type: 'stdin' },
    output: source.fileIO && outputFile ? { type: 'file', fileName: outputFile } : { type: 'stdout' },
    languages: { java: { mainClass: 'Main', taskClass: javaTaskClass(name) } },
    batch: { id: batchId, size: 1 },
  };
}

export interface LocalToolsResult {
  /** the ports tried */
  ports: number[];
  /** those where something answered */
  listened: number[];
}

/**
 * Posts the task to every port at once. A page may not read a local tool's answer (the tools send no CORS
 * headers), so the request goes as `no-cors` with a text/plain body (a simple request: no preflight, which
 * the tools would not answer) and a port counts as listening when the request completes at all; a refused
 * connection, a network error or no answer within the timeout count as nobody there.
 */
export async function sendToLocalTools(
  task: CompanionTask,
  options: { fetch?: typeof fetch; ports?: readonly number[]; timeoutMs?: number } = {},
): Promise<LocalToolsResult> {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const ports = [...(options.ports ?? LOCAL_TOOL_PORTS)];
  const body = JSON.stringify(task);
  const results = await Promise.allSettled(
    ports.map((port) =>
      doFetch(`http://localhost:${port}/`, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'omit',
        cache: 'no-store',
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? LOCAL_TOOL_TIMEOUT_MS),
      }),
    ),
  );
  return { ports, listened: ports.filter((_, i) => results[i]?.status === 'fulfilled') };
}
