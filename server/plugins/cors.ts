import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** HOJ's CORS: any origin (HOJ-style clients and the extension), token headers exposed. */
export const corsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Url-Type', 'Accept-Language'],
    exposedHeaders: ['Refresh-Token', 'Authorization', 'Url-Type', 'Content-Disposition', 'Content-Type'],
    maxAge: 86400,
  });
});
