import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { cn } from '@/shared/lib/utils';
import { AXIS_TICK, GRID_STROKE, TOOLTIP_STYLE } from './chart-theme';

export interface BarSeries {
  key: string;
  label: string;
  /** text colour classes: the bars are filled with currentColor */
  className: string;
}

export interface BarFigureProps {
  data: readonly Record<string, string | number>[];
  /** the field naming each group of bars (a day, a user) */
  categoryKey: string;
  categoryLabel: string;
  series: readonly BarSeries[];
  /** what the chart shows, read out before the numbers */
  caption: string;
  testId: string;
  /** long names on the category axis are cut to this many characters */
  tickChars?: number;
  className?: string;
}

const cut = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text);

/**
 * A bar chart themed by the site's CSS variables (dark mode included). The drawing is hidden from
 * screen readers; they get the caption and a table of the same numbers instead, and the chart
 * takes no keyboard focus (recharts' own accessibility layer is off).
 */
export default function BarFigure({
  data,
  categoryKey,
  categoryLabel,
  series,
  caption,
  testId,
  tickChars = 10,
  className,
}: BarFigureProps) {
  return (
    <figure className={cn('grid min-w-0 gap-2', className)} data-testid={testId}>
      <figcaption className="sr-only">{caption}</figcaption>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden>
        {series.map((s) => (
          <span key={s.key} className="flex items-center gap-1.5">
            <span className={cn('size-2.5 rounded-sm bg-current', s.className)} />
            {s.label}
          </span>
        ))}
      </div>
      <div className="h-56 w-full min-w-0 sm:h-64" aria-hidden data-testid={`${testId}-drawing`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={[...data]}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke={GRID_STROKE} />
            <XAxis
              dataKey={categoryKey}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={{ stroke: GRID_STROKE }}
              interval={0}
              tickFormatter={(v: string | number) => cut(String(v), tickChars)}
            />
            <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} allowDecimals={false} />
            <Tooltip {...TOOLTIP_STYLE} />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill="currentColor"
                className={s.className}
                radius={[3, 3, 0, 0]}
                maxBarSize={36}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only" data-testid={`${testId}-table`}>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={String(row[categoryKey])}>
              <th scope="row">{row[categoryKey]}</th>
              {series.map((s) => (
                <td key={s.key}>{row[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
