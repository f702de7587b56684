import { Pencil, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';

/**
 * A list row's edit and delete icon buttons; delete asks first, naming what goes. Their test
 * ids are `<testIdPrefix>-edit-<id>` and `<testIdPrefix>-delete-<id>`.
 */
export function EditDeleteButtons({
  id,
  testIdPrefix,
  editLabel,
  onEdit,
  deleteLabel,
  confirmTitle,
  confirmDescription,
  onDelete,
}: {
  id: number;
  testIdPrefix: string;
  editLabel: string;
  onEdit(): void;
  /** the delete button's name and the confirm button's words */
  deleteLabel: string;
  confirmTitle: string;
  confirmDescription: string;
  onDelete(): void;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={editLabel}
        onClick={onEdit}
        data-testid={`${testIdPrefix}-edit-${id}`}
      >
        <Pencil />
      </Button>
      <ConfirmDialog
        title={confirmTitle}
        description={confirmDescription}
        confirmLabel={deleteLabel}
        destructive
        onConfirm={onDelete}
        trigger={
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={deleteLabel}
            data-testid={`${testIdPrefix}-delete-${id}`}
          >
            <Trash2 />
          </Button>
        }
      />
    </>
  );
}
