import { Download, Loader2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { USER_ADMIN_LIMITS } from '@/shared/schemas/user-admin';
import { Button } from '@/web/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { downloadGenerated, type Generation } from '../api';
import { showRefusal } from '../lib/error-text';

function DownloadButton({ generationKey, format }: { generationKey: string; format: 'xlsx' | 'csv' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadGenerated(generationKey, format);
      toast.success(t('admin.user.generate.downloaded'));
    } catch (error) {
      showRefusal(error, t);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={format === 'xlsx' ? 'default' : 'outline'}
      disabled={busy}
      onClick={() => void run()}
      data-testid={`generated-download-${format}`}
    >
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      {t(`admin.user.generate.download.${format}`)}
    </Button>
  );
}

/**
 * A generation's accounts, shown this once: the passwords are not kept by the site after the
 * downloads expire, and this page forgets them when it is left.
 */
export function GeneratedAccounts({ generation, until }: { generation: Generation; until: Date }) {
  const { t, i18n } = useTranslation();
  const time = until.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <section
      className="grid min-w-0 gap-3"
      aria-labelledby="generated-title"
      data-testid="generated-accounts"
    >
      <h3 id="generated-title" className="font-medium">
        {t('admin.user.generate.resultTitle', { count: generation.created })}
      </h3>
      <div
        role="status"
        className="flex gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-sm"
        data-testid="generated-note"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
        <p>
          {t('admin.user.generate.onceNote', {
            minutes: USER_ADMIN_LIMITS.generatedKeepSeconds / 60,
            time,
          })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <DownloadButton generationKey={generation.key} format="xlsx" />
        <DownloadButton generationKey={generation.key} format="csv" />
      </div>
      {generation.accounts ? (
        <Table data-testid="generated-table" className="table-fixed">
          <TableHeader>
            <TableRow>
              <TableHead className="w-[32%]">{t('admin.user.username')}</TableHead>
              <TableHead className="w-[32%]">{t('admin.user.generate.password')}</TableHead>
              <TableHead>{t('admin.user.realname')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {generation.accounts.map((a) => (
              <TableRow key={a.username} data-testid="generated-row">
                <TableCell className="truncate font-medium" title={a.username}>
                  {a.username}
                </TableCell>
                <TableCell className="truncate font-mono">{a.password}</TableCell>
                <TableCell className="truncate" title={a.realname}>
                  {a.realname}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="generated-unread">
          {t('admin.user.generate.unread')}
        </p>
      )}
    </section>
  );
}
