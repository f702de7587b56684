import type { FastifyRequest } from 'fastify';
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
