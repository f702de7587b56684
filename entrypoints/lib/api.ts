import { createApiClient } from '@/shared/api/client';
import { createEndpoints, type Endpoints } from '@/shared/api/endpoints';

export interface ExtensionApiOptions {
  serverUrl: string;
  getToken: () => string | null;
  getLanguage: () => string;
  onTokenRefresh?: (token: string) => void;
  onUnauthorized?: () => void;
}

/** The shared typed endpoints, pointed at the configured server. */
export function createExtensionApi(options: ExtensionApiOptions): Endpoints {
  return createEndpoints(
    createApiClient({
      baseUrl: options.serverUrl,
      getToken: options.getToken,
      getLanguage: options.getLanguage,
      onTokenRefresh: options.onTokenRefresh,
      onUnauthorized: options.onUnauthorized,
    }),
  );
}
