import i18n from 'i18next';
import { legal } from '../../../locales/en.json';

// The English legal texts are left out of the entry chunk (vite.config.ts `englishShell`): they are
// added here, with the legal pages' chunk. The other languages' files carry them as usual.
i18n.addResourceBundle('en', 'translation', { legal }, true, false);
