import { createConsoleEndpoints } from '@/shared/api/console-endpoints';
import { apiClient } from '@/web/lib/api';

/** The console's own calls, on the app's one client; loaded with the console's screens only. */
export const consoleApi = createConsoleEndpoints(apiClient);
