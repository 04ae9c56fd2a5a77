import { useEffect, useMemo, useState } from 'react';
import type { JobItem } from '@shared/schemas/job-item';
import { appDb } from '../../data/app-db';
import { useAgent } from '../../data/use-agents';
import { useSyncedProfile } from '../../data/use-plan-limits';
import { useThrottledLiveQuery } from '../../data/use-throttled-live-query';
import type { LiveCheck, LiveCheckInput, liveCheck } from './letter-check-live';

/** The user's letters compared for near-copies: their latest ones (as the server compares). */
const RECENT_LETTERS = 10;
/** The check waits for a pause in the typing. */
const SETTLE_MS = 250;

type CheckModule = { liveCheck: typeof liveCheck };
let loading: Promise<CheckModule> | null = null;
/** The check's chunk, fetched once, when the first review opens (fetched again after a failure: offline before it was cached). */
const loadCheck = () =>
  (loading ??= import('./letter-check-live').catch((error: unknown) => {
    loading = null;
    throw error;
  }));

/**
 * The letter check run live on the letter being edited (null until its chunk has loaded): the same
 * rules the server checked the letter with when it was written, against the post, the user's skills
 * and links (the profile and the agent) and their other latest letters on this device.
 */
export function useLetterCheck(
  item: Pick<JobItem, 'id' | 'agentId' | 'platform' | 'title' | 'description' | 'letterReview' | 'screeningAnswers'>,
  letter: string,
): LiveCheck | null {
  const [module, setModule] = useState<CheckModule | null>(null);
  const [settled, setSettled] = useState(letter);
  const profile = useSyncedProfile();
  const agent = useAgent(item.agentId ?? undefined);
  const db = appDb();
  const recent = useThrottledLiveQuery(
    async () => {
      const letters = await db.jobItems.filter((other) => other.id !== item.id && other.proposalRequirements !== null).toArray();
      return letters
        .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1))
        .slice(0, RECENT_LETTERS)
        .map((other) => other.proposalRequirements ?? '');
    },
    [item.id],
    { db, tables: ['jobItems'], intervalMs: 5000 },
  );

  useEffect(() => {
    let live = true;
    // Unavailable (offline before it was cached): the review works without the live check.
    loadCheck().then(
      (loaded) => live && setModule(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(letter), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [letter]);

  const skills = useMemo(() => [...(profile?.skills ?? []), ...(agent?.skills ?? [])], [profile, agent]);
  return useMemo(() => {
    if (!module || recent === undefined) return null;
    const input: LiveCheckInput = {
      letter: settled,
      item,
      profileSkills: skills,
      allowedLinks: profile?.portfolioLinks ?? [],
      recentLetters: recent,
    };
    return module.liveCheck(input);
  }, [module, recent, settled, item, skills, profile]);
}
