import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, FileText, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ProblemAnnexFile } from '@/shared/api/types';
import { CopyButton } from '@/web/components/copy-button';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { fetchFile, saveBlob } from '@/web/lib/download-file';
import { useAnnexList } from '../api';

const ANNEX_PATH = '/api/file/download-problem-annex';

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function useDownload(problemId: string, gid?: number) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (name: string) => {
      saveBlob((await fetchFile(ANNEX_PATH, { problemId, name, gid }, name)).blob, name);
    },
    onSuccess: () => toast.success(t('problemPage.annex.downloaded')),
  });
}

function FileViewer({
  problemId,
  gid,
  file,
  onClose,
}: {
  problemId: string;
  gid?: number;
  file: ProblemAnnexFile | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const content = useQuery({
    queryKey: ['problems', 'annex-file', problemId, gid ?? 0, file?.name],
    queryFn: async () =>
      file ? (await fetchFile(ANNEX_PATH, { problemId, name: file.name, gid }, file.name)).blob.text() : '',
    enabled: !!file,
  });
  const download = useDownload(problemId, gid);
  return (
    <Dialog open={!!file} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t('problemPage.annex.close')}
        className="grid max-h-[85dvh] grid-rows-[auto_minmax(0,1fr)_auto] sm:max-w-3xl"
        data-testid="annex-viewer"
      >
        <DialogHeader>
          <DialogTitle className="font-mono">{file?.name}</DialogTitle>
          <DialogDescription>{file ? formatBytes(file.size) : ''}</DialogDescription>
        </DialogHeader>
        {content.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <pre className="min-h-0 overflow-auto rounded-md bg-muted p-3 text-sm" data-testid="annex-content">
            {content.data}
          </pre>
        )}
        <div className="flex justify-end gap-2">
          {content.data !== undefined && <CopyButton text={content.data} data-testid="annex-copy" />}
          <Button
            variant="outline"
            size="sm"
            disabled={!file || download.isPending}
            onClick={() => file && download.mutate(file.name)}
          >
            {download.isPending ? <Loader2 className="animate-spin" /> : <Download />}
            {t('problemPage.annex.download')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Problem Annex tab: the problem's (a group's, `gid`) extra files, each viewable as text and downloadable. */
export function ProblemAnnex({ problemId, gid }: { problemId: string; gid?: number }) {
  const { t } = useTranslation();
  const files = useAnnexList(problemId, gid);
  const [viewing, setViewing] = useState<ProblemAnnexFile | null>(null);
  const download = useDownload(problemId, gid);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('problemPage.annex.intro')}</p>
      <div className="rounded-lg border">
        <Table data-testid="annex-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t('problemPage.annex.name')}</TableHead>
              <TableHead className="w-24">{t('problemPage.annex.size')}</TableHead>
              <TableHead className="w-48">
                <span className="sr-only">{t('problemPage.annex.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {files.isPending && (
              <TableRow>
                <TableCell colSpan={3}>
                  <Skeleton className="h-5 w-full" />
                </TableCell>
              </TableRow>
            )}
            {files.data?.map((file) => (
              <TableRow key={file.name} data-testid="annex-row">
                <TableCell className="font-mono">{file.name}</TableCell>
                <TableCell className="tabular-nums text-muted-foreground">{formatBytes(file.size)}</TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setViewing(file)}
                      data-testid={`annex-view-${file.name}`}
                    >
                      <FileText />
                      {t('problemPage.annex.view')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={download.isPending && download.variables === file.name}
                      onClick={() => download.mutate(file.name)}
                      data-testid={`annex-download-${file.name}`}
                    >
                      <Download />
                      {t('problemPage.annex.download')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <FileViewer problemId={problemId} gid={gid} file={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
