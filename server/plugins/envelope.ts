import type { ApiEnvelope } from '../../shared/api/types';

/** HOJ's success envelope. */
export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { status: 200, data, msg };
}
