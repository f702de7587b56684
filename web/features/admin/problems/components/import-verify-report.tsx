import { CircleAlert, CircleCheck, CircleMinus, Info } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyReport, VerifyResult } from '@/shared/api/package-verify-types';
import { statusInfo } from '@/shared/constants/judge-status';
import { cn } from '@/shared/lib/utils';
import { StatusTag } from '@/web/components/status-tag';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { countResults } from '../lib/import-formats';

const STATE_STYLE = {
  ok: { icon: CircleCheck, className: 'text-green-700 dark:text-green-400' },
  mismatch: { icon: CircleAlert, className: 'text-destructive' },
  skipped: { icon: CircleMinus, className: 'text-muted-foreground' },
} as const;

/** A label shown before a value on a phone, where the row is a card without the header row. */
function PhoneLabel({ children }: { children: string }) {
  return <span className="text-muted-foreground sm:hidden">{children}: </span>;
}

/** A package path that wraps after its slashes before it wraps inside a name. */
function PathText({ path }: { path: string }) {
  const parts = path.split('/');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}

function ResultRow({ r }: { r: VerifyResult }) {
  const { t } = useTranslation();
  const col = (key: string) => t(`admin.problemImport.column.${key}`);
  const { icon: Icon, className } = STATE_STYLE[r.state];
  const expected = r.expected
    .map((s) => t(`status.${statusInfo(s).key}`))
    .join(t('admin.problemImport.orStatus'));
  // on a phone each row is a card: the path on its own line, then the facts wrapping under it
  const cell = 'p-0 sm:p-2';
  return (
    <TableRow
      className="flex flex-wrap items-center gap-x-4 gap-y-1.5 py-3 sm:table-row sm:py-0"
      data-testid="verify-row"
      data-path={r.path}
      data-state={r.state}
    >
      <TableCell className={cn(cell, 'w-full whitespace-normal wrap-anywhere font-mono text-xs sm:w-auto')}>
        <PathText path={r.path} />
      </TableCell>
      <TableCell className={cell}>
        <PhoneLabel>{col('language')}</PhoneLabel>
        {r.language ?? '—'}
      </TableCell>
      <TableCell className={cn(cell, 'whitespace-normal')} data-testid="verify-expected">
        <PhoneLabel>{col('expected')}</PhoneLabel>
        {expected || '—'}
      </TableCell>
      <TableCell className={cell} data-testid="verify-actual">
        <PhoneLabel>{col('actual')}</PhoneLabel>
        {r.actual === null ? '—' : <StatusTag status={r.actual} />}
      </TableCell>
      <TableCell className={cn(cell, 'tabular-nums sm:text-right')}>
        <PhoneLabel>{col('score')}</PhoneLabel>
        {r.score ?? '—'}
      </TableCell>
      <TableCell className={cn(cell, 'tabular-nums sm:text-right')}>
        <PhoneLabel>{col('time')}</PhoneLabel>
        {r.time === null ? '—' : `${r.time} ms`}
      </TableCell>
      <TableCell className={cn(cell, 'w-full whitespace-normal sm:w-auto sm:min-w-40')}>
        <span
          className={cn('inline-flex items-center gap-1 font-medium', className)}
          data-testid="verify-state"
        >
          <Icon className="size-4 shrink-0" aria-hidden />
          {t(`admin.problemImport.state.${r.state}`)}
        </span>
        {r.reason && <p className="text-xs text-muted-foreground">{r.reason}</p>}
        {r.state !== 'skipped' && r.failedCase && (
          <p className="break-words text-xs text-muted-foreground">
            {t('admin.problemImport.failedCase', { seq: r.failedCase.seq, name: r.failedCase.name })}
            {r.failedCase.message ? `: ${r.failedCase.message}` : ''}
          </p>
        )}
        {r.state !== 'skipped' && !r.failedCase && r.message && (
          <p className="break-words text-xs text-muted-foreground">{r.message}</p>
        )}
      </TableCell>
    </TableRow>
  );
}

/** A finished verification: the package's facts and notes, a summary line, then one row per example submission. */
export function ImportVerifyReport({ report }: { report: VerifyReport }) {
  const { t } = useTranslation();
  const counts = countResults(report.results);
  const col = (key: string) => t(`admin.problemImport.column.${key}`);
  return (
    <div className="grid min-w-0 gap-3" data-testid="verify-report">
      <div className="grid gap-1">
        <h3 className="font-medium">{t('admin.problemImport.report', { title: report.title })}</h3>
        <p className="text-sm text-muted-foreground">
          {t('admin.problemImport.facts', {
            cases: report.cases,
            mode: t(`admin.problem.judgeMode.${report.judgeMode}`),
            timeLimit: report.timeLimit,
            memoryLimit: report.memoryLimit,
          })}
        </p>
      </div>
      {report.notices.length > 0 && (
        <ul
          className="grid gap-1 text-sm text-muted-foreground"
          aria-label={t('admin.problemImport.notices')}
        >
          {report.notices.map((n, i) => (
            <li key={i} className="flex gap-2">
              <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">{n}</span>
            </li>
          ))}
        </ul>
      )}
      {counts.total === 0 ? (
        <p className="text-sm" data-testid="verify-summary">
          {t('import.verify.noSubmissions')}
        </p>
      ) : (
        <>
          <p
            role="status"
            className={cn(
              'flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium',
              counts.mismatch > 0
                ? 'border-destructive/50 text-destructive'
                : 'border-green-600/40 bg-green-600/5 text-green-800 dark:text-green-300',
            )}
            data-testid="verify-summary"
          >
            {counts.mismatch > 0 ? (
              <CircleAlert className="size-4 shrink-0" aria-hidden />
            ) : (
              <CircleCheck className="size-4 shrink-0" aria-hidden />
            )}
            {t('admin.problemImport.summary', counts)}
          </p>
          <Table data-testid="verify-table">
            <TableHeader className="hidden sm:table-header-group">
              <TableRow>
                <TableHead>{col('path')}</TableHead>
                <TableHead>{col('language')}</TableHead>
                <TableHead>{col('expected')}</TableHead>
                <TableHead>{col('actual')}</TableHead>
                <TableHead className="text-right">{col('score')}</TableHead>
                <TableHead className="text-right">{col('time')}</TableHead>
                <TableHead>{col('result')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.results.map((r) => (
                <ResultRow key={r.path} r={r} />
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </div>
  );
}
