import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';

/** One of root's settings screens: a card holding a single form that ends with its Save button. */
export function SettingsFormCard({
  title,
  testId,
  saveTestId,
  saving,
  onSubmit,
  children,
}: {
  title: string;
  /** the form's test id */
  testId: string;
  saveTestId: string;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid={testId}>
          {children}
          <div>
            <Button type="submit" disabled={saving} data-testid={saveTestId}>
              {t('admin.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
