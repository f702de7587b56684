import { createAdminConfigEndpoints } from './admin-config-endpoints';
import type { ApiClient } from './client';
import { createDiscussionAdminEndpoints } from './discussion-endpoints';
import { createGroupAdminEndpoints } from './group-endpoints';
import { createPackageVerifyEndpoints } from './package-verify-endpoints';
import { createProblemEditorEndpoints } from './problem-editor-endpoints';
import { createStatementFileEndpoints } from './statement-file-endpoints';
import { createTagAdminEndpoints } from './tag-admin-endpoints';
import { createTrainingAdminEndpoints } from './training-endpoints';
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
    ...createPackageVerifyEndpoints(client),
    ...createStatementFileEndpoints(client),
    ...createDiscussionAdminEndpoints(client),
    ...createTrainingAdminEndpoints(client),
    ...createGroupAdminEndpoints(client),
  };
}
