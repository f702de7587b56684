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

export class LanguageRegistry {
  private readonly byName: Map<string, LanguageInfo>;

  constructor(private readonly list: LanguageInfo[]) {
    this.byName = new Map(list.map((l) => [l.name, l]));
  }

  names(): string[] {
    return this.list.map((l) => l.name);
  }

  get(name: string): LanguageInfo | undefined {
    return this.byName.get(name);
  }

  /** HOJ's Language rows, in table order */
  toLanguages(): Language[] {
    return this.list.map((l, i) => ({
      id: i + 1,
      name: l.name,
      contentType: l.contentType,
      description: l.description,
      compileCommand: l.compileCommand,
      template: l.template,
      codeTemplate: l.template,
      isSpj: false,
      oj: 'ME',
      seq: this.list.length - i,
    }));
  }
}
