import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

/**
 * True while the server renders a page's first paint (web/ssr; docs/architecture.md, The first
 * paint), where there is no window, no storage and no reader's time zone. The same for the whole
 * life of the module: code outside components (router loaders) may branch on it. Components use
 * `useBrowserKnown`, which also covers the app's first render over the server's markup.
 */
export const RENDERING_ON_SERVER = typeof window === 'undefined';

const BrowserKnown = createContext(!RENDERING_ON_SERVER);

/**
 * Around the app: when it takes the server's markup over (`hydrating`), what only the browser knows
 * is drawn in a second render right after the first, as a transition: it may yield to the browser
 * between components like the first, where a store's change would be drawn in one task.
 */
export function BrowserKnownProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [known, setKnown] = useState(!hydrating);
  useEffect(() => {
    if (!known) startTransition(() => setKnown(true));
  }, [known]);
  return <BrowserKnown value={known}>{children}</BrowserKnown>;
}

/**
 * Whether what only the browser knows (the reader's time zone and screen, the page's address, the
 * theme chosen in storage) may be drawn: false on the server and in the app's first render over
 * the server's markup, which must draw that markup again for React to take it over in place;
 * true in every other render (docs/architecture.md, The first paint).
 */
export function useBrowserKnown(): boolean {
  return useContext(BrowserKnown);
}
