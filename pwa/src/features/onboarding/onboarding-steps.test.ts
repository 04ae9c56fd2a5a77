import { describe, expect, it } from 'vitest';
import {
  afterSearch,
  onboardingAgentId,
  onboardingButtons,
  onboardingStorageKey,
  onboardingProgress,
  parseOnboardingProgress,
  parseSearchForm,
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
      search: null,
      criteria: null,
      agentDraft: null,
      agentStep: 0,
      automationId: null,
      connected: false,
    });
  });

  it('keeps the typed search and the agent wizard as they were, whatever is half typed, and nothing of the wrong shape', () => {
    const saved = parseOnboardingProgress(
      JSON.stringify({
        step: 1,
        search: { title: 'React dashb', platform: 'upwork', upworkHourly: [30, 1000], upworkFixed: [null, 5000], pageLimit: 'two' },
        agentDraft: { title: 'R', emailsPerDay: 3, skills: ['React', 7], platform: 'linkedin', upworkWorkHistory: 'Eight years' },
        agentStep: 9,
      }),
    );
    expect(saved?.search).toMatchObject({
      title: 'React dashb',
      platform: 'upwork',
      upworkHourly: [30, 1000],
      upworkFixed: [0, 5000],
      pageLimit: 1,
    });
    expect(saved?.agentDraft).toEqual({ title: 'R', emailsPerDay: 3, upworkWorkHistory: 'Eight years' });
    expect(saved?.agentStep).toBe(3);
    expect(parseSearchForm({ platform: 'linkedin' })?.platform).toBe('');
    expect(onboardingStorageKey('u1')).not.toBe(onboardingStorageKey('u2'));
  });

  it('names the agent it makes the same for an account every time, a UUID the server takes', async () => {
    const a = await onboardingAgentId('user-1');
    expect(a).toBe(await onboardingAgentId('user-1'));
    expect(a).not.toBe(await onboardingAgentId('user-2'));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
