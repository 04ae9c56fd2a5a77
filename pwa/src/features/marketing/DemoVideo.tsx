import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { demoEmbedUrl } from './demo-video';

const EMBED_URL = demoEmbedUrl(import.meta.env.VITE_DEMO_VIDEO_URL);

/** Whether a demo video is configured (VITE_DEMO_VIDEO_URL); the home page shows the section only then. */
export const HAS_DEMO_VIDEO = EMBED_URL !== undefined;

function Poster({ children, inline = false }: { children: ReactNode; inline?: boolean }) {
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag className="relative flex aspect-video w-full flex-col items-center justify-center gap-4 overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-600 p-6 text-center text-white shadow-lg">
      {children}
    </Tag>
  );
}

const playIcon = (
  <span
    aria-hidden="true"
    className="inline-flex size-16 items-center justify-center rounded-full bg-white text-indigo-700 shadow-md sm:size-20"
  >
    <svg viewBox="0 0 24 24" className="ms-1 size-8 sm:size-10" fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.2-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z" />
    </svg>
  </span>
);

/**
 * The demo video: a poster with a play button; the youtube-nocookie player loads only on click.
 * Shown only when a video is configured (VITE_DEMO_VIDEO_URL, see HAS_DEMO_VIDEO).
 */
export function DemoVideo() {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);

  return (
    <div className="mx-auto max-w-4xl">
      {playing ? (
        <div className="aspect-video w-full overflow-hidden rounded-2xl bg-black shadow-lg">
          <iframe
            src={EMBED_URL}
            title={t('home.demo.frameTitle')}
            className="size-full"
            loading="lazy"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group block w-full rounded-2xl focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
        >
          <Poster inline>
            <span className="transition-transform group-hover:scale-105 motion-reduce:transition-none">{playIcon}</span>
            <span className="text-lg font-semibold sm:text-xl">{t('home.demo.watch')}</span>
          </Poster>
        </button>
      )}
    </div>
  );
}
