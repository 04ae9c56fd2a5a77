import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../session/auth-provider';
import { ButtonLink } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { fieldsFromSearchData, initialFormValues } from './agent-form';
import { useAgentRepository } from './use-agent-repository';
import { useAgentRoom, type AgentRoom } from '../../data/use-agent-room';
import { usePlanLimits } from '../../data/use-plan-limits';
import { toast } from '../../stores/toast';
import { AgentWizard } from './wizard/AgentWizard';

/** Where the job search leaves its criteria (with a `name`) for this page. */
export const JOB_SEARCH_DATA_KEY = 'jobSearchData';

function readSearchData(): string | null {
  try {
    return sessionStorage.getItem(JOB_SEARCH_DATA_KEY);
  } catch {
    return null;
  }
}

/** The plan has no room for another agent: said before any step is filled, with the ways out. */
function LimitReached({ room }: { room: AgentRoom }) {
  const { t } = useTranslation();
  return (
    <div className="py-2">
      <h2 className="text-xl font-semibold text-slate-900">{t('agents.limit.title')}</h2>
      <p className="mt-2 text-slate-700">{t('agents.limit.text', { limit: room.limit ?? 0, used: room.used })}</p>
      <div className="mt-5 flex flex-wrap gap-2">
        <ButtonLink to="/subscribe">{t('agents.limit.upgrade')}</ButtonLink>
        <ButtonLink to="/dashboard/automations" variant="secondary">
          {t('agents.limit.manage')}
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * `/dashboard/automations/new` (and `/create`): an info alert and the wizard, prefilled from the
 * last search (the search's criteria stay saved while the plan has no room). The agent is saved
 * on this device at once and synced in the background.
 */
export default function AgentCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const repository = useAgentRepository();
  const limits = usePlanLimits();
  const room = useAgentRoom();
  const [search] = useState(() => fieldsFromSearchData(readSearchData()));
  const told = useRef(false);

  useEffect(() => {
    if (search || told.current || room === undefined || room.full) return;
    told.current = true;
    toast({ title: t('agents.toast.noSearchData'), description: t('agents.toast.noSearchDataText') });
  }, [search, t, room]);

  const maxPerDay = limits?.proposalsPerDay ?? null;

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('agents.create.title')}</h1>
      <div role="note" className="mt-4 flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-sky-700" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5M12 8h.01" />
        </svg>
        <div>
          <p className="font-semibold">{t('agents.create.alertTitle')}</p>
          <p className="mt-0.5">{t('agents.create.alertText')}</p>
        </div>
      </div>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {!user || limits === undefined || room === undefined ? (
          <div className="flex justify-center py-10">
            <Spinner label={t('common.loading')} />
          </div>
        ) : room.full ? (
          <LimitReached room={room} />
        ) : (
          <AgentWizard
            mode="create"
            maxPerDay={maxPerDay}
            initial={initialFormValues({
              search,
              platform: user.platformType,
              maxPerDay: maxPerDay ?? undefined,
              skills: user.skills,
              portfolioLinks: user.portfolioLinks,
            })}
            onSubmit={async (fields) => {
              if (!repository) {
                toast({ title: t('agents.toast.mustSignIn'), variant: 'destructive' });
                return;
              }
              try {
                const agent = await repository.createAgent(fields);
                try {
                  sessionStorage.removeItem(JOB_SEARCH_DATA_KEY);
                } catch {
                  // storage unavailable: nothing to clear
                }
                toast({ title: t('agents.toast.created'), variant: 'success' });
                navigate(`/dashboard/automations/${agent.id}`);
              } catch (error) {
                console.error('create failed', error);
                toast({ title: t('agents.toast.createFailed', { message: error instanceof Error ? error.message : String(error) }), variant: 'destructive' });
              }
            }}
          />
        )}
      </div>
    </div>
  );
}
