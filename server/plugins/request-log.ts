import { AsyncLocalStorage } from 'node:async_hooks';
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import type { JudgeEvents } from '../services/judge-queue/events';
import { REDACT_PATHS, requestLine, requestLogSerializer } from './log-redact';

/** A writable the logger writes its JSON lines to (tests read them back). */
export interface LogStream {
  write(line: string): void;
}

/**
 * The server's logger (docs/operations.md, Logs): pino at LOG_LEVEL, JSON lines on stdout, or
 * pino-pretty's coloured lines with LOG_FORMAT=pretty.
 */
export function loggerOptions(config: Pick<ServerConfig, 'logLevel' | 'logFormat'>, stream?: LogStream) {
  const options: FastifyServerOptions['logger'] & object = {
    level: config.logLevel,
    redact: REDACT_PATHS,
    // reset links carry their code in the query: never in the log
    serializers: { req: requestLogSerializer },
  };
  if (stream) return { ...options, stream };
  if (config.logFormat === 'pretty') {
    return {
      ...options,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
      },
    };
  }
  return options;
}

/**
 * Fastify's own "incoming request" and "request completed" lines are off (requestLogPlugin writes
 * one line per request instead); its lines for errors stay.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
}

/** What a request's handling learnt that its log line should name (a submission it created). */
interface RequestIds {
  submitId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set for every request by requestLogPlugin */
    logIds: RequestIds | null;
  }
}

const current = new AsyncLocalStorage<RequestIds>();

/**
 * One JSON line per answered request: method, redacted URL, route pattern, status, time, client
 * address, and the user and submission it concerns where there are some; never a header, a body
 * (passwords, code, test data) or a token. A new submission's id comes from the queue's event,
 * caught in the request's own async context.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, { events }: { events: JudgeEvents }) => {
  app.decorateRequest('logIds', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const ids: RequestIds = {};
    request.logIds = ids;
    current.run(ids, done);
  });
  const off = events.on('submitted', ({ submitId }) => {
    const ids = current.getStore();
    if (ids && ids.submitId === undefined) ids.submitId = submitId;
  });
  app.addHook('onClose', async () => off());
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(requestLine(request, reply, request.logIds?.submitId), 'request');
  });
});
