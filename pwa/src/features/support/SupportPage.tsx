import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_TOPICS,
  supportContactSchema,
  supportReferencesSchema,
  supportRequestCreatedSchema,
  supportRequestListSchema,
  type SupportReferences,
  type SupportRequest,
} from '@shared/schemas/support';
import { useAuth, useApi } from '../../session/session-provider';
import { Badge } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { SelectField, TextAreaField } from '../../ui/Field';
import { PublicPage } from '../../ui/PublicPage';
import { useSyncStatus } from '../../sync/use-sync-status';
import { useErrorText } from '../../lib/use-error-text';
import { EMPTY_SUPPORT_FORM, supportFormProblems, supportRequestBody, type SupportFormValues } from './support-form';
import { TitledSection } from '../../ui/TitledSection';
import { formatMoney } from '@shared/currency';
import { looseT, type LooseT } from '../../lib/loose-t';

const FAQ = ['trial', 'planChange', 'cancel', 'agentQuiet', 'dailyCap', 'connect', 'upworkManual'] as const;

function Faq({ t }: { t: LooseT }) {
  return (
    <TitledSection
      id="support-faq"
      title={t('support.faq.heading')}
      className="mt-10"
      titleClassName="text-xl font-semibold text-slate-900"
    >
      <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {FAQ.map((item) => (
          <details key={item} className="group px-4 py-3">
            <summary className="min-h-11 cursor-pointer list-none py-2 font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
              <span className="me-2 inline-block transition-transform group-open:rotate-90 rtl:-scale-x-100" aria-hidden="true">
                ›
              </span>
              {t(`support.faq.items.${item}.q`)}
            </summary>
            <p className="pb-2 text-slate-700">{t(`support.faq.items.${item}.a`)}</p>
          </details>
        ))}
      </div>
    </TitledSection>
  );
}

function Requests({ requests, t, language }: { requests: SupportRequest[]; t: LooseT; language: string }) {
  if (requests.length === 0) return <p className="mt-3 text-slate-600">{t('support.requests.empty')}</p>;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className="mt-3 flex flex-col gap-3">
      {requests.map((request) => (
        <li key={request.ticket} className="rounded-2xl border border-slate-200 bg-white p-4" data-ticket={request.ticket}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-slate-900">
              {request.ticket} · {t(`support.topics.${request.topic}`)}
            </p>
            <Badge variant={request.status === 'open' ? 'secondary' : 'outline'}>{t(`support.requests.status.${request.status}`)}</Badge>
          </div>
          <p className="mt-1 text-sm text-slate-600">{date.format(new Date(request.createdAt))}</p>
          {request.referenceLabel && (
            <p className="mt-1 text-sm text-slate-700">{t('support.requests.about', { label: request.referenceLabel })}</p>
          )}
          <p className="mt-2 line-clamp-3 break-words whitespace-pre-wrap text-slate-800">{request.message}</p>
        </li>
      ))}
    </ul>
  );
}

/** The contact form, the user's requests and the FAQ, for a signed-in user. */
function ContactForm({ t, language, verified }: { t: LooseT; language: string; verified: boolean }) {
  const api = useApi();
  const { describe } = useErrorText();
  const sync = useSyncStatus();
  const offline = sync.offline || (typeof navigator !== 'undefined' && navigator.onLine === false);
  const [values, setValues] = useState<SupportFormValues>(EMPTY_SUPPORT_FORM);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [references, setReferences] = useState<SupportReferences | null>(null);
  const [requests, setRequests] = useState<SupportRequest[] | null>(null);
  // One key per request the user means to send: a retry after a network failure cannot send it twice.
  const key = useRef<string>(crypto.randomUUID());
  const problems = supportFormProblems(values);
  const error = (field: 'topic' | 'message') => (shown && problems[field] ? t(`support.form.errors.${problems[field]}`) : undefined);

  const loadRequests = () =>
    api
      .get('/support/requests', supportRequestListSchema)
      .then((answer) => setRequests(answer.data))
      .catch(() => setRequests((current) => current ?? []));

  useEffect(() => {
    void loadRequests();
    api
      .get('/support/references', supportReferencesSchema)
      .then(setReferences)
      .catch(() => setReferences({ payments: [], proposals: [] }));
    // Once, when the form opens (`api` is the page's one client).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    setSent(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.post('/support/requests', supportRequestBody(values), supportRequestCreatedSchema, {
        headers: { 'Idempotency-Key': key.current },
      });
      setSent(answer.data.ticket);
      setValues(EMPTY_SUPPORT_FORM);
      setShown(false);
      key.current = crypto.randomUUID();
      void loadRequests();
    } catch (cause) {
      setFailure(describe(cause, t('support.form.failed')));
    } finally {
      setBusy(false);
    }
  }

  const set = (field: keyof SupportFormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  return (
    <>
      <TitledSection
        id="support-form"
        title={t('support.form.heading')}
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        titleClassName="text-xl font-semibold text-slate-900"
      >
        {sent && (
          <p role="status" className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900">
            {t('support.form.sent', { ticket: sent })}
          </p>
        )}
        {offline && <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-950">{t('support.form.offline')}</p>}
        {!verified && (
          <div role="note" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
            <p>{t('support.form.verifyFirst')}</p>
            <Link to="/verify-email" className="font-medium text-indigo-700 underline">
              {t('support.form.verifyLink')}
            </Link>
          </div>
        )}
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4">
          <SelectField label={t('support.form.topic')} value={values.topic} onChange={set('topic')} error={error('topic')} required>
            <option value="">{t('support.form.topicChoose')}</option>
            {SUPPORT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`support.topics.${topic}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('support.form.reference')}
            value={values.reference}
            onChange={set('reference')}
            hint={t('support.form.referenceHint')}
          >
            <option value="">{t('support.form.referenceNone')}</option>
            {references && references.payments.length > 0 && (
              <optgroup label={t('support.form.payments')}>
                {references.payments.map((p) => (
                  <option key={p.id} value={`payment:${p.id}`}>
                    {[
                      t(`plans.${p.plan}.name`),
                      formatMoney(p.amount / 100, p.currency, language),
                      t(`billing.history.statuses.${p.status}`),
                      new Date(p.at).toLocaleDateString(language),
                    ].join(' · ')}
                  </option>
                ))}
              </optgroup>
            )}
            {references && references.proposals.length > 0 && (
              <optgroup label={t('support.form.proposals')}>
                {references.proposals.map((p) => (
                  <option key={p.id} value={`proposal:${p.id}`}>
                    {p.label}
                  </option>
                ))}
              </optgroup>
            )}
          </SelectField>
          <TextAreaField
            label={t('support.form.message')}
            value={values.message}
            onChange={set('message')}
            rows={6}
            maxLength={SUPPORT_MESSAGE_MAX}
            error={error('message')}
            hint={t('support.form.messageHint', { count: values.message.trim().length, max: SUPPORT_MESSAGE_MAX })}
            required
          />
          {failure && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
              {failure}
            </p>
          )}
          <div>
            <Button type="submit" busy={busy} disabled={offline || !verified}>
              {t('support.form.send')}
            </Button>
          </div>
        </form>
      </TitledSection>
      <TitledSection
        id="support-requests"
        title={t('support.requests.heading')}
        className="mt-8"
        titleClassName="text-xl font-semibold text-slate-900"
      >
        {requests === null ? (
          <p className="mt-3 text-slate-600">{t('common.loading')}</p>
        ) : (
          <Requests requests={requests} t={t} language={language} />
        )}
      </TitledSection>
    </>
  );
}

/** For a visitor who cannot sign in (locked out): the address to write to instead of the form. */
function SupportAddress({ t }: { t: LooseT }) {
  const api = useApi();
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/support/contact', supportContactSchema, { signal: controller.signal })
      .then((contact) => setEmail(contact.email))
      .catch(() => undefined);
    return () => controller.abort();
  }, [api]);
  if (!email) return null;
  return (
    <p className="mt-3 text-sm text-slate-600" data-support-address>
      {t('support.lockedOut')}{' '}
      <a href={`mailto:${email}`} className="font-medium text-indigo-700 underline">
        {email}
      </a>
    </p>
  );
}

/** `/support`: the FAQ for everyone; the contact form and the open requests once signed in. */
export default function SupportPage() {
  const { t: typedT, i18n } = useTranslation();
  const t = looseT(typedT);
  const { user, loading } = useAuth();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <PublicPage>
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('support.title')}</h1>
        <p className="mt-3 text-slate-700">{t('support.intro')}</p>
        {user ? (
          <ContactForm t={t} language={language} verified={user.emailVerified} />
        ) : loading ? null : (
          <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
            <p className="text-slate-800">{t('support.signIn')}</p>
            <ButtonLink to="/login" state={{ from: '/support' }} className="mt-4">
              {t('support.signInButton')}
            </ButtonLink>
            <SupportAddress t={t} />
            <p className="mt-3 text-sm text-slate-600">
              {t('support.noAccount')}{' '}
              <Link to="/register" className="font-medium text-indigo-700 underline">
                {t('support.register')}
              </Link>
            </p>
          </div>
        )}
        <Faq t={t} />
      </div>
    </PublicPage>
  );
}
