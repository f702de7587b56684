import { Pin, RefreshCw, Search, Snowflake, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AcmRankRow, ContestRankRow, OiRankRow } from '@/shared/api/contest-rank-types';
import type { ContestVO } from '@/shared/api/contest-types';
import { apiErrorText } from '@/shared/api/error-message';
import { CONTEST_RANK_PAGE_OPTIONS, CONTEST_RANK_PAGE_SIZE, ContestType } from '@/shared/constants/contests';
import { cn } from '@/shared/lib/utils';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Switch } from '@/web/components/ui/switch';
import { readLimit, readPage, withParams } from '@/web/lib/search-params';
import { clockText } from '../lib/contest-clock';
import { type BoardSource, useBoardRows, useConcerned } from './board-api';
import { AcmCell, type BoardProblem, OiCell, ProblemHead } from './board-cells';
import { boardTime, frozenMinutes, fullMarks, pinnedCount, shownName } from './board-format';

export interface ScoreboardProps {
  source: BoardSource;
  contest: ContestVO;
  problems: readonly BoardProblem[];
  /** the server's clock now (ms) */
  nowMs: number;
  /** the caller administers the contest: the force-update switch */
  admin: boolean;
  /** inside the contest the caller's own row is pinned on page 1 */
  selfUid: string | null;
  /** during the caller's virtual run: their row is the virtual one, and the board is the one at their elapsed time */
  virtualUid?: string | null;
  containsEnd: boolean;
  onContainsEndChange(value: boolean): void;
  /** a problem's page inside the contest, null on the public board */
  problemHref?: (displayId: string) => string | null;
}

const SEARCH_DELAY_MS = 400;

/** An ACM or OI scoreboard with its controls. */
export function Scoreboard(props: ScoreboardProps) {
  const { source, contest, admin, selfUid, containsEnd } = props;
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const currentPage = readPage(params);
  const limit = readLimit(params, CONTEST_RANK_PAGE_SIZE, CONTEST_RANK_PAGE_OPTIONS);
  const keyword = params.get('keyword') ?? '';
  const [typed, setTyped] = useState(keyword);
  const [showStars, setShowStars] = useState(true);
  const [forceRefresh, setForceRefresh] = useState(false);
  const [autoRefresh, setAutoRefresh] = useState(false);
  const concerned = useConcerned(contest.id);

  const form = {
    cid: contest.id,
    currentPage,
    limit,
    keyword: keyword || undefined,
    removeStar: !showStars,
    forceRefresh: admin && forceRefresh,
    containsEnd: contest.allowEndSubmit && containsEnd,
    concernedList: concerned.list,
  };
  const rows = useBoardRows(source, form, autoRefresh);

  // a failed load stops loading and turns auto refresh off
  const failedAt = rows.isError ? rows.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) setAutoRefresh(false);
  }, [failedAt]);

  // the search applies once typing pauses (or on Enter)
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const paramsRef = useRef(params);
  paramsRef.current = params;
  useEffect(() => {
    if (typed.trim() === keyword) return;
    const timer = window.setTimeout(
      () => setParamsRef.current(withParams(paramsRef.current, { keyword: typed.trim(), currentPage: null })),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [typed, keyword]);

  const records = rows.data?.records ?? [];
  const wanted = useMemo(
    () => [...(source === 'inside' && selfUid ? [selfUid] : []), ...concerned.list],
    [source, selfUid, concerned.list],
  );
  const pinned = pinnedCount(records, wanted, currentPage);
  const frozen = frozenMinutes(contest, props.nowMs, admin && forceRefresh);
  const isOi = contest.type === ContestType.OI;
  const updated = rows.dataUpdatedAt ? new Date(rows.dataUpdatedAt) : null;

  return (
    <div
      className="flex min-w-0 flex-col gap-3 [contain:inline-size]"
      data-testid="board"
      data-type={isOi ? 'oi' : 'acm'}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="board-controls">
        <form
          className="relative w-full sm:w-64"
          onSubmit={(e) => {
            e.preventDefault();
            setParams(withParams(params, { keyword: typed.trim(), currentPage: null }));
          }}
        >
          <Search className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground" />
          <Input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('contestBoard.searchPlaceholder')}
            aria-label={t('contestBoard.searchPlaceholder')}
            className="pl-8"
            maxLength={255}
            data-testid="board-search"
          />
        </form>
        <Toggle
          id="board-stars"
          label={t('contestBoard.showStars')}
          checked={showStars}
          onChange={(v) => {
            setShowStars(v);
            setParams(withParams(params, { currentPage: null }));
          }}
        />
        {contest.allowEndSubmit && (
          <Toggle
            id="board-after-contest"
            label={t('contestBoard.afterContest')}
            checked={containsEnd}
            onChange={props.onContainsEndChange}
          />
        )}
        {admin && (
          <Toggle
            id="board-force"
            label={t('contestBoard.forceUpdate')}
            checked={forceRefresh}
            onChange={setForceRefresh}
          />
        )}
        <Toggle
          id="board-auto"
          label={t('contestBoard.autoRefresh')}
          checked={autoRefresh}
          onChange={(v) => {
            setAutoRefresh(v);
            if (v) void rows.refetch();
          }}
        />
        <div className="ml-auto flex items-center gap-2 text-muted-foreground text-xs">
          {updated && (
            <span data-testid="board-updated">
              {t('contestBoard.updatedAt', { time: updated.toLocaleTimeString(i18n.language) })}
            </span>
          )}
          <Button
            variant="outline"
            size="icon-sm"
            onClick={() => void rows.refetch()}
            disabled={rows.isFetching}
            aria-label={t('contestBoard.refresh')}
            title={t('contestBoard.refresh')}
            data-testid="board-refresh"
          >
            <RefreshCw className={cn(rows.isFetching && 'animate-spin')} />
          </Button>
        </div>
      </div>

      {props.virtualUid && (
        <p
          className="rounded-md border border-violet-300 bg-violet-50 px-3 py-2 text-sm text-violet-900 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-100"
          data-testid="board-virtual-note"
        >
          {t('virtual.boardNote', {
            elapsed: clockText(props.nowMs - Date.parse(contest.startTime)),
          })}
        </p>
      )}
      {frozen !== null && (
        <p
          className="flex items-start gap-2 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sky-900 text-sm dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
          data-testid="board-frozen"
        >
          <Snowflake className="mt-0.5 size-4 shrink-0" />
          {t('contestBoard.frozenBanner', { minutes: frozen })}
        </p>
      )}
      {rows.isError && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-destructive text-sm"
          data-testid="board-error"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" />
          <span className="grid gap-0.5">
            <span>{t('contestBoard.loadFailed', { message: apiErrorText(rows.error, t) })}</span>
            <span className="font-medium">{t('contestBoard.autoRefreshOff')}</span>
          </span>
        </p>
      )}

      <BoardTable
        {...props}
        records={records}
        pinned={pinned}
        loading={rows.isPending}
        concernedList={concerned.list}
        onToggleConcerned={concerned.toggle}
      />

      <Pagination
        total={rows.data?.total ?? 0}
        page={currentPage}
        limit={limit}
        pageSizes={CONTEST_RANK_PAGE_OPTIONS}
        onPageChange={(page) => setParams(withParams(params, { currentPage: page }))}
        onLimitChange={(l) => setParams(withParams(params, { limit: l, currentPage: null }))}
      />
    </div>
  );
}

function Toggle({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange(value: boolean): void;
}) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-2 text-sm">
      <Switch id={id} checked={checked} onCheckedChange={onChange} data-testid={id} />
      {label}
    </label>
  );
}

const PROBLEM_COL = 'w-[5.5rem] min-w-[5.5rem]';
// sticky columns: rank then name, with opaque backgrounds so scrolled cells pass underneath
const STICKY_RANK = 'sticky left-0 z-10 w-11 min-w-11 sm:w-14 sm:min-w-14';
const STICKY_NAME =
  'sticky left-11 z-10 w-32 min-w-32 max-w-32 sm:left-14 sm:w-56 sm:min-w-56 sm:max-w-56 border-r shadow-[4px_0_4px_-4px_rgb(0_0_0/0.15)]';

function BoardTable({
  contest,
  problems,
  records,
  pinned,
  loading,
  selfUid,
  virtualUid,
  source,
  concernedList,
  onToggleConcerned,
  problemHref,
}: ScoreboardProps & {
  records: ContestRankRow[];
  pinned: number;
  loading: boolean;
  concernedList: string[];
  onToggleConcerned(uid: string): void;
}) {
  const { t } = useTranslation();
  const isOi = contest.type === ContestType.OI;
  const full = useMemo(
    () =>
      new Map(problems.map((p) => [p.displayId, isOi ? fullMarks(records as OiRankRow[], p.displayId) : 0])),
    [problems, records, isOi],
  );
  const head =
    'sticky top-0 z-20 h-12 border-b bg-muted px-1.5 text-center font-medium text-muted-foreground text-xs';

  return (
    <div
      className="max-h-[calc(100dvh-9rem)] overflow-auto rounded-lg border bg-card"
      data-testid="board-scroll"
    >
      <table className="min-w-full border-separate border-spacing-0 text-sm" data-testid="board-table">
        <thead>
          <tr>
            <th className={cn(head, STICKY_RANK, 'z-30')}>{t('contestBoard.rank')}</th>
            <th className={cn(head, STICKY_NAME, 'z-30 text-left')}>{t('contestBoard.name')}</th>
            {isOi ? (
              <th className={cn(head, 'w-20 min-w-20')}>{t('contestBoard.score')}</th>
            ) : (
              <>
                <th className={cn(head, 'w-16 min-w-16')}>{t('contestBoard.solved')}</th>
                <th className={cn(head, 'w-24 min-w-24')}>{t('contestBoard.penalty')}</th>
              </>
            )}
            {problems.map((p) => (
              <th
                key={p.displayId}
                className={cn(head, PROBLEM_COL)}
                data-testid={`board-head-${p.displayId}`}
              >
                <ProblemHead problem={p} href={problemHref?.(p.displayId) ?? null} />
              </th>
            ))}
            <th className={cn(head, 'w-full p-0')} aria-hidden />
          </tr>
        </thead>
        <tbody>
          {records.map((row, i) => {
            const isPinned = i < pinned;
            const mine = source === 'inside' && row.uid === selfUid;
            const rowBg = isPinned
              ? 'bg-amber-50 dark:bg-amber-950'
              : mine
                ? 'bg-sky-50 dark:bg-sky-950'
                : 'bg-card';
            const name = shownName(row, contest.rankShowName);
            const following = concernedList.includes(row.uid);
            const cellBorder = cn(
              'border-b',
              i === pinned - 1 && 'border-b-2 border-b-amber-300 dark:border-b-amber-700',
            );
            return (
              <tr
                key={`${isPinned ? 'pin' : 'row'}-${row.uid}-${i}`}
                className={cn('group', rowBg)}
                data-testid="board-row"
                data-uid={row.uid}
                data-username={row.username}
                data-rank={row.rank}
                data-pinned={isPinned ? 'true' : 'false'}
              >
                <td
                  className={cn(
                    STICKY_RANK,
                    rowBg,
                    cellBorder,
                    'px-1 text-center font-semibold tabular-nums',
                  )}
                  data-testid="board-rank"
                >
                  <RankBadge row={row} />
                </td>
                <td className={cn(STICKY_NAME, rowBg, cellBorder, 'px-1.5 py-1')}>
                  <div className="flex items-center gap-1">
                    {mine ? (
                      <span className="w-[1.125rem] shrink-0" aria-hidden />
                    ) : (
                      <button
                        type="button"
                        onClick={() => onToggleConcerned(row.uid)}
                        className={cn(
                          'shrink-0 rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground',
                          following
                            ? 'text-amber-600 dark:text-amber-400'
                            : 'opacity-40 group-hover:opacity-100',
                        )}
                        aria-pressed={following}
                        aria-label={t(following ? 'contestBoard.unfollow' : 'contestBoard.follow', { name })}
                        title={t(following ? 'contestBoard.unfollow' : 'contestBoard.follow', { name })}
                        data-testid="board-pin"
                      >
                        <Pin className={cn('size-3.5', following && 'fill-current')} />
                      </button>
                    )}
                    <div className="min-w-0 flex-1">
                      <div className="flex min-w-0 items-center gap-1">
                        <Link
                          to={`/user-home?uid=${encodeURIComponent(row.uid)}`}
                          className={cn('truncate font-medium hover:underline', row.rank === -1 && 'italic')}
                          title={name}
                          data-testid="board-name"
                        >
                          {name}
                        </Link>
                        {virtualUid && row.uid === virtualUid && (
                          <span
                            className="shrink-0 rounded bg-violet-100 px-1 text-[0.65rem] text-violet-800 dark:bg-violet-900 dark:text-violet-100"
                            title={t('virtual.rowMark')}
                            data-testid="board-virtual"
                          >
                            {t('virtual.badge')}
                          </span>
                        )}
                        {row.rank === -1 && (
                          <span
                            className="hidden shrink-0 rounded bg-muted px-1 text-[0.65rem] text-muted-foreground sm:inline"
                            title={t('contestBoard.starTitle')}
                            data-testid="board-star"
                          >
                            {t('contestBoard.star')}
                          </span>
                        )}
                      </div>
                      {(row.school || (row.isWinAward && row.awardName)) && (
                        <div className="flex min-w-0 items-center gap-1 text-muted-foreground text-xs">
                          {row.isWinAward && row.awardName && (
                            <span
                              className="shrink-0 rounded px-1 text-[0.65rem]"
                              style={{
                                backgroundColor: row.awardBackground ?? undefined,
                                color: row.awardColor ?? undefined,
                              }}
                              data-testid="board-award"
                            >
                              {row.awardName}
                            </span>
                          )}
                          {row.school && (
                            <span className="truncate" title={row.school}>
                              {row.school}
                            </span>
                          )}
                        </div>
                      )}
                    </div>
                  </div>
                </td>
                {isOi ? (
                  <td className={cn(cellBorder, 'px-1.5 text-center')} data-testid="board-score">
                    <div className="font-bold text-base tabular-nums">{(row as OiRankRow).totalScore}</div>
                    {row.totalTime > 0 && (
                      <div className="text-[0.7rem] text-muted-foreground tabular-nums">
                        {row.totalTime} ms
                      </div>
                    )}
                  </td>
                ) : (
                  <>
                    <td
                      className={cn(cellBorder, 'px-1.5 text-center font-bold text-base tabular-nums')}
                      title={t('contestBoard.solvedTitle', {
                        ac: (row as AcmRankRow).ac,
                        total: (row as AcmRankRow).total,
                      })}
                      data-testid="board-solved"
                    >
                      {(row as AcmRankRow).ac}
                    </td>
                    <td
                      className={cn(cellBorder, 'px-1.5 text-center tabular-nums')}
                      data-testid="board-penalty"
                    >
                      {boardTime(row.totalTime, contest.penaltyMode)}
                    </td>
                  </>
                )}
                {problems.map((p) => (
                  <td key={p.displayId} className={cn(cellBorder, PROBLEM_COL, 'p-0.5 text-center')}>
                    {isOi ? (
                      <OiCell
                        score={(row as OiRankRow).submissionInfo[p.displayId]}
                        timeMs={(row as OiRankRow).timeInfo?.[p.displayId]}
                        full={full.get(p.displayId) ?? 100}
                        displayId={p.displayId}
                      />
                    ) : (
                      <AcmCell
                        cell={(row as AcmRankRow).submissionInfo[p.displayId]}
                        displayId={p.displayId}
                        mode={contest.penaltyMode}
                      />
                    )}
                  </td>
                ))}
                <td className={cellBorder} aria-hidden />
              </tr>
            );
          })}
          {records.length === 0 && (
            <tr>
              <td
                colSpan={problems.length + (isOi ? 4 : 5)}
                className="h-24 text-center text-muted-foreground"
                data-testid={loading ? 'board-loading' : 'board-empty'}
              >
                {loading ? t('contestBoard.loading') : t('contestBoard.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Rank number, "*" for star users; medal colours of the row's award when it won one. */
function RankBadge({ row }: { row: ContestRankRow }) {
  const { t } = useTranslation();
  const text = row.rank === -1 ? '*' : String(row.rank);
  if (row.isWinAward && row.awardBackground) {
    return (
      <span
        className="inline-flex min-w-8 justify-center rounded-md px-1.5 py-0.5"
        // colour properties: an admin's text here can never load an image
        style={{ backgroundColor: row.awardBackground, color: row.awardColor ?? undefined }}
        title={row.awardName ?? undefined}
      >
        {text}
      </span>
    );
  }
  return <span title={row.rank === -1 ? t('contestBoard.starTitle') : undefined}>{text}</span>;
}
