/** HOJ stores problem samples as `<input>..</input><output>..</output>` repeated. */
export interface Example {
  input: string;
  output: string;
}

export function parseExamples(text: string | null | undefined): Example[] {
  if (!text) return [];
  const out: Example[] = [];
  const re = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ input: m[1], output: m[2] });
  return out;
}

export function formatExamples(examples: readonly Example[]): string {
  return examples.map((e) => `<input>${e.input}</input><output>${e.output}</output>`).join('');
}
