/**
 * True while the server renders a page's first paint (web/ssr; docs/architecture.md, The first
 * paint), where there is no window, no storage and no reader's time zone: what needs them is drawn
 * by the app's first render instead. The same for the whole life of the module, so components may
 * branch on it.
 */
export const RENDERING_ON_SERVER = typeof window === 'undefined';
