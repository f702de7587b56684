import {
  type DehydratedState,
  type FetchQueryOptions,
  hydrate,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { Endpoints } from '@/shared/api/endpoints';
import { FIRST_DATA_ID } from '@/shared/seo/frame-page';

/** What a screen's first calls are made from: its path's params, its URL's query, and the API to ask. */
export interface FirstDataArgs {
  params: Params;
  search: URLSearchParams;
  api: Endpoints;
}

/**
 * The calls a screen's first render reads, under the keys it reads them by. The server makes them
 * as a visitor would and renders the screen with their answers (web/ssr/render-frame.tsx); the
 * page carries the answers so the app's first render draws the same screen without asking again
 * (docs/architecture.md, The first paint).
 */
export type FirstQueries = (args: FirstDataArgs) => FetchQueryOptions[];

/** One of a screen's typed query options as a first call (the type of its data does not matter there). */
export const firstCall = (options: { queryKey: QueryKey }) => options as FetchQueryOptions;

/** What a route's `handle` may say about its screen. */
export interface ScreenHandle {
  firstQueries?: FirstQueries;
}

/**
 * Puts the server's answers into the app's cache before its first render. They were asked for as a
 * visitor: a logged-in user's screens show them at once too, but ask again at once for their own.
 */
export function seedFirstData(client: QueryClient, loggedIn: boolean): void {
  const element = document.getElementById(FIRST_DATA_ID);
  if (!element?.textContent) return;
  let state: DehydratedState;
  try {
    state = JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return;
  }
  hydrate(client, state);
  if (!loggedIn) return;
  for (const { queryKey } of state.queries) {
    void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
}
