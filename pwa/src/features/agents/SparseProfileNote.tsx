import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Agent } from '@shared/schemas/agent';
import type { User } from '@shared/schemas/user';
import { profileGaps } from '@shared/letters/profile-gaps';
import { placeholderValues } from '@shared/prompt-values';
import { useAuth } from '../../session/session-provider';
import { useSyncedProfile } from '../../data/use-plan-limits';

/**
 * What this agent's letters have to stand on, as the writer will have it (the agent's own fields,
 * else the profile): too little (no skills, or two of overview, work history and portfolio
 * missing) and every letter is thin, whatever the model. Said before any is drafted, with what to
 * add and where.
 */
export function sparseProfileFacts(agent: Agent, profile: User | null | undefined) {
  const values = placeholderValues({ agent, profile: profile ?? {}, job: { platform: agent.platform, title: '', description: '' } });
  return profileGaps(values);
}

export function SparseProfileNote({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const { user: sessionUser } = useAuth();
  const synced = useSyncedProfile();
  const profile = synced && synced.id === sessionUser?.id ? synced : sessionUser;
  const gaps = sparseProfileFacts(agent, profile);
  if (!gaps.sparse) return null;
  const missing = gaps.missing.map((fact) => t(`agents.sparseProfile.facts.${fact}`)).join(', ');
  return (
    <div role="note" className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-sparse-profile>
      <p className="font-semibold">{t('agents.sparseProfile.title')}</p>
      <p className="mt-1">{t('agents.sparseProfile.body', { missing })}</p>
      <Link to="/settings" className="mt-2 inline-block font-medium text-indigo-700 underline underline-offset-2">
        {t('agents.sparseProfile.action')}
      </Link>
    </div>
  );
}
