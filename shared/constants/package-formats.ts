/**
 * The problem package formats the server imports, each at its own upload path (HOJ's names where
 * HOJ has one). The console's import screen offers exactly this list.
 */
export const PACKAGE_FORMATS = [
  { format: 'hoj', path: '/api/file/import-problem', accept: '.zip' },
  { format: 'kattis', path: '/api/file/import-kattis-problem', accept: '.zip,.kpp' },
  { format: 'polygon', path: '/api/file/import-polygon-problem', accept: '.zip' },
  { format: 'fps', path: '/api/file/import-fps-problem', accept: '.xml' },
  { format: 'qduoj', path: '/api/file/import-qdoj-problem', accept: '.zip' },
  { format: 'hydro', path: '/api/file/import-hydro-problem', accept: '.zip' },
  // HOJ has no DMOJ import: the path follows its naming
  { format: 'dmoj', path: '/api/file/import-dmoj-problem', accept: '.zip' },
] as const;

export type PackageFormat = (typeof PACKAGE_FORMATS)[number]['format'];
