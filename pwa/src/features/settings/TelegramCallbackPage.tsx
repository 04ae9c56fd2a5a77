import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthStore } from '../../session/session-provider';
import { browserSessionHint } from '../../lib/session-hint';
import { PageSpinner } from '../../ui/Spinner';
import { toast } from '../../stores/toast';
import { useLooseT } from './settings-text';

/**
 * `/auth/telegram-callback`, where an older release's widget sent Telegram's answer in the address.
 * Whatever the address carries is never sent anywhere: a link anyone can make must not link or sign
 * in an account. Telegram logins start from Settings (linking) or the sign-in screen, and their
 * answer comes back to that page; this one says so and moves on.
 */
export default function TelegramCallbackPage() {
  const authStore = useAuthStore();
  const { t } = useLooseT();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const signedIn = authStore.getState().user !== null || browserSessionHint.present();
    toast({ variant: 'destructive', title: t('settings.telegram.callbackFailed'), description: t('settings.telegram.startHere') });
    navigate(signedIn ? '/settings' : '/login', { replace: true });
  }, [authStore, navigate, t]);

  return <PageSpinner label={t('settings.telegram.callbackWorking')} />;
}
