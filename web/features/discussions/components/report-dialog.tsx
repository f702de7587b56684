import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DISCUSSION_LIMITS, REPORT_TAGS, type ReportTag } from '@/shared/constants/discussions';
import { discussionReportBody } from '@/shared/schemas/discussions';
import { SubmitButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { useDiscussionActions } from '../api';

/** HOJ's report text: `#label# ` per ticked label, then the reason (the console splits it again). */
export function reportText(labels: string[], reason: string): string {
  return `${labels.map((l) => `#${l}# `).join('')}${reason.trim()}`;
}

/**
 * HOJ's report dialog: labels to tick and a reason (at least one of them), sent as one text of at
 * most 255 characters. The labels are written in the reporter's language, as HOJ's are.
 */
export function ReportDialog({ did, disabled }: { did: number; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [tags, setTags] = useState<ReportTag[]>([]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useDiscussionActions().report;
  const content = reportText(
    tags.map((tag) => t(`discussion.page.reportTags.${tag}`)),
    reason,
  );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = discussionReportBody.safeParse({ did, content });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      await report.mutateAsync({ did, content });
      toast.success(t('discussion.reported'));
      setOpen(false);
      setTags([]);
      setReason('');
      setError(null);
    } catch {
      // shown as a toast
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground"
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="discussion-report"
      >
        <Flag />
        {t('discussion.page.report')}
      </Button>
      <DialogContent closeLabel={t('common.cancel')} data-testid="report-dialog">
        <DialogHeader>
          <DialogTitle>{t('discussion.page.reportTitle')}</DialogTitle>
          <DialogDescription>{t('discussion.page.reportHint')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('discussion.page.reportLabels')}</legend>
            <div className="flex flex-wrap gap-2">
              {REPORT_TAGS.map((tag) => {
                const on = tags.includes(tag);
                return (
                  <Button
                    key={tag}
                    type="button"
                    size="sm"
                    variant={on ? 'default' : 'outline'}
                    aria-pressed={on}
                    onClick={() => setTags(on ? tags.filter((x) => x !== tag) : [...tags, tag])}
                    data-testid={`report-tag-${tag}`}
                  >
                    {t(`discussion.page.reportTags.${tag}`)}
                  </Button>
                );
              })}
            </div>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-reason`}>{t('discussion.page.reportReason')}</Label>
            <Textarea
              id={`${id}-reason`}
              rows={4}
              value={reason}
              maxLength={DISCUSSION_LIMITS.reportMax}
              onChange={(e) => setReason(e.target.value)}
              data-testid="report-reason"
            />
            <span className="text-right text-xs text-muted-foreground">
              {content.length} / {DISCUSSION_LIMITS.reportMax}
            </span>
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive" data-testid="report-error">
              {t(error)}
            </p>
          )}
          <div className="flex justify-end">
            <SubmitButton pending={report.isPending} data-testid="report-submit">
              {t('discussion.page.sendReport')}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
