import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { linkClass } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { demoEmbedUrl } from '../features/marketing/demo-video';

const TUTORIAL_URL = demoEmbedUrl(import.meta.env.VITE_TUTORIAL_VIDEO_URL);

/**
 * The sidebar's Tutorial: a dialog with the embedded video titled "Bidpilot Tutorial" (the
 * youtube-nocookie player, loaded only while open). Without a configured video
 * (VITE_TUTORIAL_VIDEO_URL) it says the video is coming and links to the features page.
 */
export function TutorialDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const title = t('layout.tutorialTitle');
  return (
    <Dialog open={open} onClose={onClose} title={title} size="xl">
      {TUTORIAL_URL ? (
        <div className="aspect-video w-full overflow-hidden rounded-xl bg-black">
          <iframe
            src={TUTORIAL_URL}
            title={title}
            className="size-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </div>
      ) : (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-gradient-to-br from-indigo-700 to-violet-600 p-6 text-center text-white">
          <p className="text-lg font-semibold">{t('layout.tutorialComingSoon')}</p>
          <Link to="/features" onClick={onClose} className={`${linkClass} rounded-md bg-white px-4 py-2 text-indigo-700`}>
            {t('layout.tutorialSeeFeatures')}
          </Link>
        </div>
      )}
    </Dialog>
  );
}
