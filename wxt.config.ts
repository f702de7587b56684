import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'wxt';

// The companion extension (DESIGN.md §6). Entrypoints live in entrypoints/, shared code in shared/.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  outDir: 'dist/extension',
  modules: ['@wxt-dev/module-react'],
  imports: false,
  webExt: { disabled: true },
  vite: () => ({ plugins: [tailwindcss()] }),
  manifest: {
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'alarms', 'notifications', 'sidePanel', 'contextMenus', 'activeTab', 'scripting'],
    host_permissions: ['http://localhost/*', 'http://127.0.0.1/*'],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
  },
});
