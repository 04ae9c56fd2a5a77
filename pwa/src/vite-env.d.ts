/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the visitor's country comes from (default `/api/geo`; an ipapi.co-style URL also works). */
  readonly VITE_GEO_URL?: string;
  /** The demo video on the home page (a youtube-nocookie embed or YouTube link); unset shows "coming soon". */
  readonly VITE_DEMO_VIDEO_URL?: string;
  /** The tutorial video of the signed-in sidebar (same forms as the demo video); unset says "coming soon". */
  readonly VITE_TUTORIAL_VIDEO_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** en.json without the keys that load with their screens (see `englishShell` in vite.config.ts). */
declare module '*.json?shell' {
  const strings: Record<string, unknown>;
  export default strings;
}
