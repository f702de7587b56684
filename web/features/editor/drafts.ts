import { LIMITS } from '@/shared/constants/limits';
import { readJson, removeKey, writeJson } from '@/web/lib/storage';

/** Per-problem, per-language code drafts and the last language used per problem (localStorage). */
export const draftKey = (problemId: string, language: string) => `webCode:${problemId}:${language}`;
export const languageKey = (problemId: string) => `webCodeLanguage:${problemId}`;

export function loadDraft(problemId: string, language: string, storage?: Storage): string | null {
  return readJson<string>(draftKey(problemId, language), storage);
}

/** Keeps the draft; a draft equal to the template (or empty, or too long to submit) is dropped. */
export function saveDraft(
  problemId: string,
  language: string,
  code: string,
  template: string,
  storage?: Storage,
): void {
  const key = draftKey(problemId, language);
  if (code === template || code.trim() === '' || code.length > LIMITS.codeMaxLength) removeKey(key, storage);
  else writeJson(key, code, storage);
}

export function loadLanguage(
  problemId: string,
  available: readonly string[],
  storage?: Storage,
): string | null {
  const stored = readJson<string>(languageKey(problemId), storage);
  if (stored && available.includes(stored)) return stored;
  const last = readJson<string>('webLastLanguage', storage);
  if (last && available.includes(last)) return last;
  return available[0] ?? null;
}

export function saveLanguage(problemId: string, language: string, storage?: Storage): void {
  writeJson(languageKey(problemId), language, storage);
  writeJson('webLastLanguage', language, storage);
}
