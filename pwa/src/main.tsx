import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
import { applyCountryLanguage, initI18n, readSavedLanguage } from './app/i18n';
import { ensureLocation } from './stores/geo';
import { registerServiceWorker } from './app/sw-register';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Read before i18next caches its detection: with no saved choice, the country's language wins.
const hadSavedLanguage = readSavedLanguage() !== undefined;

// Wait for the detected language's strings (English is bundled; others are one small chunk).
void initI18n()
  .then(() => {
    if (!hadSavedLanguage) {
      void applyCountryLanguage(ensureLocation().then((location) => location.country)).catch((error: unknown) =>
        console.warn('[i18n] country language not applied', error),
      );
    }
  })
  .catch((error: unknown) => console.warn('[i18n] falling back to English', error))
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    void registerServiceWorker().catch((error: unknown) => console.warn('[sw] registration failed', error));
  });
