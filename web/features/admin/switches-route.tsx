import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { switchBody } from '@/shared/schemas/api';
import { FormField } from '@/web/components/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import { useSaveSwitches, useSwitches } from './api';
import { SettingsFormCard } from './settings-form-card';

/** One suffix per line (or separated by commas or spaces) in the form; a list on the wire. */
const lines = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The screen's fields: the suffix lists as text, split and then checked by the server's own rules. */
const suffixText = (rule: (typeof switchBody.shape)['emailSuffixAllow']) =>
  z.string().transform(lines).pipe(rule.unwrap());
const switchFormSchema = z.object({
  openPublicJudge: z.boolean(),
  defaultSubmitInterval: z.coerce
    .number<string | number>()
    .pipe(switchBody.shape.defaultSubmitInterval.unwrap()),
  emailSuffixAllow: suffixText(switchBody.shape.emailSuffixAllow),
  emailSuffixDeny: suffixText(switchBody.shape.emailSuffixDeny),
});
type SwitchScreen = z.input<typeof switchFormSchema>;

/** Root's site switches: public judging, the submit interval and the e-mail suffix rules of registration. */
export function Component() {
  const { t } = useTranslation();
  const switches = useSwitches();
  const save = useSaveSwitches();
  const form = useForm<SwitchScreen, unknown, z.output<typeof switchFormSchema>>({
    resolver: zodResolver(switchFormSchema),
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (switches.data) {
      form.reset({
        ...switches.data,
        emailSuffixAllow: switches.data.emailSuffixAllow.join('\n'),
        emailSuffixDeny: switches.data.emailSuffixDeny.join('\n'),
      });
    }
  }, [switches.data, form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast.success(t('admin.updated')),
    }),
  );

  if (!switches.data) return <Skeleton className="h-80 w-full" />;
  return (
    <SettingsFormCard
      title={t('admin.menu.switch')}
      testId="switch-form"
      saveTestId="switch-save"
      saving={save.isPending}
      onSubmit={onSubmit}
    >
      <Controller
        control={form.control}
        name="openPublicJudge"
        render={({ field: { value, onChange } }) => (
          <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm">
            <span className="grid gap-0.5">
              <Label htmlFor="switch-openPublicJudge">{t('admin.switch.openPublicJudge')}</Label>
              <span className="text-xs text-muted-foreground">{t('admin.switch.openPublicJudgeHint')}</span>
            </span>
            <Switch
              id="switch-openPublicJudge"
              checked={!!value}
              onCheckedChange={onChange}
              data-testid="switch-openPublicJudge"
            />
          </div>
        )}
      />
      <FormField
        id="switch-interval"
        label={t('admin.switch.defaultSubmitInterval')}
        hint={t('admin.switch.defaultSubmitIntervalHint')}
        error={errors.defaultSubmitInterval?.message}
      >
        <Input
          id="switch-interval"
          type="number"
          inputMode="numeric"
          className="max-w-40"
          aria-invalid={!!errors.defaultSubmitInterval}
          {...form.register('defaultSubmitInterval')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['emailSuffixAllow', 'emailSuffixDeny'] as const).map((field) => (
          <FormField
            key={field}
            id={`switch-${field}`}
            label={t(`admin.switch.${field}`)}
            hint={t('admin.switch.suffixHint')}
            error={errors[field]?.message}
          >
            <Textarea
              id={`switch-${field}`}
              rows={5}
              placeholder="example.com"
              aria-invalid={!!errors[field]}
              {...form.register(field)}
            />
          </FormField>
        ))}
      </div>
    </SettingsFormCard>
  );
}
