import type { LimitFactor } from '@/shared/api/types';

/** Languages whose limits are the problem's times a factor (HOJ: 2x for every language but C/C++). */
export interface ScaledLimits {
  languages: string[];
  factor: LimitFactor;
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
}

/**
 * The problem's limits as each language gets them, grouped by factor: the languages judged with
 * the problem's own limits are left out (they are the limits shown first).
 */
export function scaledLimits(
  timeLimit: number,
  memoryLimit: number,
  languages: readonly string[],
  factors: Record<string, LimitFactor> | undefined,
): ScaledLimits[] {
  if (!factors) return [];
  const groups = new Map<string, ScaledLimits>();
  for (const language of languages) {
    const factor = factors[language];
    if (!factor || (factor.time === 1 && factor.memory === 1)) continue;
    const key = `${factor.time}x${factor.memory}`;
    const group = groups.get(key) ?? {
      languages: [],
      factor,
      timeLimit: timeLimit * factor.time,
      memoryLimit: memoryLimit * factor.memory,
    };
    group.languages.push(language);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** "2×", or "2× / 3×" when time and memory are scaled differently. */
export function factorText(factor: LimitFactor): string {
  return factor.time === factor.memory ? `${factor.time}×` : `${factor.time}× / ${factor.memory}×`;
}
