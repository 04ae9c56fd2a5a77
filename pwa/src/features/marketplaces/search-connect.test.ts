import { describe, expect, it } from 'vitest';
import {
  connectionStatusPath,
  isNavigableUrl,
  oauthAutomationKey,
  oauthRedirectKey,
  oauthStartPath,
  safeReturnPath,
} from './search-connect';

describe('the OAuth round trip keys', () => {
  it('agree between the page that starts it and /login, whatever the provider casing', () => {
    expect(oauthRedirectKey('Freelancer')).toBe('freelancer_redirect_url');
    expect(oauthRedirectKey('freelancer')).toBe('freelancer_redirect_url');
    expect(oauthRedirectKey('Upwork')).toBe('upwork_redirect_url');
    expect(oauthAutomationKey('Freelancer')).toBe('freelancer_automation_id');
  });
  it('names the endpoints', () => {
    expect(oauthStartPath('upwork')).toBe('/jobs/upwork-oauth');
    expect(oauthStartPath('freelancer')).toBe('/jobs/freelancer-oauth');
    expect(connectionStatusPath('upwork', 'u 1')).toBe('/jobs/upwork-status/u%201');
  });
  it('only returns to same-site paths', () => {
    expect(safeReturnPath('/dashboard/search')).toBe('/dashboard/search');
    expect(safeReturnPath('//evil.example/x')).toBeUndefined();
    expect(safeReturnPath('/\\evil.example')).toBeUndefined();
    expect(safeReturnPath('https://evil.example')).toBeUndefined();
    expect(safeReturnPath(null)).toBeUndefined();
  });
  it('only follows http(s) addresses', () => {
    expect(isNavigableUrl('/sandbox/upwork/authorize?x=1', 'http://localhost:3000/')).toBe(true);
    expect(isNavigableUrl('https://www.upwork.com/ab/account-security/oauth2/authorize', 'http://localhost/')).toBe(true);
    expect(isNavigableUrl('javascript:alert(1)', 'http://localhost/')).toBe(false);
    expect(isNavigableUrl(undefined, 'http://localhost/')).toBe(false);
  });
});
