import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { durationParts } from '../lib/format';

/** A length of time in the reader's language, its two largest units: "3 天 4 小时", "5 m 2 s". */
export function durationText(t: TFunction, seconds: number): string {
  return durationParts(seconds)
    .map(({ unit, value }) => t(`admin.site.unit.${unit}`, { count: value }))
    .join(' ');
}

export function Duration({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  return <>{durationText(t, seconds)}</>;
}
