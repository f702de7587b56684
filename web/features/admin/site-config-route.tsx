import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type WebConfigForm, webConfigBody } from '@/shared/schemas/api';
import { FormField } from '@/web/components/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import { useSaveWebConfig, useWebConfigAdmin } from './api';
import { SettingsFormCard } from './settings-form-card';

const TEXT_FIELDS = [
  'name',
  'shortName',
  'baseUrl',
  'recordName',
  'recordUrl',
  'projectName',
  'projectUrl',
] as const;
const SWITCHES = ['register', 'openPublicDiscussion', 'openGroupDiscussion', 'openContestComment'] as const;

/** Root's web config (HOJ set-web-config): names, links in the footer, registration and discussion switches. */
export function Component() {
  const { t } = useTranslation();
  const config = useWebConfigAdmin();
  const save = useSaveWebConfig();
  const form = useForm<WebConfigForm>({ resolver: zodResolver(webConfigBody) });
  const { errors } = form.formState;

  useEffect(() => {
    if (config.data) form.reset(config.data);
  }, [config.data, form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast.success(t('admin.updated')),
    }),
  );

  if (!config.data) return <Skeleton className="h-96 w-full" />;
  return (
    <SettingsFormCard
      title={t('admin.menu.config')}
      testId="web-config-form"
      saveTestId="web-config-save"
      saving={save.isPending}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => (
          <FormField
            key={field}
            id={`config-${field}`}
            label={t(`admin.config.${field}`)}
            error={errors[field]?.message}
          >
            <Input id={`config-${field}`} aria-invalid={!!errors[field]} {...form.register(field)} />
          </FormField>
        ))}
      </div>
      <FormField
        id="config-description"
        label={t('admin.config.description')}
        error={errors.description?.message}
      >
        <Textarea id="config-description" rows={3} {...form.register('description')} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        {SWITCHES.map((field) => (
          <Controller
            key={field}
            control={form.control}
            name={field}
            render={({ field: { value, onChange } }) => (
              <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm">
                <Label htmlFor={`config-${field}`}>{t(`admin.config.${field}`)}</Label>
                <Switch
                  id={`config-${field}`}
                  checked={!!value}
                  onCheckedChange={onChange}
                  data-testid={`config-${field}`}
                />
              </div>
            )}
          />
        ))}
      </div>
    </SettingsFormCard>
  );
}
