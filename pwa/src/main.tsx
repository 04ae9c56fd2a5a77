import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { registerServiceWorker } from './app/sw-register';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Wait for the detected language's strings (English is bundled; others are one small chunk).
void initI18n()
  .catch((error: unknown) => console.warn('[i18n] falling back to English', error))
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    void registerServiceWorker().catch((error: unknown) => console.warn('[sw] registration failed', error));
  });
