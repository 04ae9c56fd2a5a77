import { onboardingStorageKey, parseOnboardingProgress, type OnboardingProgress } from './onboarding-steps';

/**
 * The onboarding's progress on this device, per account: local storage, so another tab, a reload
 * and the marketplace's full-page return all find it again.
 */
export function loadProgress(userId: string): OnboardingProgress | null {
  try {
    return parseOnboardingProgress(localStorage.getItem(onboardingStorageKey(userId)));
  } catch {
    return null;
  }
}

export function saveProgress(userId: string, progress: OnboardingProgress): void {
  try {
    localStorage.setItem(onboardingStorageKey(userId), JSON.stringify(progress));
  } catch {
    // No storage: the progress lasts as long as the page.
  }
}

export function clearProgress(userId: string): void {
  try {
    localStorage.removeItem(onboardingStorageKey(userId));
  } catch {
    // nothing to clear
  }
}
