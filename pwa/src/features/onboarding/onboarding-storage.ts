import { ONBOARDING_STORAGE_KEY, parseOnboardingProgress, type OnboardingProgress } from './onboarding-steps';

/** The wizard's progress in this tab (it survives the marketplace's full-page return). */
export function loadProgress(): OnboardingProgress | null {
  try {
    return parseOnboardingProgress(sessionStorage.getItem(ONBOARDING_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function saveProgress(progress: OnboardingProgress): void {
  try {
    sessionStorage.setItem(ONBOARDING_STORAGE_KEY, JSON.stringify(progress));
  } catch {
    // No session storage: a return from the marketplace starts at step 2.
  }
}

export function clearProgress(): void {
  try {
    sessionStorage.removeItem(ONBOARDING_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}
