import { ShieldAlert } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { TableCell, TableRow } from '@/web/components/ui/table';

/** What a screen shows to someone its role does not allow (the server refuses them too). */
export function NoPermission({
  message,
  testId = 'ops-no-permission',
}: {
  message: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <ShieldAlert className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-base font-medium">{t('contestDesk.noPermission')}</p>
        <p className="text-sm text-muted-foreground" data-testid={`${testId}-message`}>
          {message}
        </p>
      </CardContent>
    </Card>
  );
}

/** A screen's card: its title, tools on the right (wrapping under it on a phone), then the body. */
export function OpsCard({
  title,
  tools,
  children,
  testId,
}: {
  title: string;
  tools?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId} className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{title}</CardTitle>
        {tools && <div className="flex flex-wrap items-center gap-3">{tools}</div>}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">{children}</CardContent>
    </Card>
  );
}

/** The 10 s auto refresh switch of Admin Helper and Admin Print (spec §9). */
export function AutoRefreshSwitch({
  id,
  checked,
  onCheckedChange,
}: {
  id: string;
  checked: boolean;
  onCheckedChange(value: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2 text-sm">
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} data-testid={id} />
      <Label htmlFor={id}>{t('contestDesk.autoRefresh')}</Label>
    </div>
  );
}

/** A table's single row saying there is nothing to list. */
export function EmptyRow({ colSpan, text, testId }: { colSpan: number; text: string; testId?: string }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-6 text-center text-muted-foreground" data-testid={testId}>
        {text}
      </TableCell>
    </TableRow>
  );
}
