import type { ReactNode } from 'react';
import { RENDERING_ON_SERVER } from '@/web/lib/server-render';

/**
 * A time in the reader's own time zone. The server's first render does not know that zone: it
 * keeps the text's room but hides it, and the app's first render shows the reader's time there.
 */
export function LocalTime({ children }: { children: ReactNode }) {
  return <span className={RENDERING_ON_SERVER ? 'invisible' : undefined}>{children}</span>;
}
