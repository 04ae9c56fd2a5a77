import { describe, expect, it } from 'vitest';
import { accountEmailSchema, codeSchema, DEFAULT_EMAIL_DOMAINS, passwordSchema, validationKey, validationMessages } from './validation';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('account email', () => {
  const schema = accountEmailSchema();
  it.each(DEFAULT_EMAIL_DOMAINS.map((domain) => [domain]))('accepts an address at %s', (domain) => {
    expect(schema.parse(` Ada.Lovelace@${domain.toUpperCase()} `)).toBe(`ada.lovelace@${domain}`);
  });

  it.each([
    ['', validationMessages.emailRequired],
    ['ada@example.com', validationMessages.emailProvider],
    ['ada@gmail', validationMessages.emailProvider],
    ['ada gmail.com', validationMessages.emailProvider],
    ['ada@mail.gmail.com', validationMessages.emailProvider],
    ['<img/src=x/onerror=alert(1)>@gmail.com', validationMessages.emailCharacters],
    [`${'a'.repeat(65)}@gmail.com`, validationMessages.emailLocalTooLong],
    ['ada..b@gmail.com', validationMessages.emailInvalid],
  ])('refuses %j with "%s"', (email, message) => {
    expect(firstMessage(schema.safeParse(email))).toBe(message);
  });

  it('takes a configured list', () => {
    expect(accountEmailSchema(['company.io']).safeParse('ada@company.io').success).toBe(true);
    expect(accountEmailSchema(['company.io']).safeParse('ada@gmail.com').success).toBe(false);
  });
});

describe('password rule (8+, upper, lower, digit)', () => {
  it.each([
    ['Sturdy-Pass1', true],
    ['Abcdefg1', true],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Abc1', false],
    ['', false],
    [`A1${'a'.repeat(127)}`, false],
  ])('%j → %s', (password, ok) => {
    expect(passwordSchema.safeParse(password).success).toBe(ok);
  });

  it('says which rule', () => {
    expect(firstMessage(passwordSchema.safeParse(''))).toBe(validationMessages.passwordRequired);
    expect(firstMessage(passwordSchema.safeParse('short'))).toBe(validationMessages.passwordRule);
  });
});

describe('six-digit code', () => {
  it.each([
    ['123456', true],
    [' 123456 ', true],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
  ])('%j → %s', (code, ok) => {
    expect(codeSchema.safeParse(code).success).toBe(ok);
  });
});

it('maps every message back to its i18n key', () => {
  for (const [key, text] of Object.entries(validationMessages)) expect(validationKey(text)).toBe(key);
});

describe('stored links', () => {
  it('are http or https web addresses only: javascript:, data: and other schemes are refused', async () => {
    const { updateUserBodySchema } = await import('./schemas/user');
    const { createAgentBodySchema } = await import('./schemas/agent');
    const { resumeDetailsSchema } = await import('./schemas/resume');
    const hostile = [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/x',
    ];
    for (const link of hostile) {
      expect(updateUserBodySchema.safeParse({ portfolioLinks: [link] }).success, link).toBe(false);
      expect(createAgentBodySchema.safeParse({ title: 'Dev', platform: 'upwork', portfolioLinks: [link] }).success, link).toBe(false);
      expect(createAgentBodySchema.safeParse({ title: 'Dev', platform: 'upwork', upworkProfileUrl: link }).success, link).toBe(false);
      const details = resumeDetailsSchema.safeParse({
        summary: '',
        workHistory: '',
        skills: [],
        education: '',
        certifications: '',
        languages: '',
        links: [link],
      });
      expect(details.success, link).toBe(false);
    }
    expect(updateUserBodySchema.parse({ portfolioLinks: ['https://ada.dev', 'http://example.com/work'] }).portfolioLinks).toHaveLength(2);
    const refused = updateUserBodySchema.safeParse({ portfolioLinks: ['javascript:alert(1)'] });
    expect(refused.error?.issues[0]?.message).toBe('Please enter a valid link');
  });
});
