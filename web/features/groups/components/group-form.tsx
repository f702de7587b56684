import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { GroupDetail } from '@/shared/api/group-types';
import { GROUP_LIMITS, GroupAuth } from '@/shared/constants/groups';
import { type GroupForm, groupCreateBody } from '@/shared/schemas/groups';
import { FormField } from '@/web/components/form-field';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Switch } from '@/web/components/ui/switch';
import { AUTH_KEYS, AUTH_LABEL, AUTH_TIP } from '../lib';

/** The form's own values (HOJ's group form); the server's schema checks them before they are sent. */
export interface GroupFormValues {
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: number;
  visible: boolean;
  code: string;
}

type Checked = z.output<typeof groupCreateBody>;
/** the server's schema over the form's values (a code left blank is "none") */
const schema = groupCreateBody as unknown as z.ZodType<Checked, GroupFormValues>;

export function groupFormValues(group?: GroupDetail | null): GroupFormValues {
  return {
    name: group?.name ?? '',
    shortName: group?.shortName ?? '',
    brief: group?.brief ?? '',
    description: group?.description ?? '',
    auth: group?.auth ?? GroupAuth.PUBLIC,
    visible: group?.visible ?? true,
    code: group?.code ?? '',
  };
}

/** The body of POST (and, with the id, PUT) /api/group: a public group sends no code. */
export function groupBody(values: Checked): GroupForm {
  return {
    name: values.name,
    shortName: values.shortName,
    brief: values.brief,
    description: values.description,
    auth: values.auth,
    visible: values.visible === true || values.visible === 1,
    ...(values.auth === GroupAuth.PUBLIC ? {} : { code: values.code ?? null }),
  };
}

export function useGroupForm(initial: GroupFormValues) {
  return useForm<GroupFormValues, unknown, Checked>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
}

export type GroupFormApi = UseFormReturn<GroupFormValues, unknown, Checked>;

/** A six-character invitation code of letters and digits that are hard to confuse. */
function randomCode(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(GROUP_LIMITS.codeLength));
  return [...bytes].map((b) => letters[b % letters.length]).join('');
}

/**
 * The fields of a group (HOJ's create dialog and setting tab): name 5-25, short name 5-10, brief
 * 5-50, access, the invitation code of a protected or private group (6), visibility, description
 * (Markdown, 5-1000). `prefix` keeps the ids apart when two forms could be on one page.
 */
export function GroupFields({ form, prefix }: { form: GroupFormApi; prefix: string }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const auth = useWatch({ control: form.control, name: 'auth' });
  const id = (name: string) => `${prefix}-${name}`;
  const L = GROUP_LIMITS;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('name')} label={t('web.group.form.name')} error={errors.name?.message}>
          <Input
            id={id('name')}
            maxLength={L.nameMax}
            aria-invalid={!!errors.name}
            aria-describedby={errors.name ? `${id('name')}-error` : undefined}
            placeholder={t('web.group.form.nameHint', { min: L.nameMin, max: L.nameMax })}
            {...form.register('name')}
          />
        </FormField>
        <FormField
          id={id('shortName')}
          label={t('web.group.form.shortName')}
          error={errors.shortName?.message}
        >
          <Input
            id={id('shortName')}
            maxLength={L.shortNameMax}
            aria-invalid={!!errors.shortName}
            aria-describedby={errors.shortName ? `${id('shortName')}-error` : undefined}
            placeholder={t('web.group.form.lengthHint', { min: L.shortNameMin, max: L.shortNameMax })}
            {...form.register('shortName')}
          />
        </FormField>
      </div>
      <FormField id={id('brief')} label={t('web.group.form.brief')} error={errors.brief?.message}>
        <Input
          id={id('brief')}
          maxLength={L.briefMax}
          aria-invalid={!!errors.brief}
          aria-describedby={errors.brief ? `${id('brief')}-error` : undefined}
          placeholder={t('web.group.form.lengthHint', { min: L.briefMin, max: L.briefMax })}
          {...form.register('brief')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:items-start">
        <Controller
          control={form.control}
          name="auth"
          render={({ field }) => (
            <FormField id={id('auth')} label={t('web.group.form.auth')} error={errors.auth?.message}>
              <Select value={String(field.value)} onValueChange={(v) => field.onChange(Number(v))}>
                <SelectTrigger id={id('auth')} className="w-full" data-testid={id('auth')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {AUTH_KEYS.map((a) => (
                    <SelectItem key={a} value={String(a)} data-testid={`${id('auth')}-${a}`}>
                      {t(AUTH_LABEL[a] ?? '')}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
        />
        <p className="text-xs text-muted-foreground sm:pt-7" data-testid={id('auth-tip')}>
          {t(AUTH_TIP[auth] ?? '')}
        </p>
      </div>
      {auth !== GroupAuth.PUBLIC && (
        <FormField id={id('code')} label={t('web.group.form.code')} error={errors.code?.message}>
          <div className="flex gap-2">
            <Input
              id={id('code')}
              maxLength={L.codeLength}
              className="max-w-40 font-mono"
              autoComplete="off"
              aria-invalid={!!errors.code}
              aria-describedby={errors.code ? `${id('code')}-error` : `${id('code')}-hint`}
              {...form.register('code')}
            />
            <button
              type="button"
              className="text-sm text-primary hover:underline"
              onClick={() => form.setValue('code', randomCode(), { shouldValidate: true })}
              data-testid={id('code-generate')}
            >
              {t('web.group.form.generateCode')}
            </button>
          </div>
          <p id={`${id('code')}-hint`} className="text-xs text-muted-foreground">
            {t('web.group.form.codeHint', { length: L.codeLength })}
          </p>
        </FormField>
      )}
      <Controller
        control={form.control}
        name="visible"
        render={({ field }) => (
          <div className="flex items-center gap-3 text-sm">
            <Switch
              id={id('visible')}
              checked={field.value}
              onCheckedChange={field.onChange}
              data-testid={id('visible')}
            />
            <Label htmlFor={id('visible')}>{t('web.group.form.visible')}</Label>
          </div>
        )}
      />
      <FormField
        id={id('description')}
        label={t('web.group.form.description')}
        error={errors.description?.message}
      >
        <MarkdownEditor
          id={id('description')}
          rows={8}
          invalid={!!errors.description}
          field={form.register('description')}
          previewText={() => form.getValues('description') ?? ''}
          previewTestId={id('description-preview')}
        />
      </FormField>
    </div>
  );
}
