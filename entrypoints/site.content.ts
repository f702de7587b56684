import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { ext as enExt } from '@/locales/en-US.json';
import { ext as zhExt } from '@/locales/zh-CN.json';
import { loginPersistence } from './lib/auth';
import { resolveExtLanguage } from './lib/language';
import { problemFromUrl } from './lib/links';
import { OPEN_PANEL, SITE_SUBMITTED } from './lib/messages';
import { languageItem, serverUrlItem } from './lib/settings';
import { readSiteLogin, siteLoginAction } from './lib/site-login';
import { pinnedItem, siteTokenItem } from './lib/state';

/** How often the site's login is compared with the extension's (cheap: two localStorage reads). */
const LOGIN_CHECK_MS = 1500;
const PIN_BUTTON_ID = 'verdict-ext-pin';

/**
 * Runs on the configured server's own pages (registered at runtime by the worker for that host):
 * - follows the web app's login: a login there logs the extension in, a logout there logs it out,
 *   and a logout in the popup logs the web app out;
 * - tells the worker when the web app submits (resource timing entries of
 *   /api/submit-problem-judge), so that verdict is watched at once;
 * - puts a "pin to side panel" button on problem pages.
 */
export default defineContentScript({
  matches: ['http://localhost/*', 'http://127.0.0.1/*'],
  registration: 'runtime',
  async main() {
    const serverUrl = await serverUrlItem.getValue();
    if (location.origin !== serverUrl) return;
    const language = resolveExtLanguage(await languageItem.getValue(), navigator.language);
    const text = language === 'zh-CN' ? zhExt.site : enExt.site;

    followLogin();
    watchSubmits();
    pinButton(text);
  },
});

function followLogin(): void {
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const site = readSiteLogin(localStorage);
      const [lastSeen, extension] = await Promise.all([siteTokenItem.getValue(), loginPersistence.load()]);
      const action = siteLoginAction(site, lastSeen, extension);
      if (action.kind === 'adopt') await loginPersistence.save(action.login);
      if (action.kind === 'logout') await loginPersistence.save({ token: null, userInfo: null });
      if (site.token !== lastSeen) await siteTokenItem.setValue(site.token);
    } finally {
      busy = false;
    }
  };
  void check();
  setInterval(() => void check(), LOGIN_CHECK_MS);
  document.addEventListener('visibilitychange', () => void check());

  // A logout in the extension (popup, or a token the server refused) logs the web app out too.
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local' || !changes.token || changes.token.newValue || !changes.token.oldValue) return;
    const site = readSiteLogin(localStorage);
    if (!site.token || site.token === changes.token.newValue) return;
    localStorage.removeItem('token');
    localStorage.removeItem('userInfo');
    void siteTokenItem.setValue(null);
    // the web app re-reads its login when the page becomes visible (web/app/providers.tsx)
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

function watchSubmits(): void {
  if (typeof PerformanceObserver === 'undefined') return;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!/\/api\/(submit-problem-judge|resubmit)\b/.test(entry.name)) continue;
      const cid = /^\/contest\/(\d+)\//.exec(location.pathname)?.[1];
      void browser.runtime
        .sendMessage({ type: SITE_SUBMITTED, cid: cid ? Number(cid) : null })
        .catch(() => undefined);
    }
  });
  observer.observe({ type: 'resource', buffered: false });
}

/**
 * Puts the button right after the problem's title (`[data-testid=problem-title]`), where it covers
 * nothing of the page; until the title is there, at the top right under the site's header.
 */
function placeButton(button: HTMLButtonElement): void {
  const title = document.querySelector('[data-testid=problem-title]');
  if (title) {
    if (title.nextElementSibling !== button) title.after(button);
    Object.assign(button.style, { position: 'static', display: 'block' });
    return;
  }
  if (button.parentElement !== document.body) document.body.append(button);
  Object.assign(button.style, { position: 'fixed', top: '64px', right: '16px', zIndex: '2147483646' });
}

function pinButton(text: { pin: string; pinned: string }): void {
  const sync = async () => {
    const problem = problemFromUrl(location.href);
    let button = document.getElementById(PIN_BUTTON_ID) as HTMLButtonElement | null;
    if (!problem) {
      button?.remove();
      return;
    }
    if (!button) {
      button = document.createElement('button');
      button.id = PIN_BUTTON_ID;
      button.type = 'button';
      button.dataset.testid = 'verdict-ext-pin';
      Object.assign(button.style, {
        margin: '6px 0',
        padding: '3px 10px',
        borderRadius: '9999px',
        border: '1px solid #2563eb',
        background: '#ffffff',
        color: '#1d4ed8',
        font: '500 12px system-ui, sans-serif',
        cursor: 'pointer',
      });
      button.addEventListener('click', async () => {
        const current = problemFromUrl(location.href);
        if (!current) return;
        void browser.runtime.sendMessage({ type: OPEN_PANEL }).catch(() => undefined);
        await pinnedItem.setValue({ problemId: current.problemId, cid: current.cid, pinnedAt: Date.now() });
        await sync();
      });
    }
    placeButton(button);
    const pinned = await pinnedItem.getValue();
    const isPinned =
      !!pinned && pinned.problemId === problem.problemId && (pinned.cid ?? null) === problem.cid;
    button.textContent = isPinned ? text.pinned : text.pin;
    button.dataset.pinned = String(isPinned);
  };
  void sync();
  // the web app is a single-page app: follow its address changes (and re-renders of the title)
  let last = location.href;
  setInterval(() => {
    const button = document.getElementById(PIN_BUTTON_ID);
    if (location.href !== last || (problemFromUrl(location.href) && !button?.isConnected)) {
      last = location.href;
      void sync();
    } else if (button) placeButton(button as HTMLButtonElement);
  }, 500);
  pinnedItem.watch(() => void sync());
}
