import { useMutation } from '@tanstack/react-query';
import { Check, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDateTime } from '@/shared/format';
import { RefreshingTableCard } from '@/web/components/refreshing-table';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { api } from '@/web/lib/api';
import { downloadFile } from '@/web/lib/download-file';
import { useCheckPrint, useContestPrints } from './api';
import { AdminTab } from './parts';

/**
 * Admin Print (contest admins): the print requests without their text, waiting ones first,
 * 15 a page, read again every 10 s while the switch is on. Each can be downloaded as a text file and
 * marked printed (waiting → printed, for good).
 */
export function Component() {
  return (
    <AdminTab titleKey="contestDesk.tabAdminPrint">{(contest) => <AdminPrint cid={contest.id} />}</AdminTab>
  );
}

function AdminPrint({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const list = useContestPrints(cid);
  const check = useCheckPrint(cid);
  const download = useMutation({
    mutationFn: (id: number) => downloadFile(api.contestPrintTextPath(id), undefined, `print-${id}.txt`),
    onSuccess: () => toast.success(t('contestDesk.printDownloaded')),
  });

  return (
    <RefreshingTableCard
      id="admin-print"
      title={t('contestDesk.tabAdminPrint')}
      list={list}
      className="min-w-[40rem]"
      columns={[
        { label: t('contestDesk.colId'), className: 'w-14' },
        { label: t('contestDesk.colUser') },
        { label: t('contestDesk.colRealname') },
        { label: t('contestDesk.colSubmitted') },
        { label: t('contestDesk.colStatus') },
        { label: t('contestDesk.colActions'), className: 'text-right' },
      ]}
      emptyText={t('contestDesk.printsEmpty')}
      row={(p) => {
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
                    check.mutate(p.id, { onSuccess: () => toast.success(t('contestOps.printChecked')) })
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
      }}
    />
  );
}
