import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../services/errors';
import { badRequest } from '../services/errors';
import { IMPORT_LIMITS, importError } from '../services/packages/archive';

export interface Upload {
  filename: string;
  data: Buffer;
  /** the text fields sent with the file */
  fields: Record<string, string>;
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
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw importError('tooLarge', { limit: IMPORT_LIMITS.uploadBytes / 1024 / 1024 });
    if (code?.startsWith('FST_')) throw importError('fileRequired');
    throw e;
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
    file.once('end', () => resolve(Buffer.concat(chunks)));
    file.once('error', reject);
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
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuseAndClose(reply, rules.tooLarge());
    if (code?.startsWith('FST_')) throw refuseAndClose(reply, badRequest(rules.requiredKey));
    throw e;
  }
  if (!upload || upload.data.length === 0) throw badRequest(rules.requiredKey);
  return upload;
}
