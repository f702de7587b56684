import { createAdminConfigEndpoints } from './admin-config-endpoints';
import type { ApiClient } from './client';
import { createProblemEditorEndpoints } from './problem-editor-endpoints';
import { createTagAdminEndpoints } from './tag-admin-endpoints';
import { createUserAdminEndpoints } from './user-admin-endpoints';

/**
 * The admin console's own calls (problem editor, tags, users, site settings), apart from
 * createEndpoints: the web app loads them with the console's screens, not with every page.
 */
export function createConsoleEndpoints(client: ApiClient) {
  return {
    ...createProblemEditorEndpoints(client),
    ...createTagAdminEndpoints(client),
    ...createUserAdminEndpoints(client),
    ...createAdminConfigEndpoints(client),
  };
}
