import type { Language } from '../../shared/api/types';

/** The part of the judge's language table the server needs (the judge detects what this machine has). */
export interface LanguageInfo {
  name: string;
  contentType: string;
  template: string;
  description: string;
  compileCommand: string;
  /** the judge's limit factors for this language (HOJ: 2 for languages other than C/C++); 1 when absent */
  timeFactor?: number;
  memoryFactor?: number;
  /** the name a source is saved under (main.cpp, Main.java): downloads of code keep its extension */
  sourceFile?: string;
}

/** What the server knows of one judge's languages and when it last heard from the judge. */
export interface JudgeLanguages {
  /** `<kind>\n<name>`, as judge_server rows are keyed */
  key: string;
  /** ms since the epoch */
  lastSeen: number;
  /** what the judge announced; [] when it only named its languages (an older judge) */
  languages: readonly LanguageInfo[];
}

interface View {
  list: LanguageInfo[];
  byName: Map<string, LanguageInfo>;
  rows: Language[];
  /** the view holds until the first announcing judge in it goes offline */
  validUntil: number;
}

/**
 * The languages the server offers (docs/scaling.md, Remote judges: their languages): its own (what
 * the API machine's judge detected) and those announced by judges seen within the online window of
 * the judge list (three lease periods). Its own come first in table order, so their HOJ ids stay
 * put; a language only judges have follows, by name. A language two judges announce is taken from
 * the judge whose key sorts first; the server's own entry always wins over an announced one.
 *
 * Reads never touch the database: the judge protocol tells the registry of each judge it hears
 * from (`judgeSeen`), and judge-languages.ts merges the judge_server rows every few seconds for
 * what other replicas heard (`merge`). A judge that stops being heard from drops out when its
 * window ends, without any write.
 */
export class LanguageRegistry {
  private readonly ownByName: Map<string, LanguageInfo>;
  private readonly judges = new Map<string, JudgeLanguages>();
  private view: View | null = null;

  constructor(
    private readonly own: LanguageInfo[],
    private readonly options: { onlineMs?: number; now?: () => number } = {},
  ) {
    this.ownByName = new Map(own.map((l) => [l.name, l]));
  }

  /** How long a judge's languages stay offered after it was last heard from. */
  get onlineMs(): number {
    return this.options.onlineMs ?? 90_000;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The languages of this machine's own judge (what its in-process workers can run). */
  ownNames(): string[] {
    return this.own.map((l) => l.name);
  }

  /** This machine's own entries, as its in-process workers announce them. */
  ownLanguages(): readonly LanguageInfo[] {
    return this.own;
  }

  names(): string[] {
    return this.current().list.map((l) => l.name);
  }

  get(name: string): LanguageInfo | undefined {
    return this.ownByName.get(name) ?? this.current().byName.get(name);
  }

  /** HOJ's Language rows, in table order */
  toLanguages(): Language[] {
    return this.current().rows;
  }

  /**
   * A judge was heard from now. `languages`: what it announced; null: it named its languages
   * without announcing them; undefined: it said nothing of them (a progress report), so what is
   * known of it stays and only its time moves.
   */
  judgeSeen(key: string, languages: readonly LanguageInfo[] | null | undefined, at = this.now()): void {
    const known = this.judges.get(key);
    if (languages === undefined) {
      if (!known) return;
      known.lastSeen = Math.max(known.lastSeen, at);
    } else {
      this.judges.set(key, { key, lastSeen: Math.max(known?.lastSeen ?? 0, at), languages: languages ?? [] });
    }
    this.view = null;
  }

  /** What the judge_server rows say (any replica may have written them); the newer sighting wins. */
  merge(rows: readonly JudgeLanguages[]): void {
    for (const row of rows) {
      const known = this.judges.get(row.key);
      if (!known || row.lastSeen >= known.lastSeen) this.judges.set(row.key, { ...row });
    }
    this.view = null;
  }

  private current(): View {
    const now = this.now();
    if (this.view && now < this.view.validUntil) return this.view;
    const list = [...this.own];
    const byName = new Map(this.ownByName);
    let validUntil = Number.POSITIVE_INFINITY;
    const online = [...this.judges.values()]
      .filter((j) => now - j.lastSeen <= this.onlineMs)
      .sort((a, b) => a.key.localeCompare(b.key));
    const announced: LanguageInfo[] = [];
    for (const judge of online) {
      let adds = false;
      for (const l of judge.languages) {
        if (byName.has(l.name)) continue;
        byName.set(l.name, l);
        announced.push(l);
        adds = true;
      }
      // only a judge whose languages are offered makes the view expire when it goes offline
      if (adds) validUntil = Math.min(validUntil, judge.lastSeen + this.onlineMs + 1);
    }
    // forget judges long gone, so the map cannot grow without bound
    for (const [key, judge] of this.judges)
      if (now - judge.lastSeen > 10 * this.onlineMs) this.judges.delete(key);
    announced.sort((a, b) => a.name.localeCompare(b.name));
    list.push(...announced);
    this.view = { list, byName, rows: toRows(list), validUntil };
    return this.view;
  }
}

function toRows(list: readonly LanguageInfo[]): Language[] {
  return list.map((l, i) => ({
    id: i + 1,
    name: l.name,
    contentType: l.contentType,
    description: l.description,
    compileCommand: l.compileCommand,
    template: l.template,
    codeTemplate: l.template,
    isSpj: false,
    oj: 'ME',
    seq: list.length - i,
  }));
}
