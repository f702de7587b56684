import { useMutation } from '@tanstack/react-query';
import { Check, Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { formatDateTime } from '@/shared/format';
import { CONTEST_OPS_PAGE_SIZES } from '@/shared/schemas/contest-ops';
import { Pagination } from '@/web/components/pagination';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { api } from '@/web/lib/api';
import { downloadFile } from '@/web/lib/download-file';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestContext } from '../contest-context';
import { useCheckPrint, useContestPrints } from './api';
import { AutoRefreshSwitch, EmptyRow, NoPermission, OpsCard } from './parts';

/**
 * Admin Print (spec §2, contest admins): the print requests without their text, waiting ones first,
 * 15 a page, read again every 10 s while the switch is on. Each can be downloaded as a text file and
 * marked printed (spec §4: waiting → printed, for good).
 */
export function Component() {
  const { t } = useTranslation();
  const { contest, isAdmin } = useContestContext();
  useDocumentTitle(`${t('contestDesk.tabAdminPrint')} - ${contest.title}`);
  if (!isAdmin) return <NoPermission message={t('contestDesk.adminOnly')} />;
  return <AdminPrint cid={contest.id} />;
}

function AdminPrint({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [live, setLive] = useState(true);
  const list = useContestPrints(cid, page, live);
  const check = useCheckPrint(cid);
  const download = useMutation({
    mutationFn: (id: number) => downloadFile(api.contestPrintTextPath(id), undefined, `print-${id}.txt`),
    onSuccess: () => toast.success(t('contestDesk.printDownloaded'), { duration: MESSAGE_DURATION_MS }),
  });

  const tools = (
    <>
      <AutoRefreshSwitch id="admin-print-auto-refresh" checked={live} onCheckedChange={setLive} />
      <Button
        variant="outline"
        size="sm"
        onClick={() => void list.refetch()}
        disabled={list.isFetching}
        data-testid="admin-print-refresh"
      >
        <RefreshCw className={list.isFetching ? 'animate-spin' : undefined} />
        {t('common.refresh')}
      </Button>
    </>
  );

  return (
    <OpsCard title={t('contestDesk.tabAdminPrint')} tools={tools} testId="admin-print">
      {!list.data ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <>
          <Table data-testid="admin-print-table" className="min-w-[40rem]">
            <TableHeader>
              <TableRow>
                <TableHead className="w-14">{t('contestDesk.colId')}</TableHead>
                <TableHead>{t('contestDesk.colUser')}</TableHead>
                <TableHead>{t('contestDesk.colRealname')}</TableHead>
                <TableHead>{t('contestDesk.colSubmitted')}</TableHead>
                <TableHead>{t('contestDesk.colStatus')}</TableHead>
                <TableHead className="text-right">{t('contestDesk.colActions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.records.length === 0 && (
                <EmptyRow colSpan={6} text={t('contestDesk.printsEmpty')} testId="admin-print-empty" />
              )}
              {list.data.records.map((p) => {
                const printed = p.status === 1;
                return (
                  <TableRow key={p.id} data-testid={`admin-print-row-${p.id}`}>
                    <TableCell>{p.id}</TableCell>
                    <TableCell className="font-medium whitespace-nowrap">{p.username}</TableCell>
                    <TableCell className="whitespace-nowrap">{p.realname || '--'}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDateTime(p.gmtCreate)}</TableCell>
                    <TableCell>
                      <Badge
                        variant={printed ? 'secondary' : 'default'}
                        className={printed ? undefined : 'bg-amber-500 text-white'}
                        data-testid={`admin-print-status-${p.id}`}
                      >
                        {t(printed ? 'contestDesk.printPrinted' : 'contestDesk.printWaiting')}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={download.isPending && download.variables === p.id}
                        onClick={() => download.mutate(p.id)}
                        data-testid={`admin-print-download-${p.id}`}
                      >
                        <Download />
                        {t('contestDesk.printDownload')}
                      </Button>
                      {!printed && (
                        <Button
                          size="sm"
                          className="ml-2"
                          disabled={check.isPending && check.variables === p.id}
                          onClick={() =>
                            check.mutate(p.id, {
                              onSuccess: () =>
                                toast.success(t('contestOps.printChecked'), {
                                  duration: MESSAGE_DURATION_MS,
                                }),
                            })
                          }
                          data-testid={`admin-print-check-${p.id}`}
                        >
                          <Check />
                          {t('contestDesk.printMark')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Pagination
            total={list.data.total}
            page={page}
            limit={CONTEST_OPS_PAGE_SIZES.prints}
            onPageChange={setPage}
          />
        </>
      )}
    </OpsCard>
  );
}
