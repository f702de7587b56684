import { useMutation } from '@tanstack/react-query';
import { Download, FileArchive, FileSpreadsheet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PendingButton } from '@/web/components/pending-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { downloadFile } from '@/web/lib/download-file';

type SplitType = 'user' | 'problem';

function Toggle({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="flex min-h-10 items-center justify-between gap-3 rounded-md border px-3 py-2">
      <Label htmlFor={id} className="leading-snug">
        {label}
      </Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} data-testid={id} />
    </div>
  );
}

/**
 * What a contest's admins take away: the board as a spreadsheet (Excel or CSV; sealed as they
 * see it unless they ask for the live one, star users in or out) and every participant's last
 * accepted code as a zip, in folders per user or per problem.
 */
export function DownloadsDialog({ cid, title, trigger }: { cid: number; title: string; trigger: ReactNode }) {
  const { t } = useTranslation();
  const [forceRefresh, setForceRefresh] = useState(true);
  const [removeStar, setRemoveStar] = useState(false);
  const [splitType, setSplitType] = useState<SplitType>('user');
  const [excludeAdmin, setExcludeAdmin] = useState(true);
  const done = () => toast.success(t('admin.contest.downloads.done'));
  const rank = useMutation({
    mutationFn: (format: 'xlsx' | 'csv') =>
      downloadFile(
        '/api/file/download-contest-rank',
        { cid, format, forceRefresh, removeStar },
        `contest_${cid}_rank.${format}`,
      ),
    onSuccess: done,
  });
  const code = useMutation({
    mutationFn: () =>
      downloadFile(
        '/api/file/download-contest-ac-submission',
        { cid, splitType, excludeAdmin },
        `contest_${cid}_ac_submissions.zip`,
      ),
    onSuccess: done,
  });

  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        closeLabel={t('common.close')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
        data-testid="contest-downloads-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('admin.contest.downloads.title')}</DialogTitle>
          <DialogDescription className="break-words">{title}</DialogDescription>
        </DialogHeader>
        <section className="grid gap-2" aria-labelledby="contest-downloads-board">
          <h3 id="contest-downloads-board" className="text-sm font-medium">
            {t('admin.contest.downloads.board')}
          </h3>
          <Toggle
            id="contest-download-live"
            label={t('admin.contest.downloads.live')}
            checked={forceRefresh}
            onChange={setForceRefresh}
          />
          <Toggle
            id="contest-download-remove-star"
            label={t('admin.contest.downloads.removeStar')}
            checked={removeStar}
            onChange={setRemoveStar}
          />
          <div className="flex flex-wrap gap-2">
            <PendingButton
              variant="outline"
              pending={rank.isPending && rank.variables === 'xlsx'}
              disabled={rank.isPending}
              onClick={() => rank.mutate('xlsx')}
              data-testid="contest-download-rank-xlsx"
            >
              <FileSpreadsheet />
              {t('admin.contest.downloads.excel')}
            </PendingButton>
            <PendingButton
              variant="outline"
              pending={rank.isPending && rank.variables === 'csv'}
              disabled={rank.isPending}
              onClick={() => rank.mutate('csv')}
              data-testid="contest-download-rank-csv"
            >
              <Download />
              {t('admin.contest.downloads.csv')}
            </PendingButton>
          </div>
        </section>
        <section className="grid gap-2" aria-labelledby="contest-downloads-code">
          <h3 id="contest-downloads-code" className="text-sm font-medium">
            {t('admin.contest.downloads.code')}
          </h3>
          <fieldset className="flex min-w-0 flex-wrap gap-1 rounded-lg bg-muted p-1">
            <legend className="sr-only">{t('admin.contest.downloads.split')}</legend>
            {(['user', 'problem'] as const).map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={splitType === s}
                onClick={() => setSplitType(s)}
                className="min-h-9 flex-1 rounded-md px-3 text-sm aria-pressed:bg-background aria-pressed:font-medium aria-pressed:shadow-sm"
                data-testid={`contest-download-split-${s}`}
              >
                {t(`admin.contest.downloads.split_${s}`)}
              </button>
            ))}
          </fieldset>
          <Toggle
            id="contest-download-exclude-admin"
            label={t('admin.contest.downloads.excludeAdmin')}
            checked={excludeAdmin}
            onChange={setExcludeAdmin}
          />
          <div>
            <PendingButton
              variant="outline"
              pending={code.isPending}
              onClick={() => code.mutate()}
              data-testid="contest-download-code"
            >
              <FileArchive />
              {t('admin.contest.downloads.zip')}
            </PendingButton>
          </div>
        </section>
      </DialogContent>
    </Dialog>
  );
}
