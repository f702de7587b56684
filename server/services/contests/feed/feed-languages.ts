/** HOJ runs a Java submission as class Main (its statement rules ask for `public class Main`). */
const JAVA_MAIN_CLASS = 'Main';
/** kotlinc names the class of a file main.kt's top-level main MainKt. */
const KOTLIN_MAIN_CLASS = 'MainKt';

/** How a language is sent in an event feed (a 2023-06 `languages` object, and what its submissions carry). */
export interface FeedLanguage {
  id: string;
  name: string;
  /** "Main class" or "Main file" when the language needs an entry point, else null */
  entryPointName: string | null;
  extensions: string[];
  /** the entry point of its submissions (null when the language needs none) */
  entryPoint: string | null;
}

/** A language of the Contest API's table of known languages, and how a judge name is recognised as it. */
interface Family {
  id: string;
  pattern: RegExp;
  extensions: string[];
  /** a name the pattern matches but that is a variant of the family (PyPy is Python) */
  variant?: string;
  entry?: 'class' | 'file';
}

const FAMILIES: readonly Family[] = [
  { id: 'cpp', pattern: /^(c\+\+|cpp|g\+\+)/i, extensions: ['cc', 'cpp', 'cxx', 'c++', 'C'] },
  { id: 'csharp', pattern: /^(c#|csharp)/i, extensions: ['cs'] },
  { id: 'c', pattern: /^(c|gcc|clang)(?=$|[^a-z0-9+#])/i, extensions: ['c'] },
  { id: 'javascript', pattern: /^(javascript|node(\.?js)?|js)(?![a-z])/i, extensions: ['js'], entry: 'file' },
  { id: 'java', pattern: /^java(?![a-z])/i, extensions: ['java'], entry: 'class' },
  { id: 'kotlin', pattern: /^kotlin/i, extensions: ['kt'], entry: 'class' },
  { id: 'python3', pattern: /^python ?3/i, extensions: ['py'], entry: 'file' },
  { id: 'python3', pattern: /^pypy ?3/i, extensions: ['py'], entry: 'file', variant: 'pypy' },
  { id: 'python2', pattern: /^python ?2/i, extensions: ['py'], entry: 'file' },
  { id: 'python2', pattern: /^pypy ?2?/i, extensions: ['py'], entry: 'file', variant: 'pypy' },
  { id: 'python3', pattern: /^python(?![a-z0-9])/i, extensions: ['py'], entry: 'file' },
  { id: 'go', pattern: /^go(lang)?(?![a-z])/i, extensions: ['go'] },
  { id: 'rust', pattern: /^rust/i, extensions: ['rs'] },
  { id: 'ruby', pattern: /^ruby/i, extensions: ['rb'] },
  { id: 'php', pattern: /^php/i, extensions: ['php'], entry: 'file' },
  { id: 'pascal', pattern: /^(free ?pascal|pascal|fpc)/i, extensions: ['pas'] },
  { id: 'haskell', pattern: /^(haskell|ghc)/i, extensions: ['hs'] },
  { id: 'typescript', pattern: /^(typescript|ts)(?![a-z])/i, extensions: ['ts'], entry: 'file' },
  { id: 'scala', pattern: /^scala/i, extensions: ['scala'] },
  { id: 'objectivec', pattern: /^objective-?c/i, extensions: ['m'] },
  { id: 'prolog', pattern: /^prolog/i, extensions: ['pl'] },
  { id: 'ada', pattern: /^ada(?![a-z])/i, extensions: ['adb', 'ads'] },
];

/** Letters, digits, "_", "-", "." (the API's ID), lower case. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

interface Recognised {
  name: string;
  family: Family | null;
  /** what tells this language from others of its family ("20" of "C++ 20"), or its whole name when unknown */
  variant: string;
}

function recognise(name: string): Recognised {
  const trimmed = name.trim();
  for (const family of FAMILIES) {
    const m = family.pattern.exec(trimmed);
    if (!m) continue;
    const rest = slug(trimmed.slice(m[0].length));
    return { name, family, variant: [family.variant, rest].filter(Boolean).join('-') };
  }
  return { name, family: null, variant: slug(trimmed) || 'lang' };
}

/** Whether a judge language is Java: its submissions run the class they declare (judge/java-main-class.ts). */
export function isJavaLanguage(name: string): boolean {
  return recognise(name).family?.id === 'java';
}

/** The entry point a submission is run by: the main class, or the script's file (sources are saved as main.<ext>). */
function entryPointOf(family: Family | null): string | null {
  if (family?.entry === 'class') return family.id === 'kotlin' ? KOTLIN_MAIN_CLASS : JAVA_MAIN_CLASS;
  if (family?.entry === 'file') return `main.${family.extensions[0]}`;
  return null;
}

/**
 * The feed languages of the judge language names a contest's submissions use. A language of the API's table gets
 * the table's id; when a contest used several of one family (C++ and C++ 20), the plainest name keeps the bare
 * id and the others add what tells them apart, as the API recommends ("cpp20"). Any other language gets an id
 * made from its name. Ids are unique within the feed.
 */
export function feedLanguages(names: readonly string[]): Map<string, FeedLanguage> {
  const recognised = [...new Set(names)].map(recognise);
  const byFamily = new Map<string, Recognised[]>();
  for (const r of recognised) {
    const key = r.family?.id ?? `?${r.variant}`;
    byFamily.set(key, [...(byFamily.get(key) ?? []), r]);
  }
  const taken = new Set<string>();
  const out = new Map<string, FeedLanguage>();
  const families = [...byFamily.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, members] of families) {
    members.sort(
      (a, b) => a.variant.length - b.variant.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    members.forEach((r, i) => {
      const base = !r.family
        ? r.variant
        : i === 0
          ? r.family.id
          : `${r.family.id}${/^[0-9]/.test(r.variant) ? '' : '-'}${r.variant}`;
      const trimmed = base.slice(0, 36).replace(/[.]+$/, '') || 'lang';
      let id = trimmed;
      for (let n = 2; taken.has(id); n++) id = `${trimmed.slice(0, 32)}-${n}`;
      taken.add(id);
      const entry = r.family?.entry;
      out.set(r.name, {
        id,
        name: r.name,
        entryPointName: entry === 'class' ? 'Main class' : entry === 'file' ? 'Main file' : null,
        extensions: r.family ? [...r.family.extensions] : [],
        entryPoint: entryPointOf(r.family),
      });
    });
  }
  return out;
}
