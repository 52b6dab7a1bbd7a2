import { isLanguage } from '@jammy/shared/languages';
import { rememberLanguage } from '../i18n/language-cookie';
import { WORKER_MESSAGES } from '../pwa/worker-protocol';
import { APP_STARTING_EVENT } from './app-starting';

/**
 * The script of every prerendered page (scripts/prerender-pages.ts): a few hundred
 * bytes instead of the app. It opens and closes the page's disclosures (the language list, the
 * phone's menu), remembers a language chosen there, registers the offline worker once the page
 * is idle, and starts the app itself only when the visitor asks for what needs it ("About this
 * app"). Every link of the page is a plain link: it works before, and without, any script.
 */

const disclosures = [...document.querySelectorAll<HTMLButtonElement>('button[data-disclosure]')];

function panelOf(button: HTMLElement): HTMLElement | null {
  return document.getElementById(button.getAttribute('aria-controls') ?? '');
}

function isOpen(button: HTMLElement): boolean {
  return button.getAttribute('aria-expanded') === 'true';
}

function setOpen(button: HTMLElement, open: boolean): void {
  const panel = panelOf(button);
  if (!panel) return;
  panel.hidden = !open;
  button.setAttribute('aria-expanded', String(open));
  const label = open ? button.dataset.labelClose : button.dataset.labelOpen;
  if (label) button.setAttribute('aria-label', label);
  // Mantine's burger draws a cross while its menu is open.
  button.querySelector('.mantine-Burger-burger')?.toggleAttribute('data-opened', open);
}

for (const button of disclosures) {
  button.addEventListener('click', () => {
    const open = !isOpen(button);
    for (const other of disclosures) if (other !== button) setOpen(other, false);
    setOpen(button, open);
  });
}

// Escape closes the open one and gives the focus back to its button; so does a click or the
// focus going elsewhere.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const open = disclosures.find(isOpen);
  if (!open) return;
  setOpen(open, false);
  open.focus();
});
const closeOutside = (target: EventTarget | null) => {
  if (!(target instanceof Node)) return;
  for (const button of disclosures) {
    if (isOpen(button) && !button.contains(target) && !panelOf(button)?.contains(target)) {
      setOpen(button, false);
    }
  }
};
document.addEventListener('click', (event) => closeOutside(event.target));
document.addEventListener('focusin', (event) => closeOutside(event.target));

// A language chosen here is remembered, as the app's menu does: `/` opens in it from now on.
// The page in that language keeps the address's query (a sign-in's `redirect`), as there.
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-language]')) {
  link.search = window.location.search;
  link.addEventListener('click', () => {
    const language = link.dataset.language;
    if (isLanguage(language)) rememberLanguage(language);
  });
}

/**
 * Starts the app (its entry, named by the page) in a hidden root beside the prerendered one;
 * once it has drawn the same page, it takes the prerendered page's place, and `then` runs on
 * the app's copy of `selector`. The visitor sees no blank page while it loads.
 */
function startApp(selector: string, then: (element: HTMLElement) => void): void {
  const entry = document.querySelector<HTMLMetaElement>('meta[name="jammy-app"]')?.content;
  const prerendered = document.getElementById('root');
  if (!entry || !prerendered) return;
  prerendered.id = 'prerendered-root';
  const root = document.createElement('div');
  root.id = 'root';
  root.hidden = true;
  prerendered.after(root);
  // Drawn means the page's heading is there and nothing is still loading (aria-busy).
  const observer = new MutationObserver(() => {
    const element = root.querySelector<HTMLElement>(selector);
    if (!element || !root.querySelector('h1') || root.querySelector('[aria-busy="true"]')) return;
    observer.disconnect();
    prerendered.remove();
    root.hidden = false;
    then(element);
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true });
  // The page's own requests give way to the app's (the sign-in page's passkey request).
  document.dispatchEvent(new Event(APP_STARTING_EVENT));
  void import(/* @vite-ignore */ entry);
}

const about = document.querySelector<HTMLElement>('[data-about-app]');
about?.addEventListener(
  'click',
  () => {
    about.setAttribute('aria-busy', 'true');
    startApp('[data-about-app]', (element) => {
      element.focus();
      element.click();
    });
  },
  { once: true },
);

// The offline worker, as the app registers it: once the page has loaded and is idle.
function registerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // A failure is the app's to report (About this app): it registers the worker again. A first
  // install caches the shell only; the app's code follows once asked (precache-in-two-steps.ts).
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) =>
        registration.active?.postMessage({ type: WORKER_MESSAGES.cacheTheRest }),
      )
      .catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 3_000 });
  else setTimeout(register, 1_000);
}
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker, { once: true });
