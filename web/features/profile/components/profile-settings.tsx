import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { UserHome } from '@/shared/api/profile-types';
import type { UserInfo } from '@/shared/api/types';
import { PROFILE } from '@/shared/constants/profile';
import { cn } from '@/shared/lib/utils';
import { type UserInfoUpdateBody, userInfoUpdateSchema } from '@/shared/schemas/profile';
import { FormField, InputField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useFormFields } from '@/web/lib/use-form-fields';
import { useChangeUserInfo } from '../api';
import { SettingsForm } from './settings-section';

const FIELDS = ['nickname', 'realname', 'school', 'gender', 'github', 'blog', 'signature'] as const;
type ProfileField = (typeof FIELDS)[number];
type ProfileValues = Record<ProfileField, string>;
const UNSET = 'unset';

function initialValues(home: UserHome, user: UserInfo): ProfileValues {
  return {
    nickname: home.nickname ?? '',
    realname: user.realname ?? '',
    school: home.school ?? '',
    gender: home.gender ?? '',
    github: home.github ?? '',
    blog: home.blog ?? '',
    signature: home.signature ?? '',
  };
}

/**
 * Nickname, real name, school, gender, links and signature, checked with the server's schema.
 * Only the fields changed here are sent, so a change made elsewhere meanwhile is not undone.
 */
export function ProfileSettings({ home, user }: { home: UserHome; user: UserInfo }) {
  const { t } = useTranslation();
  const save = useChangeUserInfo();
  const [initial, setInitial] = useState(() => initialValues(home, user));
  const fields = useFormFields(initial);
  const { values: form, errors } = fields;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!fields.check(userInfoUpdateSchema)) return;
    const changed: UserInfoUpdateBody = {};
    for (const field of FIELDS) if (form[field] !== initial[field]) changed[field] = form[field] as never;
    save.mutate(changed, {
      onSuccess: (res) => {
        toast.success(res.msg);
        const saved = {
          nickname: res.data.nickname ?? '',
          realname: res.data.realname ?? '',
          school: res.data.school ?? '',
          gender: res.data.gender ?? '',
          github: res.data.github ?? form.github,
          blog: res.data.blog ?? form.blog,
          signature: res.data.signature ?? '',
        };
        setInitial(saved);
        fields.patch(saved);
      },
    });
  };

  const text = (field: Exclude<ProfileField, 'gender' | 'signature'>, max: number, extra: object = {}) => (
    <InputField
      id={`profile-${field}`}
      label={t(`profile.settings.${field}`)}
      maxLength={max}
      {...fields.field(field)}
      {...extra}
    />
  );

  return (
    <SettingsForm name="profile" onSubmit={onSubmit}>
      <FormField id="profile-username" label={t('profile.settings.username')}>
        <Input id="profile-username" value={user.username} disabled readOnly />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        {text('nickname', PROFILE.nicknameMaxLength)}
        {text('realname', PROFILE.realnameMaxLength)}
        {text('school', PROFILE.schoolMaxLength)}
        <FormField id="profile-gender" label={t('profile.settings.gender')}>
          <Select
            value={form.gender || UNSET}
            onValueChange={(v) => fields.patch({ gender: v === UNSET ? '' : v })}
          >
            <SelectTrigger id="profile-gender" className="w-full" data-testid="profile-gender">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {[UNSET, ...PROFILE.genders].map((g) => (
                <SelectItem key={g} value={g}>
                  {t(`profile.settings.genders.${g}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        {text('github', PROFILE.linkMaxLength, {
          type: 'url',
          inputMode: 'url',
          placeholder: t('profile.settings.linkPlaceholder'),
        })}
        {text('blog', PROFILE.linkMaxLength, {
          type: 'url',
          inputMode: 'url',
          placeholder: t('profile.settings.linkPlaceholder'),
        })}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="profile-signature">{t('profile.settings.signature')}</Label>
        <textarea
          id="profile-signature"
          rows={4}
          value={form.signature}
          onChange={fields.field('signature').onChange}
          aria-invalid={!!errors.signature}
          aria-describedby={errors.signature ? 'profile-signature-error' : undefined}
          className={cn(
            'w-full min-w-0 resize-y rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground md:text-sm dark:bg-input/30',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
          )}
        />
        <div className="flex justify-between gap-2 text-xs text-muted-foreground">
          <span>
            {errors.signature && (
              <span id="profile-signature-error" role="alert" className="text-sm text-destructive">
                {t(errors.signature)}
              </span>
            )}
          </span>
          <span className="tabular-nums">
            {form.signature.trim().length}/{PROFILE.signatureMaxLength}
          </span>
        </div>
      </div>
      <SubmitButton className="justify-self-start" pending={save.isPending} data-testid="profile-save">
        {t('profile.settings.save')}
      </SubmitButton>
    </SettingsForm>
  );
}
