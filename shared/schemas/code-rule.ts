import { LIMITS } from '../constants/limits';

/** Message keys (locales, section `validation`) of the code rule. */
export const CODE_RULE_MESSAGES = {
  empty: 'validation.codeEmpty',
  tooLong: 'validation.codeTooLong',
} as const;

/**
 * The rule for submitted and test-run code: not blank, at most `LIMITS.codeMaxLength`
 * characters. Returns the message key of the first rule broken, or null. `codeSchema` in forms.ts
 * is built on it; it has no zod so the problem page can check code without loading zod.
 */
export function codeRuleBroken(code: string): string | null {
  if (code.trim().length === 0) return CODE_RULE_MESSAGES.empty;
  if (code.length > LIMITS.codeMaxLength) return CODE_RULE_MESSAGES.tooLong;
  return null;
}
