/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the visitor's country comes from (default `/api/geo`; an ipapi.co-style URL also works). */
  readonly VITE_GEO_URL?: string;
  /** The demo video on the home page (a youtube-nocookie embed or YouTube link); unset: the section is not shown. */
  readonly VITE_DEMO_VIDEO_URL?: string;
  /** The tutorial video of the signed-in sidebar (same forms as the demo video); unset: no Tutorial entry. */
  readonly VITE_TUTORIAL_VIDEO_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Each language's string bundles, one chunk each (scripts/lib/locale-bundles-plugin.ts). */
declare module 'virtual:locale-loaders' {
  import type { ResourceKey } from 'i18next';
  import type { Language } from '@shared/languages';
  import type { LocaleBundle } from '@shared/locale-bundles';
  const loaders: Record<Language, Record<LocaleBundle, () => Promise<{ default: ResourceKey }>>>;
  export default loaders;
}
