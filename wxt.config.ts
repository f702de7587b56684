import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'wxt';

const HOST_PERMISSIONS = ['http://localhost/*', 'http://127.0.0.1/*'];
/** Any other server: requested at runtime from the popup's Connect click. */
const OPTIONAL_HOST_PERMISSIONS = ['http://*/*', 'https://*/*'];

// The companion extension (DESIGN.md §6). Entrypoints live in entrypoints/, shared code in shared/.
// modules/ext-locales.ts (loaded automatically from modules/) emits _locales from locales/*.json.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  outDir: 'dist/extension',
  modules: ['@wxt-dev/module-react'],
  imports: false,
  webExt: { disabled: true },
  vite: () => ({ plugins: [tailwindcss()] }),
  manifest: ({ browser, manifestVersion }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: [
      'storage',
      'alarms',
      'notifications',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
      'contextMenus',
      'activeTab',
      'scripting',
    ],
    host_permissions: HOST_PERMISSIONS,
    // sidePanel.open() (context menu → side panel) needs Chrome 116
    ...(browser === 'firefox' ? {} : { minimum_chrome_version: '116' }),
    // MV2 (Firefox) has no optional_host_permissions: origins go in optional_permissions there.
    ...(manifestVersion === 2
      ? { optional_permissions: OPTIONAL_HOST_PERMISSIONS }
      : { optional_host_permissions: OPTIONAL_HOST_PERMISSIONS }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'companion@verdict.invalid',
              // 128: scripting.executeScript in the page's MAIN world (quick submit reads the editors there)
              strict_min_version: '128.0',
              // the login goes to the server the user configured, nowhere else
              data_collection_permissions: { required: ['authenticationInfo'] },
            },
          },
        }
      : {}),
  }),
});
