import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** How many files a server keeps in its file store (DATA_DIR/files): a refused upload adds none. */
export function storedFiles(dataDir: string): number {
  let n = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else n++;
    }
  };
  walk(join(dataDir, 'files'));
  return n;
}
