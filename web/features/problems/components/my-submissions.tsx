import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_SIZES } from '@/shared/constants/limits';
import { formatDateTime, formatMemory, formatTime } from '@/shared/format';
import { Pagination } from '@/web/components/pagination';
import { StatusTag } from '@/web/components/status-tag';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { QueuePlace, useLiveRows, useSubmissionList } from '@/web/features/submissions';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';

/** Visitors see why the tab is empty and a way to log in (Mine needs a login). */
function LoginPrompt() {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-3 py-10 text-center" data-testid="my-submissions-login">
      <p className="text-muted-foreground">{t('problemPage.mySubmissions.loginFirst')}</p>
      <Button onClick={() => openLoginModal()}>
        <LogIn />
        {t('common.login')}
      </Button>
    </div>
  );
}

function SubmissionRows({ problemId, isOI, gid }: { problemId: string; isOI: boolean; gid?: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const limit = PAGE_SIZES.mySubmissions;
  const list = useSubmissionList({
    onlyMine: true,
    problemID: problemId,
    completeProblemID: true,
    currentPage: page,
    limit,
    ...(gid ? { gid } : {}),
  });
  const rows = useLiveRows(list.data?.records, 0, list.refetch);
  const columns = isOI ? 6 : 5;
  return (
    <div className="grid gap-4">
      <div className="rounded-lg border">
        <Table data-testid="my-submissions">
          <TableHeader>
            <TableRow>
              <TableHead>{t('problemPage.mySubmissions.submitTime')}</TableHead>
              <TableHead>{t('problemPage.mySubmissions.status')}</TableHead>
              <TableHead>{t('problemPage.mySubmissions.time')}</TableHead>
              <TableHead>{t('problemPage.mySubmissions.memory')}</TableHead>
              {isOI && <TableHead>{t('problemPage.mySubmissions.score')}</TableHead>}
              <TableHead>{t('problemPage.mySubmissions.language')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isPending &&
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={i}>
                  <TableCell colSpan={columns}>
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                </TableRow>
              ))}
            {rows?.map((row) => (
              <TableRow key={row.submitId} data-testid="my-submission-row">
                <TableCell className="tabular-nums text-muted-foreground">
                  {formatDateTime(row.submitTime)}
                </TableCell>
                <TableCell>
                  <StatusTag status={row.status} data-testid="my-submission-status" />
                  <QueuePlace
                    position={row.queuePosition}
                    etaSeconds={row.queueEtaSeconds}
                    className="block"
                  />
                </TableCell>
                <TableCell className="tabular-nums">{formatTime(row.time)}</TableCell>
                <TableCell className="tabular-nums">{formatMemory(row.memory)}</TableCell>
                {isOI && <TableCell className="tabular-nums">{row.score ?? '--'}</TableCell>}
                <TableCell>
                  <Link
                    to={
                      gid
                        ? `/group/${gid}/submission-detail/${row.submitId}`
                        : `/submission-detail/${row.submitId}`
                    }
                    className="text-primary hover:underline"
                    data-testid="my-submission-link"
                  >
                    {row.language}
                  </Link>
                </TableCell>
              </TableRow>
            ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns} className="py-10 text-center text-muted-foreground">
                  {t('problemPage.mySubmissions.none')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <Pagination total={list.data?.total ?? 0} page={page} limit={limit} onPageChange={setPage} />
    </div>
  );
}

/** My Submission tab: the caller's submissions of this problem (of a group's, `gid`), 10 a page. */
export function MySubmissions({ problemId, isOI, gid }: { problemId: string; isOI: boolean; gid?: number }) {
  const loggedIn = useAuth((s) => !!s.token);
  if (!loggedIn) return <LoginPrompt />;
  return <SubmissionRows problemId={problemId} isOI={isOI} gid={gid} />;
}
