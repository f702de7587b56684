/** A small element tree over fast-xml-parser (document order kept: FPS pairs tests by position). */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { importError } from './archive';

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** text and CDATA content of the element itself, unchanged (no trimming) */
  text: string;
}

type Ordered = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function build(name: string, items: Ordered[], attrs: Record<string, string>): XmlNode {
  const node: XmlNode = { name, attrs, children: [], text: '' };
  for (const item of items) {
    if ('#text' in item) {
      node.text += String(item['#text'] ?? '');
      continue;
    }
    const key = Object.keys(item).find((k) => k !== ':@');
    if (!key) continue;
    const childAttrs = (item[':@'] ?? {}) as Record<string, string>;
    node.children.push(build(key, (item[key] ?? []) as Ordered[], childAttrs));
  }
  return node;
}

/** Parses a whole document; `file` names it in the error for a malformed one. */
export function parseXml(text: string, file: string): XmlNode {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw importError('badXml', { file, line: valid.err.line, detail: valid.err.msg });
  try {
    return build('#document', parser.parse(text) as Ordered[], {});
  } catch (e) {
    throw importError('badXml', { file, line: 0, detail: (e as Error).message });
  }
}

export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined =>
  node?.children.find((c) => c.name === name);

export const children = (node: XmlNode | undefined, name: string): XmlNode[] =>
  node?.children.filter((c) => c.name === name) ?? [];

/** Text of an element and its descendants, in order. */
export function deepText(node: XmlNode | undefined): string {
  if (!node) return '';
  return node.text + node.children.map(deepText).join('');
}
