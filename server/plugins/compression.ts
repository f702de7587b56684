import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WEB_DELIVERY } from '../../shared/constants/web-delivery';

/**
 * Text worth compressing: HTML, CSS, JavaScript, JSON (the API's envelope, NDJSON event feeds),
 * XML and plain text. Not `application/octet-stream`: test data for remote judges and problem
 * annexes keep their Content-Length (judges and browsers show progress from it) and large test
 * files would cost the server CPU on every download; images and archives are compressed already.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|javascript|(?:\+|\/)(?:x-nd)?json(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

/**
 * Compresses answers above `WEB_DELIVERY.compressMinBytes` with Brotli or gzip, whichever the
 * client prefers (docs/benchmarks.md, first load). The web app's built files arrive precompressed
 * (the static plugin serves `.br`/`.gz` beside them and sets Content-Encoding, which this plugin
 * leaves alone). Brotli runs at quality 4 here, the level that costs about what gzip does; the
 * build compresses at the highest level once. Registered before the routes: it hooks each route
 * as it is added. Compression happens when an answer is sent, so the judge protocol's long polls
 * are unaffected.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: WEB_DELIVERY.compressMinBytes,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Answers up to 64 KB (nearly every API answer) are compressed in one call on the event loop, well
    // under a millisecond at quality 4. Above the library's default (8 KB on 2 cores) they went through
    // a zlib stream on libuv's four threads, shared with argon2's logins: on a busy 2-core machine a
    // problem statement or a board page then spent ~300 ms in the server against ~1 ms uncompressed
    // (docs/reliability.md, A contest of 1,000).
    syncThreshold: 64 * 1024,
  });
});
