import type { Browser, BrowserContext, HTTPRequest, Page } from 'puppeteer-core';

/**
 * A browser page that records what hostile text could make it do: calls of `window.__xss` (and its
 * short alias `__x`), requests to any origin but the test server's, dialogs (dismissed) and
 * uncaught errors. A request elsewhere is seen as the page makes it and goes nowhere: the test
 * Chromium resolves no host but loopback (CHROMIUM_ARGS). The page's Content-Security-Policy is bypassed: the policy would block
 * inline handlers and other hosts' images on its own, and what is measured here is the markup the
 * site produces, which must be harmless without it (a proxy can drop the header; the browser
 * extension shows statements under its own policy).
 */
export interface Findings {
  xss: string[];
  foreign: string[];
  dialogs: string[];
  errors: string[];
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  findings: Findings;
  /** forget what was recorded (between pages of one session) */
  reset(): void;
  /** resolves once no request has started for a quarter of a second (long-lived streams never end) */
  settle(): Promise<void>;
}

export interface Session {
  token: string;
  userInfo: unknown;
}

declare global {
  interface Window {
    __xss?: (id?: unknown) => void;
    __x?: (id?: unknown) => void;
    __xssReport?: (id: string) => Promise<void>;
  }
}

/** A fresh context and page for `origin`, logged in with `session` (as the web app keeps a login). */
export async function watchedPage(
  browser: Browser,
  origin: string,
  session: Session | null,
  viewport = { width: 1280, height: 800 },
): Promise<WatchedPage> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  page.setDefaultNavigationTimeout(60_000);
  await page.setBypassCSP(true);
  const findings: Findings = { xss: [], foreign: [], dialogs: [], errors: [] };
  let lastRequestAt = Date.now();

  await page.exposeFunction('__xssReport', (id: string) => {
    findings.xss.push(`${id} at ${page.url()}`);
  });
  await page.evaluateOnNewDocument(() => {
    const record = (id?: unknown) => {
      void window.__xssReport?.(String(id));
    };
    // not writable: a payload cannot swap the recorder for something quieter
    Object.defineProperty(window, '__xss', { value: record, writable: false, configurable: false });
    Object.defineProperty(window, '__x', { value: record, writable: false, configurable: false });
  });

  page.on('request', (request: HTTPRequest) => {
    lastRequestAt = Date.now();
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith(`${origin}/`) || url === origin)
      return;
    findings.foreign.push(`${request.resourceType()} ${url} from ${page.url()}`);
  });
  page.on('dialog', (dialog) => {
    findings.dialogs.push(`${dialog.type()}: ${dialog.message()} at ${page.url()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => {
    findings.errors.push(`${String(error)} at ${page.url()}`);
  });

  if (session) {
    await page.goto(`${origin}/404-blank`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(
      (token, user) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', user);
      },
      session.token,
      JSON.stringify(session.userInfo),
    );
  }
  return {
    page,
    context,
    findings,
    reset() {
      findings.xss.length = 0;
      findings.foreign.length = 0;
      findings.dialogs.length = 0;
      findings.errors.length = 0;
    },
    async settle() {
      const deadline = Date.now() + 3000;
      while (Date.now() - lastRequestAt < 250 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/**
 * What the DOM holds that only hostile markup would put there: handler attributes, script URLs in
 * any attribute that navigates or loads, frames, plugins, a base or refresh, forms posting
 * elsewhere, scripts and styles in the body. Each finding names the element.
 */
export function scanDom(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (el: Element) => `<${el.tagName.toLowerCase()}> ${el.outerHTML.slice(0, 120)}`;
    const URL_ATTRS = [
      'href',
      'src',
      'action',
      'formaction',
      'xlink:href',
      'data',
      'srcdoc',
      'background',
      'poster',
    ];
    const badScheme = (value: string) => {
      // as the URL parser reads it: leading spaces and controls dropped, tabs and newlines removed
      let start = 0;
      while (start < value.length && value.charCodeAt(start) <= 0x20) start++;
      const v = value
        .slice(start)
        .replace(/[\t\n\r]/g, '')
        .toLowerCase();
      return v.startsWith('javascript:') || v.startsWith('vbscript:') || v.startsWith('data:text/html');
    };
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        if (attr.name.startsWith('on')) found.push(`handler ${attr.name} on ${describe(el)}`);
        if (URL_ATTRS.includes(attr.name) && badScheme(attr.value))
          found.push(`script URL in ${describe(el)}`);
        if (attr.name === 'srcdoc') found.push(`srcdoc on ${describe(el)}`);
      }
    }
    const bodySelectors = [
      'iframe',
      'object',
      'embed',
      'base',
      'meta',
      'link',
      'script:not([type="application/json"])',
      'style',
      'form[action]',
    ];
    for (const el of document.body.querySelectorAll(bodySelectors.join(','))) {
      // the app's own: toasts and the editor put <style> elements in the body only as their own
      if (el.tagName === 'STYLE' && !el.textContent?.includes('evil')) continue;
      if (el.tagName === 'FORM' && new URL((el as HTMLFormElement).action).origin === location.origin)
        continue;
      found.push(`element ${describe(el)}`);
    }
    for (const el of document.head.querySelectorAll('base, meta[http-equiv]')) {
      found.push(`element in head ${describe(el)}`);
    }
    return found;
  });
}

/**
 * Does with the page's links what a reader does: points at each (mouse events fire inline
 * handlers that survived), and follows every link that leaves http(s) and mailto, which is where
 * a `javascript:` URL would run. The page is reloaded afterwards if a click took it elsewhere.
 * Returns how many links were pointed at and clicked.
 */
export async function exerciseLinks(page: Page): Promise<{ hovered: number; clicked: number }> {
  const start = page.url();
  const counts = await page.evaluate(() => {
    let hovered = 0;
    let clicked = 0;
    const links = [...document.querySelectorAll('a, area, [href], [xlink\\:href]')];
    for (const el of links) {
      for (const type of ['mouseover', 'mouseenter', 'focus']) {
        el.dispatchEvent(new MouseEvent(type, { bubbles: true }));
      }
      hovered++;
    }
    for (const el of links) {
      const href = el.getAttribute('href') ?? el.getAttribute('xlink:href') ?? '';
      let protocol = '';
      try {
        protocol = new URL(href, location.href).protocol;
      } catch {
        protocol = 'invalid:';
      }
      if (protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:') continue;
      clicked++;
      // a click the browser treats as the user's (synthetic clicks follow links too)
      (el as HTMLElement).click?.();
      el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
    return { hovered, clicked };
  });
  await new Promise((r) => setTimeout(r, 150));
  if (page.url() !== start) await page.goto(start, { waitUntil: 'domcontentloaded' });
  return counts;
}

/**
 * Waits until each text is on the page as the user sees it (innerText), read as they would read a
 * long page: a screen at a time. A statement's sections far below the screen are laid out only
 * when near it (`content-visibility: auto`), and until then innerText leaves them out.
 */
export async function waitForTexts(page: Page, texts: string[], timeout = 30_000): Promise<void> {
  await page.evaluate(() => {
    (window as { seenText?: string }).seenText = '';
  });
  try {
    await page.waitForFunction(
      (wanted: string[]) => {
        const w = window as { seenText?: string };
        const now = document.body.innerText;
        if (wanted.every((t) => now.includes(t))) return true;
        w.seenText = `${(w.seenText ?? '').slice(-200_000)}\n${now}`;
        if (wanted.every((t) => (w.seenText ?? '').includes(t))) return true;
        // the page and each pane that scrolls on its own (the problem page's statement on a desktop)
        const boxes = [document.scrollingElement, ...document.querySelectorAll('*')].filter(
          (el): el is Element =>
            !!el &&
            el.scrollHeight > el.clientHeight + 2 &&
            (el === document.scrollingElement || /auto|scroll/.test(getComputedStyle(el).overflowY)),
        );
        for (const box of boxes) {
          const bottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 2;
          box.scrollTop = bottom ? 0 : box.scrollTop + box.clientHeight * 0.8;
        }
        return false;
      },
      { timeout, polling: 100 },
      texts,
    );
  } catch (e) {
    const shown = await page.evaluate(() => document.body.innerText).catch(() => '');
    const missing = texts.filter((t) => !shown.includes(t));
    throw new Error(
      `${page.url()} does not show ${JSON.stringify(missing)}; it shows:\n${shown.slice(0, 1500)}`,
      {
        cause: e,
      },
    );
  }
}
