import { describe, expect, it } from 'vitest';
import {
  afterSearch,
  onboardingButtons,
  onboardingProgress,
  parseOnboardingProgress,
  previousStep,
  readOAuthReturn,
  stepAfterOAuthSuccess,
} from './onboarding-steps';

describe('onboarding steps', () => {
  it('shows (index + 1) over 4 on the progress bar', () => {
    expect([0, 1, 2, 3].map(onboardingProgress)).toEqual([25, 50, 75, 100]);
    expect(onboardingProgress(9)).toBe(100);
    expect(onboardingProgress(Number.NaN)).toBe(25);
  });

  it('hides Next on steps 3 and 4 and lets Back do nothing on step 1', () => {
    expect(onboardingButtons(0)).toEqual({ backEnabled: false, showNext: true });
    expect(onboardingButtons(1)).toEqual({ backEnabled: true, showNext: true });
    expect(onboardingButtons(2)).toEqual({ backEnabled: true, showNext: false });
    expect(onboardingButtons(3)).toEqual({ backEnabled: true, showNext: false });
    expect(previousStep(0)).toBe(0);
    expect(previousStep(3)).toBe(2);
  });

  it('advances after a search only when it found something', () => {
    expect(afterSearch(0)).toBe('noResults');
    expect(afterSearch(3)).toBe('advance');
  });

  it('reads the marketplace return', () => {
    expect(readOAuthReturn('')).toEqual({ kind: 'none' });
    expect(readOAuthReturn('?oauth_status=success')).toEqual({ kind: 'success' });
    expect(readOAuthReturn('?oauth_status=error&error_message=Denied')).toEqual({ kind: 'error', message: 'Denied' });
    expect(readOAuthReturn('?oauth_status=error&error_message=')).toEqual({ kind: 'error', message: null });
    expect(readOAuthReturn('?oauth_status=maybe')).toEqual({ kind: 'none' });
  });

  it('continues at the saved step after a successful return, else moves from step 1 to step 2', () => {
    expect(stepAfterOAuthSuccess(3)).toBe(3);
    expect(stepAfterOAuthSuccess(0)).toBe(1);
    expect(stepAfterOAuthSuccess(null)).toBe(1);
  });

  it('reads saved progress defensively', () => {
    expect(parseOnboardingProgress(null)).toBeNull();
    expect(parseOnboardingProgress('{oops')).toBeNull();
    expect(parseOnboardingProgress('[]')).toBeNull();
    const saved = parseOnboardingProgress(
      JSON.stringify({
        step: 7,
        email: 'a@gmail.com',
        platform: 'freelancer',
        criteria: { title: 'dev', platform: 'freelancer', pageLimit: 1 },
        automationId: 'abc',
        connected: true,
      }),
    );
    expect(saved).toMatchObject({ step: 3, email: 'a@gmail.com', platform: 'freelancer', automationId: 'abc', connected: true });
    expect(saved?.criteria).toMatchObject({ title: 'dev', platform: 'freelancer' });
    expect(parseOnboardingProgress(JSON.stringify({ step: 'x', email: 'nope', platform: 'other', criteria: { title: '' } }))).toEqual({
      step: 0,
      email: null,
      platform: 'upwork',
      criteria: null,
      automationId: null,
      connected: false,
    });
  });
});
