import type { Endpoints } from '@/shared/api/endpoints';
import { JudgeStatus } from '@/shared/constants/judge-status';

/** How much of the compiler's message the popup and the notification show (the rest is one click away). */
export const COMPILE_MESSAGE_LINES = 4;
export const COMPILE_MESSAGE_CHARS = 400;

/** The first lines of a compiler message, without blank lines, cut to fit a popup row. */
export function compileMessageHead(message: string | null | undefined): string | null {
  if (!message) return null;
  const lines = message
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, COMPILE_MESSAGE_LINES);
  const head = lines.join('\n').slice(0, COMPILE_MESSAGE_CHARS);
  return head || null;
}

/**
 * The compiler's message of a compile error (GET /api/get-submission-detail), first lines only;
 * null for any other verdict, or when the server does not give it.
 */
export async function compileMessageOf(
  api: Endpoints,
  s: { submitId: number; status: number },
): Promise<string | null> {
  if (s.status !== JudgeStatus.COMPILE_ERROR) return null;
  const detail = await api.getSubmissionDetail(s.submitId).catch(() => null);
  return compileMessageHead(detail?.submission?.errorMessage);
}
