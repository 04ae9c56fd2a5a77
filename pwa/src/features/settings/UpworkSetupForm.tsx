import { useId, useRef, useState, type FormEvent } from 'react';
import { useAuth, useApi } from '../../session/session-provider';
import { Button } from '../../ui/Button';
import { PasswordField, TextField } from '../../ui/Field';
import { checkUpworkSetup, EMPTY_UPWORK_SETUP, type UpworkSetupProblem, type UpworkSetupValues } from './settings-forms';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { useLooseT } from './settings-text';
import { ignoreAnswer } from '../../lib/api';

/**
 * The Upwork setup form (`POST /api/jobs/upwork-credentials`): freelancer name, username, password,
 * security answer and profile URL, with the specification's validation, toasts, and a cleared form
 * after success.
 */
export function UpworkSetupForm({
  automationId,
  onSaved,
  submitLabel,
}: {
  automationId?: string;
  onSaved?: () => void;
  submitLabel?: string;
}) {
  const api = useApi();
  const { t } = useLooseT();
  const { describe } = useErrorText();
  const { user } = useAuth();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<UpworkSetupValues>(EMPTY_UPWORK_SETUP);
  const [problem, setProblem] = useState<UpworkSetupProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof UpworkSetupValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem) setProblem(null);
  };
  const error = (field: keyof UpworkSetupValues) => (problem?.field === field ? t(`integrations.setup.${problem.key}`) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!user) {
      toast({ variant: 'destructive', title: t('integrations.setup.failedTitle'), description: t('integrations.setup.loginRequired') });
      return;
    }
    const found = checkUpworkSetup(values);
    if (found) {
      setProblem(found);
      toast({ variant: 'destructive', title: t('integrations.setup.invalidTitle'), description: t(`integrations.setup.${found.key}`) });
      const el = formRef.current?.elements.namedItem(found.field);
      if (el instanceof HTMLElement) el.focus();
      return;
    }
    setBusy(true);
    try {
      const body: Record<string, unknown> = {
        userId: user.id,
        freelancerName: values.freelancerName.trim(),
        username: values.username.trim(),
        password: values.password,
        securityAnswer: values.securityAnswer.trim(),
        profileUrl: values.profileUrl.trim(),
      };
      if (automationId) body.automationId = automationId;
      await api.post('/jobs/upwork-credentials', body, ignoreAnswer);
      toast({ variant: 'success', title: t('integrations.setup.savedTitle'), description: t('integrations.setup.savedBody') });
      setValues(EMPTY_UPWORK_SETUP);
      onSaved?.();
    } catch (cause) {
      toast({
        variant: 'destructive',
        title: t('integrations.setup.failedTitle'),
        description: describe(cause, t('integrations.setup.failed')),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {t('integrations.setup.title')}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{t('integrations.setup.intro')}</p>
      </div>
      <TextField
        label={t('integrations.setup.profileUrl')}
        name="profileUrl"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://www.upwork.com/freelancers/~0123456789"
        value={values.profileUrl}
        onChange={(e) => set('profileUrl', e.target.value)}
        error={error('profileUrl')}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('integrations.setup.freelancerName')}
          name="freelancerName"
          autoComplete="name"
          value={values.freelancerName}
          onChange={(e) => set('freelancerName', e.target.value)}
          error={error('freelancerName')}
          required
        />
        <TextField
          label={t('integrations.setup.username')}
          name="username"
          autoComplete="off"
          value={values.username}
          onChange={(e) => set('username', e.target.value)}
          error={error('username')}
          required
        />
        <PasswordField
          label={t('integrations.setup.password')}
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          error={error('password')}
          required
        />
        <TextField
          label={t('integrations.setup.securityAnswer')}
          name="securityAnswer"
          autoComplete="off"
          value={values.securityAnswer}
          onChange={(e) => set('securityAnswer', e.target.value)}
          error={error('securityAnswer')}
          hint={t('integrations.setup.securityHint')}
          required
        />
      </div>
      <p className="text-xs text-slate-600">{t('integrations.setup.sealed')}</p>
      <Button type="submit" busy={busy} className="w-full sm:w-auto">
        {busy ? t('integrations.setup.saving') : (submitLabel ?? t('integrations.setup.save'))}
      </Button>
    </form>
  );
}
