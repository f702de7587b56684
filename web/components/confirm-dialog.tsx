import { AlertDialog } from 'radix-ui';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';

interface ConfirmDialogProps {
  title: string;
  description?: React.ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
  onConfirm(): void;
  /** the button that opens it; or leave it out and control `open` */
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  testId?: string;
}

/**
 * Asks before something that cannot be taken back (delete, reset the code, spend a download):
 * Cancel, and a confirm button that runs `onConfirm`.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  trigger,
  open,
  onOpenChange,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root {...(open === undefined ? {} : { open })} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <AlertDialog.Content
          data-testid={testId}
          className="fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-lg sm:max-w-md"
        >
          <AlertDialog.Title className="text-lg font-semibold leading-none">{title}</AlertDialog.Title>
          {description && (
            <AlertDialog.Description className="text-sm text-muted-foreground">
              {description}
            </AlertDialog.Description>
          )}
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" data-testid="confirm-cancel">
                {t('common.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant={destructive ? 'destructive' : 'default'}
                onClick={onConfirm}
                data-testid="confirm-ok"
              >
                {confirmLabel ?? t('common.ok')}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
