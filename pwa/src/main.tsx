import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
import i18n, { applyCountryLanguage, detectPageLanguage, initI18n, readSavedLanguage } from './app/i18n';
import { screensForPath } from './app/routes';
import { ensureLocation } from './stores/geo';
import { registerServiceWorker } from './app/sw-register';
import { startSyncEarly } from './app/early-sync';
import { isSignedInLayoutPath } from './app/layout-paths';
import { authStore } from './app/session';
import { browserSessionHint } from './lib/session-hint';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

/** Settles once the app has taken over the prerendered page (`<html data-hydrated>`, App.tsx). */
function hydrated(): Promise<void> {
  const root = document.documentElement;
  return new Promise((resolve) => {
    if (root.hasAttribute('data-hydrated')) return resolve();
    new MutationObserver((_records, observer) => {
      if (!root.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      resolve();
    }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  });
}

// Read before i18next caches its detection: with no saved choice, the country's language wins.
const hadSavedLanguage = readSavedLanguage() !== undefined;
// The server sent a public page already rendered (in the language of <html lang>): hydrate it.
const prerenderedIn = container.hasChildNodes() ? document.documentElement.lang : undefined;

/** After the first paint and the page's load: the service worker's registration is never on the critical path. */
function afterFirstPaint(run: () => void) {
  const later = () => requestAnimationFrame(() => setTimeout(run, 0));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

// A signed-in path: the session is checked, the database opened and the sync started while the
// screens load. Asked before the screens' chunks: over HTTP/1.1 a request queued behind them
// waits for a free connection, and the first pull waits for its answer.
const syncStarted = isSignedInLayoutPath(window.location.pathname)
  ? startSyncEarly(authStore, () => import('./sync/app-sync'), { sessionLikely: browserSessionHint.present() }).catch((error: unknown) => {
      console.warn('[sync] early start failed', error);
      return false;
    })
  : Promise.resolve(false);
// The service worker's install (every precached file downloaded and stored) waits for a first sync
// started here to end, so the two do not share the cores and the connections.
const workerMayInstall = syncStarted.then((started) =>
  started ? import('./sync/app-sync').then((sync) => sync.firstSyncRound()) : undefined,
);

// Everything the first render needs, fetched side by side: the language's shell strings and the
// screens of this path with their strings (a prerendered page's boot script preloads them already).
const language = detectPageLanguage();
const screens = prerenderedIn
  ? undefined
  : Promise.all(screensForPath(window.location.pathname).map((screen) => screen.preload(language))).catch((error: unknown) =>
      console.warn('[start] a screen did not preload', error),
    );

void Promise.all([initI18n(language), screens])
  .then(() => {
    if (!hadSavedLanguage) {
      // A prerendered page switches to the country's language once React has taken it over: a
      // switch while the hydration is under way (it runs in slices) renders the rest of the page
      // in the other language, a mismatch React recovers from by rendering the whole page again,
      // in one long task.
      const country = ensureLocation().then((location) => location.country);
      void (prerenderedIn ? hydrated() : Promise.resolve())
        .then(() => applyCountryLanguage(country))
        .catch((error: unknown) => console.warn('[i18n] country language not applied', error));
    }
  })
  .catch((error: unknown) => console.warn('[i18n] falling back to English', error))
  .finally(() => {
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    // Hydrate only markup of the language the visitor gets now; otherwise render afresh. As a
    // transition, React does it in slices of a few milliseconds: the page stays responsive.
    startTransition(() => {
      if (prerenderedIn && prerenderedIn === (i18n.resolvedLanguage ?? i18n.language)) hydrateRoot(container, app);
      else {
        container.replaceChildren();
        createRoot(container).render(app);
      }
    });
    afterFirstPaint(
      () => void workerMayInstall.then(registerServiceWorker).catch((error: unknown) => console.warn('[sw] registration failed', error)),
    );
  });
