/**
 * Kattis default output validator flags (docs/judge.md, Output judging with validator flags): the problem's
 * `validator_flags` string, e.g. "float_tolerance 1e-6 case_sensitive".
 */

export interface ValidatorFlags {
  caseSensitive: boolean;
  spaceChangeSensitive: boolean;
  /** null: not set (a token is never accepted by this tolerance) */
  absoluteTolerance: number | null;
  relativeTolerance: number | null;
}

export class ValidatorFlagsError extends Error {}

function tolerance(name: string, value: string | undefined): number {
  const n = value === undefined ? Number.NaN : Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(n) || n < 0) {
    throw new ValidatorFlagsError(
      `validator flag ${name} needs a non-negative number, got ${value ?? 'nothing'}`,
    );
  }
  return n;
}

/** Throws ValidatorFlagsError for unknown flags or bad numbers (a problem misconfiguration). */
export function parseValidatorFlags(text: string): ValidatorFlags {
  const flags: ValidatorFlags = {
    caseSensitive: false,
    spaceChangeSensitive: false,
    absoluteTolerance: null,
    relativeTolerance: null,
  };
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    switch (word) {
      case 'case_sensitive':
        flags.caseSensitive = true;
        break;
      case 'space_change_sensitive':
        flags.spaceChangeSensitive = true;
        break;
      case 'float_absolute_tolerance':
        flags.absoluteTolerance = tolerance(word, words[++i]);
        break;
      case 'float_relative_tolerance':
        flags.relativeTolerance = tolerance(word, words[++i]);
        break;
      case 'float_tolerance': {
        const t = tolerance(word, words[++i]);
        flags.absoluteTolerance = t;
        flags.relativeTolerance = t;
        break;
      }
      default:
        throw new ValidatorFlagsError(`unknown validator flag "${word}"`);
    }
  }
  return flags;
}
