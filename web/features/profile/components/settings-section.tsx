import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';

type SettingsName = 'avatar' | 'profile' | 'password' | 'email';

/**
 * One card of the settings page: a title, a line on what it does, and its body. The texts are
 * `profile.settings.<name>Title` and `<name>Hint` (or `hint`, where the line depends on the
 * user); the test id is `settings-<name>`.
 */
export function SettingsSection({
  name,
  hint,
  children,
}: {
  name: SettingsName;
  hint?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid={`settings-${name}`}>
      <CardHeader>
        <CardTitle>{t(`profile.settings.${name}Title`)}</CardTitle>
        <p className="text-sm text-muted-foreground">{hint ?? t(`profile.settings.${name}Hint`)}</p>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/**
 * A settings card holding one form, test id `<name>-form`. The shared schema checks it, so the
 * browser's own checks are off.
 */
export function SettingsForm({
  name,
  hint,
  onSubmit,
  children,
}: {
  name: SettingsName;
  hint?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <SettingsSection name={name} hint={hint}>
      <form className="grid gap-3" onSubmit={onSubmit} noValidate data-testid={`${name}-form`}>
        {children}
      </form>
    </SettingsSection>
  );
}
