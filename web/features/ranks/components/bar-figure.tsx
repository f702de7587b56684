import { scaleBand, scaleLinear } from 'd3-scale';
import { useState } from 'react';
import { cn } from '@/shared/lib/utils';
import { useElementSize } from '@/web/lib/use-element-size';
import { CHART } from './chart-theme';

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

/**
 * The figure's height before its numbers arrive: the legend's line (1rem), the gap (0.5rem) and the
 * drawing (14rem, 16rem from `sm`), so nothing below moves when the chart replaces it.
 */
export const BAR_FIGURE_PLACEHOLDER = 'h-62 w-full sm:h-70';

const cut = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text);
/** About how wide a line of `chars` characters is at the axis' font size: 0.6 em a character. */
const textWidth = (chars: number) => chars * CHART.tickFont * 0.6;
const numberAt = (row: Record<string, string | number>, key: string) => Number(row[key]) || 0;

/**
 * A grouped bar chart themed by the site's CSS variables (dark mode included), drawn as SVG from
 * d3-scale's band and linear scales (docs/architecture.md, Ranks and home page: why not a chart
 * library). The drawing is hidden from screen readers; they get the caption and a table of the same
 * numbers instead, and it takes no keyboard focus. Pointing at a group shows its numbers.
 */
export function BarFigure({
  data,
  categoryKey,
  categoryLabel,
  series,
  caption,
  testId,
  tickChars = 10,
  className,
}: BarFigureProps) {
  const [box, size] = useElementSize<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  return (
    <figure className={cn('grid min-w-0 gap-2', className)} data-testid={testId}>
      <figcaption className="sr-only">{caption}</figcaption>
      <div
        className="flex h-4 flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
        aria-hidden
      >
        {series.map((s) => (
          <span key={s.key} className="flex items-center gap-1.5">
            <span className={cn('size-2.5 rounded-sm bg-current', s.className)} />
            {s.label}
          </span>
        ))}
      </div>
      <div
        ref={box}
        className="relative h-56 w-full min-w-0 sm:h-64"
        aria-hidden
        data-testid={`${testId}-drawing`}
        onPointerLeave={() => setActive(null)}
      >
        {size.width > 0 && size.height > 0 && (
          <Drawing
            data={data}
            categoryKey={categoryKey}
            series={series}
            tickChars={tickChars}
            width={size.width}
            height={size.height}
            active={active}
            onActive={setActive}
          />
        )}
        {active !== null && data[active] && (
          <Tip row={data[active]} categoryKey={categoryKey} series={series} left={active / data.length} />
        )}
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

interface DrawingProps {
  data: readonly Record<string, string | number>[];
  categoryKey: string;
  series: readonly BarSeries[];
  tickChars: number;
  width: number;
  height: number;
  active: number | null;
  onActive: (index: number) => void;
}

function Drawing({ data, categoryKey, series, tickChars, width, height, active, onActive }: DrawingProps) {
  const { margin, tickFont, barRadius, maxBar } = CHART;
  const top = margin.top;
  const bottom = height - margin.bottom;
  const right = width - margin.right;
  const max = Math.max(1, ...data.flatMap((row) => series.map((s) => numberAt(row, s.key))));
  // counts: whole-number ticks only, at most five
  const y = scaleLinear().domain([0, max]).nice(Math.min(5, max)).range([bottom, top]);
  const ticks = y.ticks(Math.min(5, max)).filter(Number.isInteger);
  // room for the longest tick (an OI total may have five digits)
  const left = Math.max(
    margin.left,
    Math.ceil(textWidth(Math.max(...ticks.map((t) => String(t).length)))) + 10,
  );
  const groups = scaleBand<number>()
    .domain(data.map((_, i) => i))
    .range([left, right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const inner = scaleBand<string>()
    .domain(series.map((s) => s.key))
    .range([0, groups.bandwidth()])
    .padding(0.1);
  // where the groups are narrower than their names, every k-th is named from the first (the leader on a rank; a week's first and last day, 7 being 1 + 2 × 3)
  const longest = Math.max(...data.map((row) => cut(String(row[categoryKey]), tickChars).length));
  const every = Math.max(1, Math.ceil((textWidth(longest) + 6) / groups.step()));
  const named = (i: number) => i % every === 0;
  const barWidth = Math.min(maxBar, inner.bandwidth());
  const barOffset = (inner.bandwidth() - barWidth) / 2;
  return (
    <svg width={width} height={height} className="block" aria-hidden="true">
      <g data-chart="grid" stroke="var(--border)">
        {ticks.map((t) => (
          <line key={t} x1={left} x2={right} y1={y(t)} y2={y(t)} />
        ))}
      </g>
      <g fill="var(--muted-foreground)" fontSize={tickFont} textAnchor="end" dominantBaseline="middle">
        {ticks.map((t) => (
          <text key={t} x={left - 6} y={y(t)}>
            {t}
          </text>
        ))}
      </g>
      {data.map((row, i) => {
        const x0 = groups(i) ?? 0;
        const label = String(row[categoryKey]);
        return (
          <g key={label} onPointerEnter={() => onActive(i)}>
            <rect
              x={x0 - (groups.step() - groups.bandwidth()) / 2}
              y={top}
              width={groups.step()}
              height={bottom - top}
              fill={active === i ? 'var(--muted)' : 'transparent'}
              opacity={0.6}
            />
            {series.map((s) => {
              const v = numberAt(row, s.key);
              const h = bottom - y(v);
              return (
                <path
                  key={s.key}
                  data-chart="bar"
                  className={s.className}
                  fill="currentColor"
                  d={topRounded((inner(s.key) ?? 0) + x0 + barOffset, y(v), barWidth, h, barRadius)}
                />
              );
            })}
            {named(i) && (
              <text
                x={x0 + groups.bandwidth() / 2}
                y={bottom + tickFont + 6}
                fill="var(--muted-foreground)"
                fontSize={tickFont}
                textAnchor="middle"
              >
                {cut(label, tickChars)}
              </text>
            )}
          </g>
        );
      })}
      <line x1={left} x2={right} y1={bottom} y2={bottom} stroke="var(--border)" />
    </svg>
  );
}

/** A bar with its top corners rounded (nothing for a zero). */
function topRounded(x: number, y: number, w: number, h: number, r: number): string {
  if (h <= 0 || w <= 0) return '';
  const rr = Math.min(r, w / 2, h);
  return `M${x},${y + h}V${y + rr}Q${x},${y} ${x + rr},${y}H${x + w - rr}Q${x + w},${y} ${x + w},${y + rr}V${y + h}Z`;
}

interface TipProps {
  row: Record<string, string | number>;
  categoryKey: string;
  series: readonly BarSeries[];
  /** the group's place along the axis, 0 to 1 */
  left: number;
}

function Tip({ row, categoryKey, series, left }: TipProps) {
  // kept inside the drawing: left half of the groups show it to their right, the others to their left
  const side = left < 0.5 ? { left: `${(left + 0.08) * 100}%` } : { right: `${(1 - left + 0.02) * 100}%` };
  return (
    <div
      className="pointer-events-none absolute top-2 z-10 rounded-md border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-sm"
      style={side}
      data-chart="tip"
    >
      <div className="font-semibold">{row[categoryKey]}</div>
      {series.map((s) => (
        <div key={s.key} className="flex items-center gap-1.5">
          <span className={cn('size-2 rounded-sm bg-current', s.className)} />
          {s.label}: {row[s.key]}
        </div>
      ))}
    </div>
  );
}
