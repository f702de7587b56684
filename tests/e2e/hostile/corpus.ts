/**
 * Hostile text for the fields users write. Every payload that would run script calls
 * `__xss('<its id>')` (the browser test defines it before the page's own scripts and records each
 * call); fields of 20 to 25 characters call the same recorder through its short alias `__x`.
 * Every payload that would load something points at evil.example, a host the test server is not.
 */

export interface Payload {
  id: string;
  text: string;
}

/** The host no page may contact. */
export const EVIL_HOST = 'evil.example';

const p = (id: string, text: string): Payload => ({ id, text });

/** Raw HTML inside Markdown: elements, handlers and attribute breaks. */
const HTML: Payload[] = [
  p('script-tag', "<script>__xss('script-tag')</script>"),
  p('script-close', "</script><script>__xss('script-close')</script>"),
  p('img-onerror', `<img src=x onerror="__xss('img-onerror')"> <IMG SRC=x ONERROR=__xss('img-upper')>`),
  p('svg-onload', `<svg onload="__xss('svg-onload')"></svg>`),
  p('svg-script', "<svg><script>__xss('svg-script')</script></svg>"),
  p('svg-animate', '<svg><animate onbegin="__xss(\'svg-animate\')" attributeName=x dur=1s></animate></svg>'),
  p(
    'svg-foreign-object',
    `<svg><foreignObject><img src=x onerror="__xss('svg-foreign-object')"></foreignObject></svg>`,
  ),
  p(
    'svg-xlink',
    `<svg><a xlink:href="javascript:__xss('svg-xlink')"><text y="20">svg-xlink</text></a></svg>`,
  ),
  p('details-ontoggle', `<details open ontoggle="__xss('details-ontoggle')"><summary>t</summary>x</details>`),
  p('input-autofocus', `<input autofocus onfocus="__xss('input-autofocus')">`),
  p(
    'video-source',
    `<video><source onerror="__xss('video-source')"></video><audio src=x onerror="__xss('audio')">`,
  ),
  p('body-onload', `<body onload="__xss('body-onload')">`),
  p('attr-break-double', `"><script>__xss('attr-break-double')</script>`),
  p('attr-break-single', `'><img src=x onerror=__xss('attr-break-single')>`),
  p('textarea-close', `</textarea><script>__xss('textarea-close')</script>`),
  p('title-close', `</title><script>__xss('title-close')</script>`),
  p('style-close', `</style><script>__xss('style-close')</script>`),
  p('comment-close', `<!-- --><script>__xss('comment-close')</script> -->`),
  p('noscript-mxss', `<noscript><p title="</noscript><img src=x onerror=__xss('noscript-mxss')>">`),
  p('math-mxss', `<math><mtext><table><mglyph><style><img src=x onerror=__xss('math-mxss')></style>`),
  p('html-a-js', `<a href="javascript:__xss('html-a-js')">html-a-js</a>`),
  p('html-a-data', `<a href="data:text/html,<script>parent.__xss('html-a-data')</script>">html-a-data</a>`),
  p('iframe-srcdoc', `<iframe srcdoc="<script>parent.__xss('iframe-srcdoc')</script>"></iframe>`),
  p('iframe-src', `<iframe src="javascript:parent.__xss('iframe-src')"></iframe>`),
  p('iframe-remote', `<iframe src="http://${EVIL_HOST}/frame"></iframe>`),
  p(
    'object',
    `<object data="javascript:__xss('object')"></object><object data="http://${EVIL_HOST}/o.swf"></object>`,
  ),
  p('embed', `<embed src="http://${EVIL_HOST}/e.swf">`),
  p('form-action', `<form action="http://${EVIL_HOST}/f"><button>form-action</button></form>`),
  p('formaction', `<button formaction="javascript:__xss('formaction')">formaction</button>`),
  p('meta-refresh', `<meta http-equiv="refresh" content="0;url=http://${EVIL_HOST}/meta">`),
  p('base-href', `<base href="http://${EVIL_HOST}/">`),
  p('link-stylesheet', `<link rel="stylesheet" href="http://${EVIL_HOST}/l.css">`),
  p('style-import', `<style>@import url(http://${EVIL_HOST}/x.css);</style>`),
  p('style-attr', `<p style="background:url(http://${EVIL_HOST}/y)">style-attr</p>`),
  p('css-expression', `<div style="width: expression(__xss('css-expression'))">css-expression</div>`),
];

/** Links and images in Markdown and their obfuscations. */
const LINKS: Payload[] = [
  p('md-link-js', "[md-link-js](javascript:__xss('md-link-js'))"),
  p('md-link-js-upper', "[md-link-js-upper](JaVaScRiPt:__xss('md-link-js-upper'))"),
  p('md-img-js', "![md-img-js](javascript:__xss('md-img-js'))"),
  p('autolink-js', "<javascript:__xss('autolink-js')>"),
  p('ref-link-js', "[ref-link-js][r1]\n\n[r1]: javascript:__xss('ref-link-js')"),
  p(
    'md-link-data',
    `[md-link-data](data:text/html;base64,${Buffer.from("<script>parent.__xss('md-link-data')</script>").toString('base64')})`,
  ),
  p('md-img-data-svg', "![md-img-data-svg](data:image/svg+xml,<svg/onload=__xss('md-img-data-svg')>)"),
  p(
    'entity-js',
    "[entity-js](&#106;avascript:__xss('entity-js')) [entity-hex](&#x6A;avascript&#x3A;__xss('entity-hex'))",
  ),
  p('tab-js', "[tab-js](<java\tscript:__xss('tab-js')>) [newline-js](<java&#10;script:__xss('newline-js')>)"),
  p('fullwidth-js', "[fullwidth-js](ｊａｖａｓｃｒｉｐｔ:__xss('fullwidth-js'))"),
  p('space-js', "[space-js](<\u0001 javascript:__xss('space-js')>)"),
  p('vbscript', '[vbscript](vbscript:msgbox(1))'),
  p(
    'link-title-break',
    `[link-title-break](http://${EVIL_HOST}/t "a\\" onmouseover=__xss('link-title-break') x=\\"")`,
  ),
  p(
    'md-img-remote',
    `![md-img-remote](http://${EVIL_HOST}/i.png) ![md-img-relative-proto](//${EVIL_HOST}/i2.png)`,
  ),
  p('md-img-backslash', `![md-img-backslash](/\\${EVIL_HOST}/i3.png)`),
  p('md-img-ref', `![md-img-ref][img1]\n\n[img1]: https://${EVIL_HOST}/i4.png`),
  p('code-span', "`<img src=x onerror=__xss('code-span')>`"),
];

/** KaTeX: commands that need trust, and rendering denial of service. */
const MATHS: Payload[] = [
  p('katex-href', "$\\href{javascript:__xss('katex-href')}{katex-href}$"),
  p('katex-url', "$\\url{javascript:__xss('katex-url')}$"),
  p('katex-html-data', "$\\htmlData{onclick=__xss('katex-html-data')}{x}$ $\\htmlId{__xss}{y}$"),
  p('katex-html-style', `$\\htmlStyle{background:url(http://${EVIL_HOST}/hs)}{x}$ $\\htmlClass{fixed}{z}$`),
  p('katex-includegraphics', `$\\includegraphics{http://${EVIL_HOST}/i.png}$`),
  p('katex-color', '$\\color{url(http://evil.example/c)}{x}$ $\\textcolor{red;background:url(x)}{y}$'),
  p('katex-rule', '$\\rule{100000em}{100000em}$'),
  p('katex-kern', '$\\kern{-100000em}\\raisebox{100000em}{katex-kern}$'),
  p('katex-def-loop', '$\\def\\a{\\a\\a}\\a$'),
];

/**
 * Maths whose rendering alone takes seconds of CPU and megabytes of HTML from a kilobyte of text:
 * macros that expand to thousands of atoms, and a matrix of thousands of columns.
 */
export const MATHS_BOMBS: Payload[] = [
  p(
    'katex-macro-bomb',
    `$$\\def\\a{${'x+'.repeat(20)}x}\\def\\b{${'\\a'.repeat(10)}}\\def\\c{${'\\b'.repeat(10)}}${'\\c'.repeat(9)}$$`,
  ),
  p('katex-newcommand-bomb', `$\\newcommand{\\q}{${'y+'.repeat(200)}y}${'\\q'.repeat(300)}$`),
  p('katex-columns', `$$\\begin{matrix}${'a&'.repeat(3000)}a\\end{matrix}$$`),
  p('katex-nest', `$${'{'.repeat(3000)}x${'}'.repeat(3000)}$`),
];

/** Template syntax, JSON and script-string breakers, and characters that change how text reads. */
const TEXT_TRICKS: Payload[] = [
  p(
    'template',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text a template engine would evaluate
    "{{constructor.constructor('__xss(\"template\")')()}} ${__xss('template-literal')} #{__xss('ruby')}",
  ),
  p('json-break', `"}]}</script><script>__xss('json-break')</script>\u2028\u2029`),
  p('rtl-override', '[\u202Egpj.exe](/api/public/file/invoice.exe) \u202Etxt.exe \u202Dltr\u202C'),
];

/** Everything for a Markdown field that holds up to 10,000 characters (comments and larger). */
export const MARKDOWN_PAYLOADS: Payload[] = [...HTML, ...LINKS, ...MATHS, ...TEXT_TRICKS];

/** A handful that matter most, for Markdown fields of at most 1,000 characters (a group's description). */
export const MARKDOWN_SHORT: Payload[] = [
  p('img-onerror', `<img src=x onerror="__xss('img-onerror')">`),
  p('md-link-js', "[md-link-js](javascript:__xss('md-link-js'))"),
  p('md-img-remote', `![md-img-remote](//${EVIL_HOST}/i.png)`),
  p('katex-href', "$\\href{javascript:__xss('katex-href')}{katex-href}$"),
  p('katex-rule', '$\\rule{100000em}{100000em}$'),
  p('template', '{{constructor.constructor(\'__xss("template")\')()}}'),
  p(
    'katex-macro-bomb',
    `$$\\def\\a{${'x+'.repeat(20)}x}\\def\\b{${'\\a'.repeat(10)}}\\def\\c{${'\\b'.repeat(10)}}${'\\c'.repeat(9)}$$`,
  ),
];

/** For one-line fields of up to 255 characters (titles, school, announcement titles). */
export const LINE_PAYLOADS: Payload[] = [
  p('line-attr', `"><img src=x onerror=__xss('line-attr')>`),
  p('line-script', "</title></script><script>__xss('line-script')</script>"),
  p('line-template', "{{constructor.constructor('__xss(1)')()}}"),
  p('line-js', "javascript:__xss('line-js')"),
  p('line-rtl', '\u202Egpj.exe'),
  p('line-sep', '\u2028\u2029'),
];

/** One line of at most `max` characters: the line payloads, as many as fit after the marker. */
export function hostileLine(marker: string, max = 255): string {
  let text = marker;
  for (const { text: payload } of LINE_PAYLOADS) {
    if (text.length + 1 + payload.length <= max) text += ` ${payload}`;
  }
  return text;
}

/** Fields of at most 20 characters (usernames, nicknames): each a whole payload. */
export const TINY = {
  /** a username registration takes (1-20 characters) */
  username: '<svg/onload=__x(1)>',
  nickname: '<svg/onload=__x(2)>',
  /** group names hold 25 */
  groupName: '"><svg/onload=__x(3)>',
} as const;

/**
 * A Markdown field's text: a marker paragraph the test waits for (it proves the text reached the
 * page), then each payload in a block of its own.
 */
export function hostileMarkdown(marker: string, payloads: Payload[] = MARKDOWN_PAYLOADS): string {
  return [marker, ...payloads.map((x) => x.text), `${marker}-end`].join('\n\n');
}
