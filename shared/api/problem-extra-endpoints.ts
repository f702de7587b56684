import type { ApiClient } from './client';
import type { RandomProblem } from './home-types';
import type { Language } from './types';

/** HOJ's small problem calls: a random public problem, and one problem's languages. */
export function createProblemExtraEndpoints(client: ApiClient) {
  return {
    getRandomProblem: () => client.request<RandomProblem>('GET', '/api/get-random-problem'),
    getProblemLanguages: (pid: number) =>
      client.request<Language[]>('GET', '/api/get-problem-languages', { query: { pid } }),
  };
}
