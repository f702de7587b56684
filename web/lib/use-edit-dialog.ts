import { useState } from 'react';

/** A list's create-or-edit dialog: which record it edits (null: a new one) and whether it is open. */
export function useEditDialog<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    editing,
    open,
    setOpen,
    /** opens the dialog on a record, or on a new one with null */
    edit: (record: T | null) => {
      setEditing(record);
      setOpen(true);
    },
  };
}
