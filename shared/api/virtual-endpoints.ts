import type { VirtualStartForm } from '../schemas/virtual-participation';
import type { ApiClient } from './client';
import type { VirtualState } from './virtual-types';

/** The paths of the virtual participation calls (HOJ has none). */
export const VIRTUAL_PATHS = {
  state: '/api/contest/virtual',
  start: '/api/contest/virtual',
} as const;

/** Virtual participation: the caller's state in a contest, and starting a run of an ended one. */
export function createVirtualEndpoints(client: ApiClient) {
  return {
    getVirtualState: (cid: number) =>
      client.request<VirtualState>('GET', VIRTUAL_PATHS.state, { query: { cid } }),
    startVirtual: (body: VirtualStartForm) =>
      client.request<VirtualState>('POST', VIRTUAL_PATHS.start, { body }),
  };
}
