import type { TestServer } from './server';

export interface ImportAnswer {
  http: number;
  status: number;
  msg: string;
  data: { problems: { pid: number; problemId: string; title: string; notices: string[] }[] } | null;
}

/** A multipart upload as the admin page (or curl -F file=@x.zip) sends it. */
export async function uploadPackage(
  server: TestServer,
  path: string,
  token: string | null,
  file: Buffer | null,
  filename: string,
  fields: Record<string, string> = {},
  language = 'en-US',
): Promise<ImportAnswer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file)]), filename);
  const headers: Record<string, string> = { 'Accept-Language': language };
  if (token) headers.Authorization = token;
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: form });
  const body = (await res.json()) as Omit<ImportAnswer, 'http'>;
  return { http: res.status, ...body };
}
