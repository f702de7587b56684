import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiErrorText } from '@/shared/api/error-message';
import { PRINT_LIMITS, submitPrintBody } from '@/shared/schemas/contest-ops';
import { FormField } from '@/web/components/form-field';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Textarea } from '@/web/components/ui/textarea';
import { api } from '@/web/lib/api';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestContext } from '../contest-context';
import { NoPermission } from './parts';

/** The text part of the print call: the server's own rule (at least 50 characters). */
const formSchema = submitPrintBody.pick({ content: true });
type FormValues = z.input<typeof formSchema>;

/**
 * Print (only when the contest has printing open): a text of at least 50 characters goes to
 * the contest's staff. The server allows one request every 30 s and says how long to wait.
 */
export function Component() {
  const { t } = useTranslation();
  const { contest } = useContestContext();
  useDocumentTitle(`${t('contestDesk.tabPrint')} - ${contest.title}`);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { content: '' } });
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';
  const send = useMutation({
    mutationFn: (text: string) => api.submitPrintText({ cid: contest.id, content: text }),
    onSuccess: (msg) => {
      toast.success(msg || t('contestOps.printSubmitted'));
      form.reset({ content: '' });
    },
  });

  if (!contest.openPrint)
    return <NoPermission message={t('contestDesk.printClosed')} testId="print-closed" />;

  const onSubmit = form.handleSubmit((values) => {
    send.reset();
    send.mutate(values.content);
  });
  const count = [...content.trim()].length;
  const error = form.formState.errors.content?.message;

  return (
    <TitledCard title={t('contestDesk.tabPrint')} testId="print-form-card">
      <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-3" data-testid="print-form">
        <FormField
          id="print-content"
          label={t('contestDesk.printLabel')}
          hint={t('contestDesk.printHint')}
          error={error}
        >
          <Textarea
            id="print-content"
            rows={16}
            className="w-full font-mono"
            aria-invalid={!!error}
            maxLength={PRINT_LIMITS.maxLength}
            {...form.register('content')}
          />
        </FormField>
        {send.error && (
          <p role="alert" className="text-sm text-destructive" data-testid="print-server-error">
            {apiErrorText(send.error, t)}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span
            className={
              count < PRINT_LIMITS.minLength ? 'text-sm text-muted-foreground' : 'text-sm text-foreground'
            }
            data-testid="print-count"
          >
            {t('contestDesk.printCount', { count })} / {PRINT_LIMITS.minLength}+
          </span>
          <Button
            type="submit"
            disabled={send.isPending}
            className="w-full sm:w-auto"
            data-testid="print-submit"
          >
            <Printer />
            {t('contestDesk.printSubmit')}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
