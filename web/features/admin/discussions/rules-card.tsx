import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { switchBody } from '@/shared/schemas/api';
import { FormField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { TitledCard } from '@/web/components/titled-card';
import { Input } from '@/web/components/ui/input';
import { useSaveSwitches, useSwitches } from '../api';

const FIELDS = [
  'defaultCreateDiscussionACInitValue',
  'defaultCreateDiscussionDailyLimit',
  'defaultCreateCommentACInitValue',
] as const;

/** The fields as typed (text), checked with the switch call's own rule. */
const number = (key: (typeof FIELDS)[number]) =>
  z.coerce.number<string | number>().pipe(switchBody.shape[key].unwrap());
const rulesSchema = z.object({
  defaultCreateDiscussionACInitValue: number('defaultCreateDiscussionACInitValue'),
  defaultCreateDiscussionDailyLimit: number('defaultCreateDiscussionDailyLimit'),
  defaultCreateCommentACInitValue: number('defaultCreateCommentACInitValue'),
});

/**
 * HOJ's discussion rules (its switch config; root only): accepted problems needed to post and to
 * comment, and posts a day. Admin roles are exempt from all three.
 */
export function RulesCard() {
  const { t } = useTranslation();
  const switches = useSwitches();
  const save = useSaveSwitches();
  const form = useForm<z.input<typeof rulesSchema>, unknown, z.output<typeof rulesSchema>>({
    resolver: zodResolver(rulesSchema),
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (switches.data)
      form.reset({
        defaultCreateDiscussionACInitValue: switches.data.defaultCreateDiscussionACInitValue,
        defaultCreateDiscussionDailyLimit: switches.data.defaultCreateDiscussionDailyLimit,
        defaultCreateCommentACInitValue: switches.data.defaultCreateCommentACInitValue,
      });
  }, [switches.data, form]);

  return (
    <TitledCard title={t('discussionAdmin.rules')} testId="admin-discussion-rules">
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, { onSuccess: () => toast.success(t('discussionAdmin.updated')) }),
        )}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          {FIELDS.map((key) => (
            <FormField
              key={key}
              id={`rule-${key}`}
              label={t(`discussionAdmin.ruleFields.${key}`)}
              error={errors[key]?.message}
            >
              <Input
                id={`rule-${key}`}
                type="number"
                min={0}
                max={1000}
                inputMode="numeric"
                aria-invalid={!!errors[key]}
                data-testid={`rule-${key}`}
                {...form.register(key)}
              />
            </FormField>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{t('discussionAdmin.rulesHint')}</p>
        <div>
          <SubmitButton pending={save.isPending} disabled={!switches.data} data-testid="rules-save">
            {t('discussionAdmin.saveRules')}
          </SubmitButton>
        </div>
      </form>
    </TitledCard>
  );
}
