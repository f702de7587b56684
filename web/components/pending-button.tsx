import { Loader2 } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/web/components/ui/button';

/** A button that spins and takes no clicks while the call it started is running. */
export function PendingButton({
  pending,
  disabled,
  children,
  ...button
}: { pending: boolean } & React.ComponentProps<typeof Button>) {
  return (
    <Button disabled={pending || disabled} {...button}>
      {pending && <Loader2 className="animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}

/** A form's submit button: spins and takes no clicks while the form's call runs. */
export function SubmitButton(props: Omit<React.ComponentProps<typeof PendingButton>, 'type'>) {
  return <PendingButton type="submit" {...props} />;
}
