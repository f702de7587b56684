import type { Element, ElementContent, Root, RootContent } from 'hast';
import { isSiteAddress } from '../lib/site-address';

/**
 * A rehype plugin for after the sanitiser: an image hosted elsewhere becomes a link to it, named
 * by its alt text (inside a link, the alt text alone). Posted text must not make every reader's
 * browser contact another server: the site's Content-Security-Policy blocks such images too, but
 * not every place that shows the HTML sends that policy, and a proxy may drop it. A reader who
 * wants the image follows the link.
 */
export function rehypeSiteImages() {
  const replace = (img: Element, src: string, inLink: boolean): ElementContent => {
    const alt = String(img.properties.alt ?? '');
    const text: ElementContent = { type: 'text', value: alt || src };
    if (inLink) return text;
    return { type: 'element', tagName: 'a', properties: { href: src }, children: [text] };
  };
  const visit = (node: Root | Element, inLink: boolean) => {
    node.children = node.children.map((child: RootContent) => {
      if (child.type !== 'element') return child;
      const src = child.properties.src;
      if (child.tagName === 'img' && typeof src === 'string' && src !== '' && !isSiteAddress(src)) {
        return replace(child, src, inLink);
      }
      visit(child, inLink || child.tagName === 'a');
      return child;
    }) as typeof node.children;
  };
  return (tree: Root) => visit(tree, false);
}
