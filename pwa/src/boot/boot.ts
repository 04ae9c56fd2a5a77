/**
 * The one script a page carries (scripts/lib/boot-plugin.ts writes it inline at the end of
 * index.html's body): it starts the app. A prerendered public page without a form starts it at the visitor's
 * first interaction (below), or at once when the visitor's country asks for other prices or another
 * language than the page's (askCountry); a page with nothing to show yet (the signed-in shell), or
 * one in a hidden tab, starts at once.
 *
 * `data-entry` is the app's entry module; `data-preload` the modules it and the page need, fetched
 * side by side instead of one after another as imports are found; `data-signed-in` the sync
 * runtime's modules, fetched with them on the signed-in shell when a session is likely, so a first
 * sync starts as soon as the session is checked instead of after the entry has asked for them.
 */
import { readCookie, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '../app/language-choice';
import { GEO_CACHE_KEY } from '../lib/geo-cache';
import { SESSION_HINT_KEY } from '../lib/session-hint';
import { browserTimeZone } from '../lib/time-zone';
import { detectedLocation, readGeoAnswer, startsAtOnce } from './geo-start';

/** Whether the app asks the built-in `GET /api/geo` (no `VITE_GEO_URL`): set by scripts/lib/boot-plugin.ts. */
declare const BOOT_BUILTIN_GEO: boolean;

const me = document.currentScript as HTMLScriptElement | null;

function start(signedIn = false): void {
  if (!me?.dataset.entry || document.querySelector('script[data-bidpilot-entry]')) return;
  const preload = `${me.dataset.preload ?? ''} ${signedIn ? (me.dataset.signedIn ?? '') : ''}`;
  for (const href of preload.split(' ')) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = me.dataset.entry;
  entry.dataset.bidpilotEntry = '';
  // A prerendered page carries only the rules its markup uses: the whole stylesheets come now, and
  // the app runs once they are in (or failed), so nothing it shows next is unstyled.
  const sheets = (me.dataset.stylesheets ?? '').split(' ').filter(Boolean);
  let waiting = sheets.length;
  const sheetDone = () => {
    if (--waiting === 0) document.head.appendChild(entry);
  };
  for (const href of sheets) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.onload = sheetDone;
    link.onerror = sheetDone;
    document.head.appendChild(link);
  }
  if (sheets.length === 0) document.head.appendChild(entry);
}

/**
 * Runs `then` once the page's first contentful paint is on screen: the browser's own paint entry,
 * which it records when the frame is presented. A frame callback alone is not enough: the picture
 * reaches the screen later, and scripts fetched in between would be fetched before it. Without
 * paint timing, after the next frame; if the tab is hidden before the paint, at once.
 */
function afterFirstContentfulPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    document.removeEventListener('visibilitychange', onHidden);
    setTimeout(then, 0);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') once();
  };
  document.addEventListener('visibilitychange', onHidden);
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(once);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** What the visitor does that the app must answer: the app is loaded at the first of these. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

/**
 * A prerendered public page without a form is complete without the app: its links are plain links
 * and its text is all there. The app (React, the router, the strings, the screen's code, about
 * 120 KB) is loaded, run and hydrated at the visitor's first interaction with the page, so none of
 * that work blocks the page while it loads; a pointer moving towards a button or a finger touching
 * the screen gives it the time to be ready when the click comes. A button clicked before the app
 * has taken over (`<html data-hydrated>`) is clicked again once it has. Answers the function that
 * starts the app now, as the first interaction would.
 */
function startAtFirstInteraction(): () => void {
  const root = document.documentElement;
  const hydrated = () => root.hasAttribute('data-hydrated');
  let heldClick: HTMLElement | undefined;
  const go = () => {
    for (const type of INTERACTIONS) removeEventListener(type, go, true);
    start();
  };
  for (const type of INTERACTIONS) addEventListener(type, go, { capture: true, passive: true });
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
    if (hydrated() || !(button instanceof HTMLElement)) return;
    heldClick = button;
    event.preventDefault();
    event.stopPropagation();
    go();
  };
  addEventListener('click', hold, true);
  new MutationObserver((_records, observer) => {
    if (!hydrated()) return;
    observer.disconnect();
    removeEventListener('click', hold, true);
    // After the app's own first effects have run.
    setTimeout(() => {
      if (heldClick?.isConnected) heldClick.click();
    }, 0);
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  // The offline shell does not wait for a visitor: the service worker is registered once the page
  // has loaded (the app registers the same worker again when it starts, to follow its updates).
  const register = () => void navigator.serviceWorker?.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
  return go;
}

const safe = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch {
    return undefined;
  }
};

/**
 * After the first paint, the visitor's country from the built-in geolocation route (the browser's
 * time zone its fallback): stored where the app's own detection looks first (it does not ask
 * again), and the app started now when this visitor would not get the page as prerendered (see
 * geo-start.ts). A failed call starts the app now too: its own detection takes over.
 */
function askCountry(startNow: () => void): void {
  const tz = browserTimeZone();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5000);
  fetch(`/api/geo${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`, {
    headers: { accept: 'application/json' },
    credentials: 'omit',
    signal: controller.signal,
  })
    .then((response) => (response.ok ? response.json() : undefined))
    .then((body: unknown) => {
      clearTimeout(timer);
      const answer = readGeoAnswer(body);
      if (!answer) return startNow();
      safe(() => sessionStorage.setItem(GEO_CACHE_KEY, JSON.stringify(detectedLocation(answer))));
      const saved = {
        query: safe(() => new URLSearchParams(location.search).get('lng')),
        cookie: safe(() => readCookie(document.cookie, LANGUAGE_COOKIE)),
        localStorage: safe(() => localStorage.getItem(LANGUAGE_STORAGE_KEY)),
      };
      if (startsAtOnce({ answer, saved, pageLanguage: document.documentElement.lang })) startNow();
    })
    .catch(() => {
      clearTimeout(timer);
      startNow();
    });
}

// A page with a form (sign-in, registration: prerendered disabled) starts after its first paint,
// so that the form is ready when the visitor reaches it; so does every prerendered page for a
// visitor who may be signed in (the session hint, lib/session-hint.ts: the page was prerendered for
// a signed-out one, with Login where their Dashboard link and account menu belong), and every
// prerendered page when the app asks an outside geolocation service (VITE_GEO_URL), which this
// script does not call.
const prerendered = document.getElementById('root');
const maySignedIn = safe(() => localStorage.getItem(SESSION_HINT_KEY) === '1') ?? false;
if (!prerendered?.hasChildNodes()) start(maySignedIn);
else if (document.visibilityState !== 'visible') start();
else if (prerendered.querySelector('form') || maySignedIn || !BOOT_BUILTIN_GEO) afterFirstContentfulPaint(start);
else {
  const startNow = startAtFirstInteraction();
  afterFirstContentfulPaint(() => askCountry(startNow));
}
