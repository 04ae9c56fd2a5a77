import { describe, expect, it } from 'vitest';
import {
  checkResumeFile,
  checkUpworkSetup,
  EMPTY_UPWORK_SETUP,
  formatFileSize,
  isBotUsername,
  isWebLink,
  profileChanges,
  profileValues,
  telegramCardView,
  upworkProblemMessage,
} from './settings-forms';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('the Upwork setup form', () => {
  const full = {
    freelancerName: 'Ada',
    username: 'ada',
    password: 'pw',
    securityAnswer: 'cat',
    profileUrl: 'https://www.upwork.com/freelancers/~01abc',
  };

  it('checks the profile URL first, then every other field, with the specification’s words', () => {
    expect(upworkProblemMessage(checkUpworkSetup(EMPTY_UPWORK_SETUP)!)).toBe('You must add a profile url');
    expect(upworkProblemMessage(checkUpworkSetup({ ...full, profileUrl: 'https://example.com/~1' })!)).toBe(
      'You must add a valid upwork url',
    );
    expect(checkUpworkSetup({ ...full, securityAnswer: '  ' })).toEqual({ key: 'allFieldsRequired', field: 'securityAnswer' });
    expect(upworkProblemMessage(checkUpworkSetup({ ...full, username: '' })!)).toBe('All fields are required');
    expect(checkUpworkSetup(full)).toBeNull();
    expect(checkUpworkSetup({ ...full, profileUrl: 'https://upwork.com/fl/~abc/' })).toBeNull();
  });
});

describe('the résumé file check', () => {
  it('takes PDF and DOCX up to 5 MB', () => {
    expect(checkResumeFile({ name: 'cv.pdf', type: PDF, size: 1000 })).toBeNull();
    expect(checkResumeFile({ name: 'cv.docx', type: DOCX, size: 1000 })).toBeNull();
    expect(checkResumeFile({ name: 'cv.docx', type: '', size: 1000 })).toBeNull();
    expect(checkResumeFile({ name: 'cv.pdf', type: PDF, size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types, a mismatched extension, empty and too large files', () => {
    expect(checkResumeFile({ name: 'cv.doc', type: 'application/msword', size: 10 })).toBe('type');
    expect(checkResumeFile({ name: 'cv.png', type: 'image/png', size: 10 })).toBe('type');
    expect(checkResumeFile({ name: 'cv.txt', type: '', size: 10 })).toBe('type');
    expect(checkResumeFile({ name: 'cv.docx', type: PDF, size: 10 })).toBe('type');
    expect(checkResumeFile({ name: 'cv.pdf', type: PDF, size: 0 })).toBe('empty');
    expect(checkResumeFile({ name: 'cv.pdf', type: PDF, size: 20 * 1024 * 1024 })).toBe('size');
  });

  it('formats sizes', () => {
    expect(formatFileSize(500, 'en')).toBe('1 KB');
    expect(formatFileSize(200 * 1024, 'en')).toBe('200 KB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
  });
});

describe('the profile fields', () => {
  const user = {
    firstName: 'Ada',
    lastName: null,
    skills: ['React'],
    portfolioLinks: [],
    profileTitle: null,
    profileOverview: 'I build dashboards.',
    workHistory: null,
    portfolio: null,
    upworkProfileUrl: 'https://www.upwork.com/freelancers/~01',
    freelancerProfileUrl: null,
    upworkProfileComplete: false,
    freelancerProfileComplete: true,
  };

  it('sends only what changed, blank names as null', () => {
    const values = profileValues(user);
    expect(profileChanges(user, values)).toEqual({});
    expect(
      profileChanges(user, { ...values, firstName: '  ', lastName: 'Lovelace', skills: ['React', 'Node'], upworkProfileComplete: true }),
    ).toEqual({
      firstName: null,
      lastName: 'Lovelace',
      skills: ['React', 'Node'],
      upworkProfileComplete: true,
    });
  });

  it('sends the profile title and overview when changed, blank as null', () => {
    const values = profileValues(user);
    expect(values).toMatchObject({ profileTitle: '', profileOverview: 'I build dashboards.' });
    expect(profileChanges(user, { ...values, profileTitle: ' React engineer ', profileOverview: '  ' })).toEqual({
      profileTitle: 'React engineer',
      profileOverview: null,
    });
  });

  it('sends the work history, portfolio and profile addresses when changed, blank as null', () => {
    const values = profileValues(user);
    expect(values).toMatchObject({ workHistory: '', upworkProfileUrl: 'https://www.upwork.com/freelancers/~01' });
    expect(
      profileChanges(user, {
        ...values,
        workHistory: ' Eight years of React ',
        portfolio: 'Shop rebuild',
        upworkProfileUrl: '',
        freelancerProfileUrl: 'https://www.freelancer.com/u/ada',
      }),
    ).toEqual({
      workHistory: 'Eight years of React',
      portfolio: 'Shop rebuild',
      upworkProfileUrl: null,
      freelancerProfileUrl: 'https://www.freelancer.com/u/ada',
    });
  });

  it('accepts only web links', () => {
    expect(isWebLink('https://ada.dev')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('ada.dev')).toBe(false);
  });
});

describe('Telegram', () => {
  it('chooses the card’s view', () => {
    expect(telegramCardView(undefined, undefined)).toBe('loading');
    expect(telegramCardView('error', undefined)).toBe('unavailable');
    // No bot on this server; the sandbox's bot, linked through the sandbox's own login.
    expect(telegramCardView({ botUsername: null, sandbox: false }, false)).toBe('notOnServer');
    expect(telegramCardView({ botUsername: 'bidpilot_bot', sandbox: true }, false)).toBe('sandbox');
    expect(telegramCardView({ botUsername: 'bidpilot_bot', sandbox: false }, false)).toBe('connect');
    expect(telegramCardView({ botUsername: 'bidpilot_bot', sandbox: false }, true)).toBe('linked');
  });

  it('checks bot usernames', () => {
    expect(isBotUsername('bidpilot_bot')).toBe(true);
    expect(isBotUsername('x"><script')).toBe(false);
  });
});
