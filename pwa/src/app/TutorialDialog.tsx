import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';
import { demoEmbedUrl } from '../features/marketing/demo-video';

/** The tutorial video's embed address (VITE_TUTORIAL_VIDEO_URL, read as the home page reads its demo video); undefined: none. */
const TUTORIAL_URL = demoEmbedUrl(import.meta.env.VITE_TUTORIAL_VIDEO_URL);

/** The dialog with the embedded video titled "Bidpilot Tutorial" (the youtube-nocookie player, loaded only while open). */
function TutorialDialog({ open, onClose, url }: { open: boolean; onClose: () => void; url: string }) {
  const { t } = useTranslation();
  const title = t('layout.tutorialTitle');
  return (
    <Dialog open={open} onClose={onClose} title={title} size="xl">
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-black">
        <iframe
          src={url}
          title={title}
          className="size-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    </Dialog>
  );
}

/**
 * The sidebar's Tutorial entry (the specification's "Tutorial button opens a dialog with an embedded
 * video"): the button and its dialog, or nothing at all until a real video is configured, as the home
 * page keeps its demo video hidden.
 */
export function TutorialEntry({
  className,
  labelClassName,
  icon,
  title,
  onOpen,
}: {
  className: string;
  labelClassName: string;
  icon: ReactNode;
  /** The tooltip (the collapsed sidebar shows the icon alone). */
  title?: string;
  /** Before the dialog opens (the phone's drawer closes). */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!TUTORIAL_URL) return null;
  return (
    <>
      <button
        type="button"
        title={title}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
        className={className}
      >
        {icon}
        <span className={labelClassName}>{t('layout.tutorial')}</span>
      </button>
      <TutorialDialog open={open} onClose={() => setOpen(false)} url={TUTORIAL_URL} />
    </>
  );
}
