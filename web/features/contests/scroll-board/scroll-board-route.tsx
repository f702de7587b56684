import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '@/web/lib/api';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { PHONE_QUERY, useMediaQuery } from '@/web/lib/use-media-query';
import { type CellView, cellText, type Medal, type RowView, resolve, resolverInput } from './resolver';
import { parseScrollBoardParams } from './scroll-url';

const ROW_HEIGHT = 60;
const AUTO_EVERY_MS = 1400;

const MEDAL_STYLE: Record<Medal, { band: string; tint: string }> = {
  gold: { band: '#facc15', tint: 'rgba(250, 204, 21, 0.16)' },
  silver: { band: '#cbd5e1', tint: 'rgba(203, 213, 225, 0.13)' },
  bronze: { band: '#d97706', tint: 'rgba(217, 119, 6, 0.16)' },
};

const STYLES = `
@keyframes scroll-flash-ok { 0% { box-shadow: 0 0 0 0 rgba(34,197,94,.95); transform: scale(1.25); background:#4ade80; } 100% { box-shadow: 0 0 0 14px rgba(34,197,94,0); transform: scale(1); } }
@keyframes scroll-flash-no { 0% { box-shadow: 0 0 0 0 rgba(239,68,68,.95); transform: scale(1.25); background:#f87171; } 100% { box-shadow: 0 0 0 14px rgba(239,68,68,0); transform: scale(1); } }
.scroll-flash-ok { animation: scroll-flash-ok 900ms ease-out; }
.scroll-flash-no { animation: scroll-flash-no 900ms ease-out; }
.scroll-row { transition: transform 700ms cubic-bezier(.2,.8,.2,1), background-color 400ms; }
@media (prefers-reduced-motion: reduce) { .scroll-row { transition: none; } .scroll-flash-ok, .scroll-flash-no { animation: none; } }
`;

function cellClass(cell: CellView): string {
  if (cell.solved) return 'bg-emerald-600 text-white';
  if (cell.pending) return 'bg-amber-400 text-slate-950';
  if (cell.rejected > 0) return 'bg-rose-700 text-white';
  return 'bg-slate-800/70 text-slate-500';
}

/**
 * The scroll board's own window (/scrollBoard?cid=&removeStar=&medals[]=gold&medals[]=silver&medals[]=bronze):
 * the frozen board, revealed one cell at a time in the ICPC Resolver's order (resolver.ts). Keys: Enter, Space
 * and → reveal, ← steps back, A toggles auto-play, Home/End jump, H shows the keys.
 */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const params = useMemo(() => parseScrollBoardParams(location.search), [location.search]);
  const cid = params?.cid ?? 0;

  const info = useQuery({
    queryKey: ['scroll-board', cid, 'info'],
    queryFn: () => api.getScrollBoardInfo({ cid }),
    enabled: cid > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const subs = useQuery({
    queryKey: ['scroll-board', cid, 'submissions', params?.removeStar ?? false],
    queryFn: () => api.getScrollBoardSubmissions({ cid, removeStar: params?.removeStar ?? false }),
    enabled: cid > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useDocumentTitle(info.data ? `${t('scrollBoard.title')} - ${info.data.title}` : t('scrollBoard.title'));

  const resolution = useMemo(() => {
    if (!info.data || !subs.data || !params) return null;
    const input = resolverInput(info.data, subs.data, params.medals);
    return resolve(input.config, input.submissions);
  }, [info.data, subs.data, params]);

  const [step, setStep] = useState(0);
  const [auto, setAuto] = useState(false);
  const [help, setHelp] = useState(false);
  const total = resolution?.steps.length ?? 0;

  const next = useCallback(() => setStep((s) => Math.min(s + 1, total)), [total]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      switch (e.key) {
        case 'Enter':
        case ' ':
        case 'ArrowRight':
          e.preventDefault();
          next();
          break;
        case 'ArrowLeft':
          e.preventDefault();
          setStep((s) => Math.max(s - 1, 0));
          break;
        case 'Home':
          e.preventDefault();
          setStep(0);
          break;
        case 'End':
          e.preventDefault();
          setStep(total);
          break;
        case 'a':
        case 'A':
          setAuto((v) => !v);
          break;
        case 'h':
        case 'H':
        case '?':
          setHelp((v) => !v);
          break;
        case 'Escape':
          setHelp(false);
          break;
        default:
          break;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, total]);

  useEffect(() => {
    if (!auto) return;
    if (step >= total) {
      setAuto(false);
      return;
    }
    const timer = window.setTimeout(next, AUTO_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [auto, step, total, next]);

  const state = resolution?.states[Math.min(step, total)] ?? null;

  // keep the cursor row (or the row just revealed) in view
  const mainRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const main = mainRef.current;
    if (!state || !main) return;
    const index = state.last ? state.last.to : state.cursorIndex;
    const focus = state.cursorIndex >= 0 ? Math.max(index, 0) : 0;
    main.scrollTo({
      top: Math.max(focus * ROW_HEIGHT - main.clientHeight / 2 + ROW_HEIGHT, 0),
      behavior: 'smooth',
    });
  }, [state]);

  const error = info.error ?? subs.error;
  const problems = info.data?.problems ?? [];
  const phone = useMediaQuery(PHONE_QUERY);
  const gridColumns = phone
    ? `2.5rem 9rem 2.5rem 3.5rem repeat(${problems.length}, 3.5rem)`
    : `4rem minmax(14rem, 1fr) 4.5rem 5.5rem repeat(${problems.length}, 4.25rem)`;

  return (
    <div className="flex h-screen flex-col bg-slate-950 text-slate-100" data-testid="scroll-board">
      <style>{STYLES}</style>
      <header className="shrink-0 border-b border-slate-800 px-4 py-3">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
          <h1 className="text-xl font-semibold tracking-tight" data-testid="scroll-title">
            {info.data?.title ?? t('scrollBoard.title')}
          </h1>
          {resolution && (
            <>
              <span className="rounded bg-sky-900/70 px-2 py-0.5 text-sm" data-testid="scroll-progress">
                {step >= total ? t('scrollBoard.finished') : t('scrollBoard.progress', { step, total })}
              </span>
              <span className="text-sm text-slate-400" data-testid="scroll-auto">
                {auto ? t('scrollBoard.autoOn') : t('scrollBoard.autoOff')}
              </span>
              <span className="ml-auto text-sm text-slate-400">{t('scrollBoard.pressHelp')}</span>
            </>
          )}
        </div>
        {resolution && (
          <div className="mt-2 h-1 w-full overflow-hidden rounded bg-slate-800">
            <div
              className="h-full bg-sky-500 transition-[width] duration-500"
              style={{ width: `${total === 0 ? 100 : (step / total) * 100}%` }}
            />
          </div>
        )}
      </header>

      {!params && <p className="p-8 text-rose-300">{t('scrollBoard.missingCid')}</p>}
      {error && (
        <p className="p-8 text-rose-300" data-testid="scroll-error">
          {error instanceof Error ? error.message : t('scrollBoard.loadFailed')}
        </p>
      )}
      {params && !error && !state && <p className="p-8 text-slate-400">{t('scrollBoard.loading')}</p>}

      {state && (
        <main
          ref={mainRef}
          className="relative min-h-0 flex-1 overflow-auto px-2 pb-[50vh]"
          data-testid="scroll-main"
        >
          <div className="min-w-max">
            <div
              className="sticky top-0 z-20 grid items-center gap-1 bg-slate-950 px-2 py-2 text-xs uppercase text-slate-400"
              style={{ gridTemplateColumns: gridColumns }}
            >
              <span className="text-center">{t('scrollBoard.rank')}</span>
              <span>{t('scrollBoard.team')}</span>
              <span className="text-center">{t('scrollBoard.solved')}</span>
              <span className="text-center">{t('scrollBoard.penalty')}</span>
              {problems.map((p) => (
                <span key={p.displayId} className="flex items-center justify-center gap-1 text-sm">
                  <span
                    className="inline-block size-3 rounded-full border border-slate-600"
                    // a colour property: an admin's text here can never load an image
                    style={{ backgroundColor: p.color ?? 'transparent' }}
                  />
                  {p.displayId}
                </span>
              ))}
            </div>
            <div
              className="relative"
              style={{ height: state.rows.length * ROW_HEIGHT }}
              data-testid="scroll-rows"
            >
              {/* a stable DOM order (by uid): rows move by their transform only, so the move animates */}
              {stableRows(state.rows).map(({ row, index }) => (
                <BoardRow
                  key={row.uid}
                  row={row}
                  index={index}
                  columns={gridColumns}
                  isCursor={row.uid === state.cursor}
                  flash={state.last && state.last.uid === row.uid ? state.last.problemIndex : -1}
                  flashKey={state.step}
                  t={t}
                />
              ))}
            </div>
          </div>
        </main>
      )}

      {help && (
        <div
          className="fixed inset-0 z-30 flex items-center justify-center bg-black/70"
          onClick={() => setHelp(false)}
          onKeyDown={() => undefined}
          role="presentation"
          data-testid="scroll-help"
        >
          <div className="w-[min(28rem,90vw)] rounded-lg border border-slate-700 bg-slate-900 p-6 shadow-2xl">
            <h2 className="mb-4 text-lg font-semibold">{t('scrollBoard.help')}</h2>
            <dl className="grid grid-cols-[11rem_1fr] gap-y-2 text-sm">
              {(
                [
                  ['Enter / Space / →', 'keyNext'],
                  ['←', 'keyBack'],
                  ['A', 'keyAuto'],
                  ['Home', 'keyStart'],
                  ['End', 'keyEnd'],
                  ['H / ?', 'keyHelp'],
                ] as const
              ).map(([keys, label]) => (
                <div key={label} className="contents">
                  <dt>
                    <kbd className="rounded border border-slate-600 bg-slate-800 px-1.5 py-0.5 font-mono text-xs">
                      {keys}
                    </kbd>
                  </dt>
                  <dd className="text-slate-300">{t(`scrollBoard.${label}`)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      )}
    </div>
  );
}

function stableRows(rows: readonly RowView[]): { row: RowView; index: number }[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (a.row.uid < b.row.uid ? -1 : a.row.uid > b.row.uid ? 1 : 0));
}

function BoardRow({
  row,
  index,
  columns,
  isCursor,
  flash,
  flashKey,
  t,
}: {
  row: RowView;
  index: number;
  columns: string;
  isCursor: boolean;
  flash: number;
  flashKey: number;
  t: (key: string, options?: Record<string, unknown>) => string;
}) {
  const medal = row.medal ? MEDAL_STYLE[row.medal] : null;
  const background = isCursor
    ? 'rgba(14, 165, 233, 0.28)'
    : (medal?.tint ?? (index % 2 ? '#0b1222' : '#0f172a'));
  return (
    <div
      className="scroll-row absolute inset-x-0 grid items-center gap-1 rounded px-2"
      style={{
        transform: `translateY(${index * ROW_HEIGHT}px)`,
        height: ROW_HEIGHT - 4,
        gridTemplateColumns: columns,
        background,
        boxShadow: isCursor ? 'inset 0 0 0 2px #38bdf8' : undefined,
        borderLeft: `6px solid ${medal?.band ?? 'transparent'}`,
        zIndex: isCursor ? 10 : 1,
      }}
      data-testid="scroll-row"
      data-uid={row.uid}
      data-index={index}
      data-cursor={isCursor ? 'true' : 'false'}
      data-final={row.finalized ? 'true' : 'false'}
      data-medal={row.medal ?? ''}
    >
      <span className="text-center text-lg font-semibold tabular-nums" data-testid="scroll-rank">
        {row.isStar ? '*' : row.rank}
      </span>
      <span className="min-w-0">
        <span className="flex min-w-0 items-baseline gap-2">
          <span className="truncate font-medium" data-testid="scroll-team">
            {row.name}
          </span>
          {row.isStar && <span className="shrink-0 text-xs text-slate-400">({t('scrollBoard.star')})</span>}
        </span>
        <span className="flex min-w-0 items-baseline gap-2 text-xs">
          {row.medal && (
            <span
              className="shrink-0 font-semibold"
              style={{ color: medal?.band }}
              data-testid="scroll-medal"
            >
              {t(`scrollBoard.${row.medal}Medal`)}
            </span>
          )}
          {row.school && <span className="truncate text-slate-400">{row.school}</span>}
        </span>
      </span>
      <span className="text-center text-lg font-semibold tabular-nums" data-testid="scroll-solved">
        {row.solved}
      </span>
      <span className="text-center tabular-nums text-slate-300">{Math.floor(row.penalty / 60)}</span>
      {row.cells.map((cell, p) => (
        <span
          key={flash === p ? `${cell.problem}-${flashKey}` : cell.problem}
          className={`flex h-10 items-center justify-center rounded text-sm font-medium tabular-nums ${cellClass(cell)} ${
            flash === p ? (cell.solved ? 'scroll-flash-ok' : 'scroll-flash-no') : ''
          }`}
          title={
            cell.pending ? t('scrollBoard.tries', { count: cell.rejected + cell.pendingTries }) : undefined
          }
          data-testid="scroll-cell"
          data-problem={cell.problem}
          data-state={
            cell.solved ? 'solved' : cell.pending ? 'pending' : cell.rejected > 0 ? 'rejected' : 'none'
          }
        >
          {cellText(cell)}
        </span>
      ))}
    </div>
  );
}
