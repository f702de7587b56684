import { arc, pie } from 'd3-shape';
import { useTranslation } from 'react-i18next';
import type { ProblemCounts } from '@/shared/api/types';
import { JudgeStatus, STATUS_INFO } from '@/shared/constants/judge-status';
import { formatAcRate } from '@/shared/format';

/** Slices of the result pie (colours: AC green, WA red, TLE orange, MLE yellow, RE orange-red, CE/PE amber, PA blue). */
const SLICES = [
  { key: 'ac', status: JudgeStatus.ACCEPTED },
  { key: 'wa', status: JudgeStatus.WRONG_ANSWER },
  { key: 'tle', status: JudgeStatus.TIME_LIMIT_EXCEEDED },
  { key: 'mle', status: JudgeStatus.MEMORY_LIMIT_EXCEEDED },
  { key: 're', status: JudgeStatus.RUNTIME_ERROR },
  { key: 'ce', status: JudgeStatus.COMPILE_ERROR },
  { key: 'pe', status: JudgeStatus.PRESENTATION_ERROR },
  { key: 'pa', status: JudgeStatus.PARTIAL_ACCEPTED },
  { key: 'se', status: JudgeStatus.SYSTEM_ERROR },
] as const satisfies readonly { key: keyof ProblemCounts; status: number }[];

interface Slice {
  key: string;
  label: string;
  color: string;
  value: number;
}

const SIZE = 160;
const OUTER = SIZE / 2 - 4;
const INNER = OUTER * 0.58;

/** The problem's results as a ring (d3-shape arcs drawn as SVG) with a legend; lazy-loaded. */
export default function ResultPie({ counts }: { counts: ProblemCounts }) {
  const { t } = useTranslation();
  const slices: Slice[] = SLICES.map((s) => ({
    key: s.key,
    label: t(`status.${STATUS_INFO[s.status].key}`),
    color: STATUS_INFO[s.status].color,
    value: counts[s.key] ?? 0,
  }));
  const shown = slices.filter((s) => s.value > 0);
  const arcs = pie<Slice>()
    .value((s) => s.value)
    .sort(null)
    .padAngle(shown.length > 1 ? 0.015 : 0)(shown);
  const path = arc<(typeof arcs)[number]>().innerRadius(INNER).outerRadius(OUTER).cornerRadius(2);
  const rate = formatAcRate(counts.ac, counts.total);
  const summary = t('problemPage.statement.pieSummary', { total: counts.total, ac: counts.ac, rate });
  return (
    <figure className="flex flex-wrap items-center gap-6" data-testid="result-pie" data-total={counts.total}>
      <svg
        viewBox={`${-SIZE / 2} ${-SIZE / 2} ${SIZE} ${SIZE}`}
        className="size-40 shrink-0"
        role="img"
        aria-label={summary}
      >
        {shown.length === 0 && (
          <circle r={(OUTER + INNER) / 2} fill="none" strokeWidth={OUTER - INNER} className="stroke-muted" />
        )}
        {arcs.map((a) => (
          <path key={a.data.key} d={path(a) ?? ''} fill={a.data.color} data-slice={a.data.key}>
            <title>{`${a.data.label}: ${a.data.value}`}</title>
          </path>
        ))}
        <text textAnchor="middle" y={-2} className="fill-foreground text-[22px] font-semibold">
          {counts.total}
        </text>
        <text textAnchor="middle" y={18} className="fill-muted-foreground text-[11px]">
          {t('problemPage.statement.submissions')}
        </text>
      </svg>
      <figcaption className="grid min-w-0 flex-1 grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-x-4 gap-y-1 text-sm">
        <span className="col-span-full font-medium" data-testid="ac-rate">
          {t('problemPage.statement.acRate', { rate })}
        </span>
        {slices.map((s) => (
          <span key={s.key} className="flex items-center gap-2" data-testid={`pie-legend-${s.key}`}>
            <span className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: s.color }} aria-hidden />
            <span className="truncate text-muted-foreground" title={s.label}>
              {s.label}
            </span>
            <span className="ml-auto tabular-nums">{s.value}</span>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
