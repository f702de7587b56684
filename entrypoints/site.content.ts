import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { ext as enExt } from '@/locales/en-US.json';
import { ext as zhExt } from '@/locales/zh-CN.json';
import { LOGIN_WRITTEN_EVENT } from '@/shared/stores/auth';
import { dropLogin, loginPersistence } from './lib/auth';
import { resolveExtLanguage } from './lib/language';
import { problemFromUrl } from './lib/links';
import { OPEN_PANEL, SITE_SUBMITTED } from './lib/messages';
import { languageItem, serverUrlItem } from './lib/settings';
import { readSiteLogin, siteLoginAction, writeSiteLogin } from './lib/site-login';
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
    followLogin();
    watchSubmits();
    pinButton();
  },
});

/** The pin button's texts in the extension's current language (it can change while the page is open). */
async function siteText(): Promise<{ pin: string; pinned: string }> {
  const language = resolveExtLanguage(await languageItem.getValue(), navigator.language);
  return language === 'zh-CN' ? zhExt.site : enExt.site;
}

/**
 * Whether the server still takes a token (GET /api/msg/unread, on the page's own origin): false
 * after a logout revoked it, null when the server did not answer.
 */
async function tokenAccepted(token: string): Promise<boolean | null> {
  const res = await fetch('/api/msg/unread', { headers: { Authorization: token } }).catch(() => null);
  if (!res) return null;
  if (res.status === 401) return false;
  return res.ok ? true : null;
}

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
      let push = action.kind === 'push' ? action.login : null;
      if (action.kind === 'verify') {
        const accepted = await tokenAccepted(action.token);
        if (accepted === false) await dropLogin(action.token);
        if (accepted === true) push = { token: action.token, userInfo: extension.userInfo };
      }
      if (push) {
        // the extension's login: the web app takes it too, and re-reads its login at once
        writeSiteLogin(localStorage, push);
        await siteTokenItem.setValue(push.token);
        document.dispatchEvent(new Event(LOGIN_WRITTEN_EVENT));
      } else if (site.token !== lastSeen) await siteTokenItem.setValue(site.token);
    } finally {
      busy = false;
    }
  };
  void check();
  setInterval(() => void check(), LOGIN_CHECK_MS);
  document.addEventListener('visibilitychange', () => void check());

  // A logout in the extension (popup, or a token the server refused) logs the web app out too;
  // a login there is offered to the web app at once rather than at the next look.
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local' || !changes.token) return;
    if (changes.token.newValue) {
      void check();
      return;
    }
    if (!changes.token.oldValue) return;
    const site = readSiteLogin(localStorage);
    if (!site.token || site.token === changes.token.newValue) return;
    localStorage.removeItem('token');
    localStorage.removeItem('userInfo');
    void siteTokenItem.setValue(null);
    document.dispatchEvent(new Event(LOGIN_WRITTEN_EVENT));
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
 * nothing of the page, as a small inline pill. Until the title is there (the page is loading) it
 * stays hidden rather than floating somewhere else and jumping. Touches the DOM only when
 * something changed, so a re-render of the page does not make it flicker.
 */
function placeButton(button: HTMLButtonElement): void {
  const title = document.querySelector('[data-testid=problem-title]');
  if (!title) {
    if (button.style.display !== 'none') button.style.display = 'none';
    return;
  }
  if (title.nextElementSibling !== button) title.after(button);
  if (button.style.display !== 'inline-flex') button.style.display = 'inline-flex';
}

function createButton(onPinned: () => Promise<void>): HTMLButtonElement {
  const button = document.createElement('button');
  button.id = PIN_BUTTON_ID;
  button.type = 'button';
  button.dataset.testid = 'verdict-ext-pin';
  Object.assign(button.style, {
    display: 'none',
    alignItems: 'center',
    width: 'fit-content',
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
    await onPinned();
  });
  return button;
}

function pinButton(): void {
  let button: HTMLButtonElement | null = null;
  /** Text and pinned state: on load, when the pin or the extension's language changes, on a new address. */
  const sync = async () => {
    const problem = problemFromUrl(location.href);
    if (!problem) {
      button?.remove();
      return;
    }
    button ??= createButton(sync);
    placeButton(button);
    const [pinned, text] = await Promise.all([pinnedItem.getValue(), siteText()]);
    const isPinned =
      !!pinned && pinned.problemId === problem.problemId && (pinned.cid ?? null) === problem.cid;
    const label = isPinned ? text.pinned : text.pin;
    if (button.textContent !== label) button.textContent = label;
    if (button.dataset.pinned !== String(isPinned)) button.dataset.pinned = String(isPinned);
  };
  void sync();
  // the web app is a single-page app: follow its address changes and re-renders of the title
  let last = location.href;
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      if (location.href !== last) {
        last = location.href;
        void sync();
      } else if (button && problemFromUrl(location.href)) placeButton(button);
    });
  }).observe(document.body, { childList: true, subtree: true });
  pinnedItem.watch(() => void sync());
  languageItem.watch(() => void sync());
}
