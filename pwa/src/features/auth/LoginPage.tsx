import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './AuthCard';
import { AuthCodeField, AuthEmailField, AuthPasswordField } from './AuthFields';
import { AuthForm } from './AuthForm';
import { GoogleButton, GoogleNotice } from './GoogleSignIn';
import { useAuthFields } from './use-auth-fields';
import { Button, linkClass } from '../../ui/Button';
import { useApi, useAuth } from '../../session/session-provider';
import { ignoreAnswer, isApiError } from '../../lib/api';
import { oauthRedirectKey, safeReturnPath } from '../marketplaces/search-connect';
import { checkForm, prefetchAuthSchemas } from './auth-schemas';
import { authPagePath, destinationFrom, destinationOrDefault } from '../../lib/destination';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { TelegramSignIn } from './TelegramSignIn';

/**
 * `/login`: email and password, then where the user meant to go (`?next=`, a same-site path) or the
 * dashboard; a signed-in user is sent there at once. Also finishes OAuth returns (`oauth_success`,
 * `provider`, `error`).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { describe, tt } = useErrorText();
  const { signIn, user, loading, signOutPending, retrySignOut } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const destination = destinationFrom(`?${params}`);
  // Set while this page signs in, so its own navigation (not the signed-in redirect) runs.
  const signingIn = useRef(false);
  const { values, setErrors, bind } = useAuthFields({ email: '', password: '', code: '' });
  const [busy, setBusy] = useState(false);
  const api = useApi();
  // Set once the server asks for a mailed sign-in code with the password (its guessing budget is spent).
  const [codeNeeded, setCodeNeeded] = useState(false);
  const [codeBusy, setCodeBusy] = useState(false);
  const handledOauth = useRef(false);

  useEffect(() => {
    if (handledOauth.current) return;
    const success = params.get('oauth_success');
    const provider = params.get('provider');
    const error = params.get('error');
    if (success === null && error === null) return;
    handledOauth.current = true;
    if (error) {
      toast({
        variant: 'destructive',
        title: t('auth.login.oauthErrorTitle'),
        description: t('auth.login.oauthErrorBody', { provider: provider || t('auth.login.oauthService'), error }),
        topic: 'signin',
      });
      setParams({}, { replace: true });
      return;
    }
    if (success !== 'false' && success !== '0' && provider) {
      // The marketplace account that was connected, named so a wrong one is noticed at once.
      const account = params.get('account');
      toast({
        variant: 'success',
        title: t('auth.login.oauthSuccessTitle'),
        description: account ? t('auth.login.oauthSuccessAs', { provider, account }) : t('auth.login.oauthSuccessBody', { provider }),
        topic: 'signin',
      });
      let target = '/dashboard';
      try {
        // The server says `Upwork` / `Freelancer`; the page that started the flow saved
        // `upwork_redirect_url` / `freelancer_redirect_url` (the specification's key).
        const key = oauthRedirectKey(provider);
        const saved = safeReturnPath(sessionStorage.getItem(key) ?? sessionStorage.getItem(`${provider}_redirect_url`));
        if (saved) target = saved;
        sessionStorage.removeItem(key);
        sessionStorage.removeItem(`${provider}_redirect_url`);
      } catch {
        // session storage unavailable: go to the dashboard
      }
      navigate(target, { replace: true });
      return;
    }
    setParams({}, { replace: true });
  }, [params, setParams, navigate, t]);

  const submit = async () => {
    setBusy(true);
    try {
      // The code field counts only once the server asked for it.
      const credentials = codeNeeded ? values : { email: values.email, password: values.password };
      const body = await checkForm((schemas) => schemas.signinBodySchema, credentials, setErrors, tt);
      if (!body) return;
      signingIn.current = true;
      await signIn(body);
      // A success closes the failure of an earlier attempt (the toasts' topic).
      toast({ variant: 'success', title: t('auth.login.successTitle'), description: t('auth.login.successBody'), topic: 'signin' });
      navigate(destinationOrDefault(destination), { replace: true });
    } catch (error) {
      signingIn.current = false;
      if (isApiError(error) && error.code === 'signin_code_required') setCodeNeeded(true);
      toast({
        variant: 'destructive',
        title: t('auth.login.failedTitle'),
        description: describe(error, t('auth.login.failedBody')),
        topic: 'signin',
      });
    } finally {
      setBusy(false);
    }
  };

  /** Mails a sign-in code to the address typed (answered alike whether it has an account or not). */
  const mailCode = async () => {
    const body = await checkForm((schemas) => schemas.signinCodeBodySchema, { email: values.email }, setErrors, tt);
    if (!body) return;
    setCodeBusy(true);
    try {
      await api.post('/auth/signin-code', body, ignoreAnswer);
      toast({ variant: 'success', title: t('auth.login.codeSent', { email: body.email }) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('auth.login.failedTitle'),
        description: describe(error, t('auth.login.failedBody')),
        topic: 'signin',
      });
    } finally {
      setCodeBusy(false);
    }
  };

  const oauthReturn = params.has('oauth_success') || params.has('error');
  if (!loading && user && !signingIn.current && !oauthReturn) return <Navigate to={destinationOrDefault(destination)} replace />;

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to={authPagePath('/register', destination)} className={linkClass}>
            {t('auth.login.createOne')}
          </Link>
        </>
      }
    >
      <GoogleNotice reason={params.get('google')} />
      {signOutPending && (
        <div role="status" className="mb-4 space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">{t('signOut.pendingTitle')}</p>
          <p>{t('signOut.pendingBody')}</p>
          <Button type="button" variant="secondary" onClick={() => void retrySignOut()}>
            {t('signOut.retry')}
          </Button>
        </div>
      )}
      <AuthForm onSubmit={submit} prepare={prefetchAuthSchemas} submitLabel={t('auth.login.submit')} busy={busy}>
        <AuthEmailField field={bind('email')} />
        <AuthPasswordField field={bind('password')} purpose="current" />
        {codeNeeded && (
          <div className="space-y-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            <p>{t('auth.login.codeNeeded')}</p>
            <Button type="button" variant="secondary" busy={codeBusy} onClick={() => void mailCode()}>
              {t('auth.login.mailCode')}
            </Button>
            <AuthCodeField field={bind('code')} label={t('auth.login.code')} />
          </div>
        )}
        <div className="flex flex-wrap justify-between gap-2">
          <Link to="/support" className={`${linkClass} text-sm`}>
            {t('auth.login.help')}
          </Link>
          <Link to="/forgot-password" className={`${linkClass} text-sm`}>
            {t('auth.login.forgot')}
          </Link>
        </div>
      </AuthForm>
      <GoogleButton intent="signin" next={destination} />
      <TelegramSignIn
        onSignedIn={() => {
          signingIn.current = true;
          navigate(destinationOrDefault(destination), { replace: true });
        }}
      />
    </AuthCard>
  );
}
