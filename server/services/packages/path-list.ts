/**
 * File paths as an import message lists them. A broken package can hold thousands of stray files;
 * the message names the first few and says how many more there are, in a form that reads the
 * same in every language (the sentence around it is translated).
 */
export function pathList(paths: readonly string[], max = 10): string {
  const shown = paths.slice(0, max).join(', ');
  return paths.length > max ? `${shown}, … (+${paths.length - max})` : shown;
}
