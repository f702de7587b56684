/**
 * What the web app's server-side renderer (web/ssr) hands the server for a page's first paint
 * (server/plugins/page-frame.ts; docs/architecture.md, The first paint).
 */
export interface FramePage {
  /** the markup for the page's `<div id="root">` */
  html: string;
  /** the answers the screen was drawn with, as JSON (TanStack Query's dehydrated state), or null */
  data: string | null;
  /**
   * the screen asked for first data: what is drawn depends on the answers (or on their being late),
   * so it may be kept only briefly
   */
  dataBound?: boolean;
  /**
   * the markup holds the screen, not the frame alone: the app's first render draws the same and
   * takes the markup over in place (`SCREEN_DRAWN_ATTRIBUTE` on the page's root)
   */
  screen?: boolean;
}

/** On the page's `<div id="root">` when its markup holds the screen (`FramePage.screen`). */
export const SCREEN_DRAWN_ATTRIBUTE = 'data-screen-drawn';

/** The server's own API, answering as it would a visitor, that the renderer asks for first data. */
export type ServerFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The page element that carries `FramePage.data` (JSON, not run: the CSP allows it). */
export const FIRST_DATA_ID = 'first-data';
