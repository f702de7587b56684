import { finished, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../services/errors';
import { IMPORT_LIMITS, importError } from '../services/packages/archive';

export interface Upload {
  filename: string;
  data: Buffer;
  /** the text fields sent with the file */
  fields: Record<string, string>;
}

/**
 * A failure while reading a multipart body, as the refusal the client gets. Reading only parses
 * the client's bytes, so whatever fails there is the body's fault: over a limit
 * (FST_REQ_FILE_TOO_LARGE), or not well-formed: Fastify's FST_ codes, and the parser's own errors,
 * which carry no code (no boundary, a part or the body cut short, a broken part header). A refusal
 * of ours thrown while reading passes through as it is.
 */
export function uploadRefusal(error: unknown, tooLarge: () => AppError, malformed: () => AppError): AppError {
  if (error instanceof AppError) return error;
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : malformed();
}

/**
 * The one file of a multipart upload (field `file`) and its text fields; what multipart refuses
 * (too large, malformed) becomes a 400 with a message, and a missing or empty file too.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  let file: { filename: string; data: Buffer } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !file)
          file = { filename: part.filename, data: await part.toBuffer() };
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    throw uploadRefusal(
      e,
      () => importError('tooLarge', { limit: IMPORT_LIMITS.uploadBytes / 1024 / 1024 }),
      () => importError('fileRequired'),
    );
  }
  if (!file || file.data.length === 0) throw importError('fileRequired');
  return { ...file, fields };
}

/** Room for the multipart boundaries, part headers and a few small text fields around the file. */
const MULTIPART_OVERHEAD = 16 * 1024;

export interface LimitedPart {
  /** the multipart field that carries the file (HOJ's name: `image`, `file`) */
  field: string;
  maxBytes: number;
  tooLarge(): AppError;
  /** message key when the file is missing or empty */
  requiredKey: string;
}

/** A refusal that also closes the connection, so the rest of an oversized body is never read. */
function refuseAndClose(reply: FastifyReply, error: AppError): AppError {
  reply.header('Connection', 'close');
  return error;
}

const TOO_LARGE = Symbol('too large');

/** A part's bytes; at the limit the part is destroyed at once, which stops the parser reading on. */
function readWithinLimit(file: Readable): Promise<Buffer | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      resolve(TOO_LARGE);
      file.destroy();
    });
    // `finished` also answers for a part that failed before anyone listened: a body cut short,
    // arrived whole while the route was still starting, ends its part with an error at once, and
    // waiting for that part's 'end' or 'error' events would wait forever
    finished(file, (err) => (err ? reject(err) : resolve(Buffer.concat(chunks))));
  });
}

/**
 * The one file of a small upload (an avatar, a statement image), read up to its limit and not a
 * byte further: a declared length over the limit is refused before anything is read, and other
 * fields and parts are skipped.
 */
export async function readLimitedPart(
  request: FastifyRequest,
  reply: FastifyReply,
  rules: LimitedPart,
): Promise<{ filename: string; data: Buffer }> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > rules.maxBytes + MULTIPART_OVERHEAD) throw refuseAndClose(reply, rules.tooLarge());
  let upload: { filename: string; data: Buffer } | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: rules.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== rules.field || upload) {
        part.file.resume();
        continue;
      }
      const data = await readWithinLimit(part.file);
      if (data === TOO_LARGE) throw refuseAndClose(reply, rules.tooLarge());
      upload = { filename: part.filename, data };
    }
  } catch (e) {
    throw refuseAndClose(
      reply,
      uploadRefusal(e, rules.tooLarge, () => badRequest(rules.requiredKey)),
    );
  }
  if (!upload || upload.data.length === 0) throw badRequest(rules.requiredKey);
  return upload;
}
