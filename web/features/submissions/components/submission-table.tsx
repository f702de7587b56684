import { Loader2, RefreshCw } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubmissionListItem } from '@/shared/api/types';
import { formatDateTime, formatLength, formatMemory, formatTime } from '@/shared/format';
import { cn } from '@/shared/lib/utils';
import { StatusTag } from '@/web/components/status-tag';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import type { RejudgeMutation } from '../api';
import { QueuePlace } from './queue-place';

const COLUMNS = [
  'runId',
  'problem',
  'status',
  'score',
  'time',
  'memory',
  'length',
  'language',
  'judger',
  'author',
  'submitTime',
] as const;

interface Props {
  rows: SubmissionListItem[] | undefined;
  loading: boolean;
  /** uid of the logged-in user: own rows are highlighted */
  myUid: string | null;
  /** the super admin's Rejudge: a column with a button per row; null hides it */
  rejudge: RejudgeMutation | null;
  /** where a row's submission and problem open; the main site's pages by default (contests pass their own) */
  links?: SubmissionLinks;
  /** the real-name column after the author's (spec §6: for admins in a group) */
  realName?: boolean;
}

export interface SubmissionLinks {
  submission(row: SubmissionListItem): string;
  problem(row: SubmissionListItem): string;
}

const SITE_LINKS: SubmissionLinks = {
  submission: (row) => `/submission-detail/${row.submitId}`,
  problem: (row) => `/problem/${encodeURIComponent(row.displayPid)}`,
};

export function SubmissionTable({
  rows,
  loading,
  myUid,
  rejudge,
  links = SITE_LINKS,
  realName = false,
}: Props) {
  const { t } = useTranslation();
  const columnCount = COLUMNS.length + (rejudge ? 1 : 0) + (realName ? 1 : 0);
  return (
    <Table data-testid="submission-table">
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => (
            <Fragment key={c}>
              <TableHead>{t(`web.submissions.columns.${c}`)}</TableHead>
              {realName && c === 'author' && (
                <TableHead data-testid="column-realname">{t('web.submissions.columns.realname')}</TableHead>
              )}
            </Fragment>
          ))}
          {rejudge && <TableHead>{t('workspace.option')}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading &&
          Array.from({ length: 5 }, (_, i) => (
            <TableRow key={i}>
              <TableCell colSpan={columnCount}>
                <Skeleton className="h-5 w-full" />
              </TableCell>
            </TableRow>
          ))}
        {rows?.map((row) => {
          const mine = !!myUid && row.uid === myUid;
          return (
            <TableRow
              key={row.submitId}
              data-mine={mine || undefined}
              data-testid="submission-row"
              className={cn(mine && 'bg-primary/5 shadow-[inset_3px_0_0_var(--color-primary)]')}
            >
              <TableCell>
                <Link to={links.submission(row)} className="font-mono text-primary hover:underline">
                  {row.submitId}
                </Link>
              </TableCell>
              <TableCell className="max-w-56 truncate">
                <Link to={links.problem(row)} className="hover:underline" title={row.title}>
                  <span className="font-mono">{row.displayPid}</span>
                  {row.title && <span className="ml-1.5 text-muted-foreground">{row.title}</span>}
                </Link>
              </TableCell>
              <TableCell>
                <Link to={links.submission(row)}>
                  <StatusTag status={row.status} data-testid="row-status" />
                </Link>
                <QueuePlace position={row.queuePosition} etaSeconds={row.queueEtaSeconds} className="block" />
              </TableCell>
              <TableCell className="tabular-nums">{row.score ?? '--'}</TableCell>
              <TableCell className="tabular-nums">{formatTime(row.time)}</TableCell>
              <TableCell className="tabular-nums">{formatMemory(row.memory)}</TableCell>
              <TableCell className="tabular-nums">{formatLength(row.length)}</TableCell>
              <TableCell>{row.language}</TableCell>
              <TableCell className="text-muted-foreground">{row.judger ?? '--'}</TableCell>
              <TableCell>{row.username}</TableCell>
              {realName && <TableCell data-testid="row-realname">{row.realname ?? ''}</TableCell>}
              <TableCell className="tabular-nums text-muted-foreground">
                {formatDateTime(row.submitTime)}
              </TableCell>
              {rejudge && (
                <TableCell>
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-7"
                    disabled={rejudge.isPending && rejudge.variables === row.submitId}
                    onClick={() => rejudge.mutate(row.submitId)}
                    data-testid="rejudge"
                  >
                    {rejudge.isPending && rejudge.variables === row.submitId ? (
                      <Loader2 className="animate-spin" />
                    ) : (
                      <RefreshCw />
                    )}
                    {t('workspace.rejudge')}
                  </Button>
                </TableCell>
              )}
            </TableRow>
          );
        })}
        {rows && rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={columnCount} className="py-10 text-center text-muted-foreground">
              {t('common.noData')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
