import { Controller, type FieldPath, useFormContext } from 'react-hook-form';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import type { ContestFormValues } from '../lib/contest-form-values';

type BooleanField = {
  [K in FieldPath<ContestFormValues>]: ContestFormValues[K & keyof ContestFormValues] extends boolean
    ? K
    : never;
}[FieldPath<ContestFormValues>];

/** A yes/no setting of the contest form: its words, an optional line of what it does, and the switch. */
export function SwitchField({ name, label, hint }: { name: BooleanField; label: string; hint?: string }) {
  const { control } = useFormContext<ContestFormValues>();
  const id = `contest-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex min-h-11 items-center justify-between gap-3 rounded-md border px-3 py-2">
          <div className="grid gap-0.5">
            <Label htmlFor={id} className="leading-snug">
              {label}
            </Label>
            {hint && (
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </p>
            )}
          </div>
          <Switch
            id={id}
            checked={field.value as boolean}
            onCheckedChange={field.onChange}
            aria-describedby={hint ? `${id}-hint` : undefined}
            data-testid={id}
          />
        </div>
      )}
    />
  );
}
