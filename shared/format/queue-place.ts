import type { TFunction } from 'i18next';

/**
 * "3rd in queue, about 4 s" (排队第 3 位，约 4 秒): a waiting submission's place and estimated wait, for
 * the web app and the extension alike. Without an estimate (no judge running) it says it waits for one.
 */
export function queuePlaceText(
  t: TFunction,
  position: number,
  etaSeconds: number | null | undefined,
): string {
  const place = t('live.queuePlace', { count: position, ordinal: true });
  const eta =
    etaSeconds === null || etaSeconds === undefined
      ? t('live.noJudge')
      : etaSeconds < 60
        ? t('live.etaSeconds', { count: Math.max(1, Math.round(etaSeconds)) })
        : t('live.etaMinutes', { count: Math.round(etaSeconds / 60) });
  return t('live.queueLine', { place, eta });
}
