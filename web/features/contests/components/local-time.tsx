import type { ReactNode } from 'react';
import { cn } from '@/shared/lib/utils';
import { useBrowserKnown } from '@/web/lib/server-render';

/**
 * Text only the reader's browser can say right (docs/architecture.md, The first paint). The app's
 * first render over the server's markup keeps the server's text as it is (the two may differ),
 * and the render right after it puts the reader's in a new element in its place.
 */
function ReaderText({
  children,
  className,
  hidden,
}: {
  children: ReactNode;
  className?: string;
  hidden: boolean;
}) {
  return useBrowserKnown() ? (
    <span key="reader" className={className}>
      {children}
    </span>
  ) : (
    <span key="server" className={cn(className, hidden && 'invisible')} suppressHydrationWarning>
      {children}
    </span>
  );
}

/**
 * A time in the reader's own time zone. The server does not know that zone: its markup keeps the
 * text's room but hides it.
 */
export function LocalTime({ children }: { children: ReactNode }) {
  return <ReaderText hidden>{children}</ReaderText>;
}

/** Text that follows the reader's clock (a countdown): the server's, seconds old, is shown until then. */
export function ClockText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <ReaderText className={className} hidden={false}>
      {children}
    </ReaderText>
  );
}
