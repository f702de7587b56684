import HeatMap from '@uiw/react-heat-map';
import { useId, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarHeatmap } from '@/shared/api/profile-types';

const RECT = 11;
const SPACE = 3;
const LEFT_PAD = 28;
/** weeks shown: a year and the partial weeks at both ends */
const WEEKS = 54;

/**
 * Colour thresholds as the library reads them (a count takes the colour of the first key above
 * it): 1 → level 1, 2-3 → 2, 4-7 → 3, 8 and more → 4. The colours are CSS variables so the dark
 * theme has its own.
 */
const PANEL_COLORS: Record<number, string> = {
  0: 'var(--heat-0)',
  2: 'var(--heat-1)',
  4: 'var(--heat-2)',
  8: 'var(--heat-3)',
  16: 'var(--heat-4)',
};
const LEGEND = ['var(--heat-0)', 'var(--heat-1)', 'var(--heat-2)', 'var(--heat-3)', 'var(--heat-4)'];

/** A YYYY-MM-DD day as a local Date (the library counts days in local time). */
function localDate(day: string, minusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) - minusDays);
}

/** The library's "yyyy/m/d" back to YYYY-MM-DD. */
function isoDay(libraryDate: string): string {
  const [y, m, d] = libraryDate.split('/');
  return `${y}-${m?.padStart(2, '0')}-${d?.padStart(2, '0')}`;
}

/**
 * The submissions of the last year as a GitHub-style calendar (one square a day, darker for
 * more); each square tells its day and count. On narrow screens it scrolls, starting at today.
 */
export default function SubmissionHeatmap({ data }: { data: CalendarHeatmap }) {
  const { t, i18n } = useTranslation();
  const scroller = useRef<HTMLElement>(null);
  const totalId = useId();
  const language = i18n.language;
  const labels = useMemo(() => {
    const month = new Intl.DateTimeFormat(language, { month: 'short' });
    const weekday = new Intl.DateTimeFormat(language, { weekday: 'short' });
    return {
      months: Array.from({ length: 12 }, (_, m) => month.format(new Date(2024, m, 1))),
      // Sunday first, as the grid; every other day labelled
      weeks: Array.from({ length: 7 }, (_, d) => (d % 2 ? weekday.format(new Date(2024, 0, 7 + d)) : '')),
    };
  }, [language]);
  const total = data.dataList.reduce((sum, d) => sum + d.count, 0);
  const endDate = localDate(data.endDate);
  const startDate = localDate(data.endDate, 365);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, []);

  return (
    <div
      className="mx-auto grid w-fit max-w-full gap-2 [--heat-0:#ebedf0] [--heat-1:#9be9a8] [--heat-2:#40c463] [--heat-3:#30a14e] [--heat-4:#216e39] dark:[--heat-0:#2d333b] dark:[--heat-1:#0e4429] dark:[--heat-2:#006d32] dark:[--heat-3:#26a641] dark:[--heat-4:#39d353]"
      data-testid="heatmap"
    >
      <p id={totalId} className="text-sm text-muted-foreground" data-testid="heatmap-total">
        {t('profile.home.heatmapTotal', { count: total })}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls on a phone, and a keyboard user must reach it to scroll it (WCAG 2.1.1) */}
      <section ref={scroller} className="overflow-x-auto pb-1" tabIndex={0} aria-labelledby={totalId}>
        <HeatMap
          value={data.dataList}
          startDate={startDate}
          endDate={endDate}
          width={LEFT_PAD + WEEKS * (RECT + SPACE)}
          height={20 + 7 * (RECT + SPACE)}
          rectSize={RECT}
          space={SPACE}
          legendCellSize={0}
          monthLabels={labels.months}
          weekLabels={labels.weeks}
          panelColors={PANEL_COLORS}
          rectProps={{ rx: 2 }}
          style={{ color: 'var(--muted-foreground)' }}
          rectRender={(props, day) => {
            const count = day.count ?? 0;
            const date = isoDay(day.date);
            return (
              <rect {...props} data-date={date} data-count={count}>
                <title>
                  {count > 0
                    ? t('profile.home.heatmapDay', { count, date })
                    : t('profile.home.heatmapNone', { date })}
                </title>
              </rect>
            );
          }}
        />
      </section>
      <div className="flex items-center justify-end gap-1 text-xs text-muted-foreground" aria-hidden>
        <span>{t('profile.home.less')}</span>
        {LEGEND.map((colour) => (
          <span key={colour} className="size-[11px] rounded-[2px]" style={{ backgroundColor: colour }} />
        ))}
        <span>{t('profile.home.more')}</span>
      </div>
    </div>
  );
}
