import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';

/** The bin beside a message; asks before deleting. */
export function DeleteMessageButton({ onConfirm, testId }: { onConfirm(): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('messages.deleteConfirm')}
      description={t('messages.cannotUndo')}
      confirmLabel={t('messages.delete')}
      destructive
      onConfirm={onConfirm}
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('messages.delete')}
          title={t('messages.delete')}
          data-testid={testId}
          className="shrink-0 text-muted-foreground hover:text-destructive"
        >
          <Trash2 />
        </Button>
      }
    />
  );
}
