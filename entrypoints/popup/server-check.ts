import { createExtensionApi } from '../lib/api';

export interface ServerInfo {
  /** our own server (website config says product "verdict") or another HOJ-compatible one */
  kind: 'verdict' | 'hoj';
  name: string;
  version: string | null;
}

/** Identifies the server at a URL through GET /api/get-website-config (anonymous). */
export async function checkServer(serverUrl: string, language: string): Promise<ServerInfo> {
  const api = createExtensionApi({ serverUrl, getToken: () => null, getLanguage: () => language });
  const config = await api.getWebsiteConfig();
  if (!config || typeof config !== 'object') throw new Error('not an HOJ server');
  return {
    kind: config.product === 'verdict' ? 'verdict' : 'hoj',
    name: config.shortName || config.name || '',
    version: config.version ?? null,
  };
}
