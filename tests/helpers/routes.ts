import type { FastifyInstance } from 'fastify';

/**
 * Every `METHOD /path` the server registers (HEAD routes left out: Fastify adds one to each GET),
 * read from Fastify's route tree.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const registered: string[] = [];
  // the tree prints a route under the longest route it extends (`/api/register` └── `-contest`)
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!node?.[2]) continue;
    const depth = (node[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + node[2];
    stack.push(path);
    if (!node[3]) continue;
    for (const method of node[3].split(', ')) if (method !== 'HEAD') registered.push(`${method} ${path}`);
  }
  return registered;
}
