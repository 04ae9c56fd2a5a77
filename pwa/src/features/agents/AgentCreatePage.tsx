import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../session/session-provider';
import { AgentsMessage } from './AgentsMessage';
import { Spinner } from '../../ui/Spinner';
import { fieldsFromSearchData, initialFormValues } from './agent-form';
import { useCreateAgent } from './use-agent-repository';
import { useAgentRoom } from '../../data/use-agent-room';
import { usePlanLimits, useSyncedProfile } from '../../data/use-plan-limits';
import { toast } from '../../stores/toast';
import { AgentWizard } from './wizard/AgentWizard';
import { StrokeIcon } from '../../ui/StrokeIcon';

/** Where the job search leaves its criteria (with a `name`) for this page. */
export const JOB_SEARCH_DATA_KEY = 'jobSearchData';

function readSearchData(): string | null {
  try {
    return sessionStorage.getItem(JOB_SEARCH_DATA_KEY);
  } catch {
    return null;
  }
}

/**
 * `/dashboard/automations/new` (and `/create`): an info alert and the wizard, prefilled from the
 * last search (the search's criteria stay saved while the plan has no room). The agent is saved
 * on this device at once and synced in the background.
 */
export default function AgentCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: sessionUser } = useAuth();
  // The profile as synced (with edits made on this device), else the session's: every new agent starts from it.
  const synced = useSyncedProfile();
  const user = synced && synced.id === sessionUser?.id ? synced : sessionUser;
  const limits = usePlanLimits();
  const room = useAgentRoom();
  const [search] = useState(() => fieldsFromSearchData(readSearchData()));
  const told = useRef(false);

  useEffect(() => {
    if (search || told.current || room === undefined || room.full) return;
    told.current = true;
    toast({ title: t('agents.toast.noSearchData'), description: t('agents.toast.noSearchDataText') });
  }, [search, t, room]);

  const createAgent = useCreateAgent(
    (agent) => {
      try {
        sessionStorage.removeItem(JOB_SEARCH_DATA_KEY);
      } catch {
        // storage unavailable: nothing to clear
      }
      navigate(`/dashboard/automations/${agent.id}`);
    },
    (error) => console.error('create failed', error),
  );

  const maxPerDay = limits?.proposalsPerDay ?? null;

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('agents.create.title')}</h1>
      <div role="note" className="mt-4 flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
        <StrokeIcon className="mt-0.5 size-5 shrink-0 text-sky-700">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5M12 8h.01" />
        </StrokeIcon>
        <div>
          <p className="font-semibold">{t('agents.create.alertTitle')}</p>
          <p className="mt-0.5">{t('agents.create.alertText')}</p>
        </div>
      </div>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {!user || synced === undefined || limits === undefined || room === undefined ? (
          <div className="flex justify-center py-10">
            <Spinner label={t('common.loading')} />
          </div>
        ) : room.full ? (
          <AgentsMessage kind="limit" limit={room.limit ?? 0} used={room.used} />
        ) : (
          <AgentWizard
            mode="create"
            maxPerDay={maxPerDay}
            initial={initialFormValues({
              search,
              platform: user.platformType,
              maxPerDay: maxPerDay ?? undefined,
              profile: user,
            })}
            profile={user}
            onSubmit={createAgent}
          />
        )}
      </div>
    </div>
  );
}
