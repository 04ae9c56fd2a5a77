import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8787);
    expect(config.sandbox).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8787');
    expect(config.emailDomains).toHaveLength(12);
  });

  it('refuses sandbox mode behind a public URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://app.bidpilot.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'https://app.bidpilot.example' })).toThrow(/SANDBOX_PUBLIC/);
  });

  it('allows a public URL with real mail, or with SANDBOX_PUBLIC=true', () => {
    const real = {
      PUBLIC_URL: 'https://app.bidpilot.example',
      SMTP_URL: 'smtp://mail.example:587',
      FREELANCER_API_URL: 'https://www.freelancer.com/api',
      FREELANCER_CLIENT_ID: 'id',
      FREELANCER_CLIENT_SECRET: 'secret',
      UPWORK_GRAPHQL_URL: 'https://api.upwork.com/graphql',
      UPWORK_CLIENT_ID: 'id',
      UPWORK_CLIENT_SECRET: 'secret',
      PAYSTACK_SECRET_KEY: 'sk_live_example',
      OPENAI_API_KEY: 'sk-example',
    };
    expect(loadConfig(real).sandbox).toBe(false);
    expect(loadConfig(real).paystack).toEqual({ secretKey: 'sk_live_example', baseUrl: 'https://api.paystack.co' });
    expect(() => loadConfig({ ...real, PAYSTACK_SECRET_KEY: '' })).toThrow(/payments/);
    expect(() => loadConfig({ ...real, UPWORK_CLIENT_SECRET: '' })).toThrow(/upwork/);
    expect(loadConfig({ PUBLIC_URL: 'https://staging.bidpilot.example', SANDBOX_PUBLIC: 'true' }).sandboxPublic).toBe(true);
  });

  it('uses the offline writer until an OpenAI key is set, and takes VAPID settings as a pair', () => {
    const sandboxed = loadConfig({});
    expect(sandboxed.sandboxServices).toContain('ai');
    expect(sandboxed.ai).toEqual({ apiKey: undefined, baseUrl: undefined, model: 'gpt-4o-mini' });
    expect(sandboxed.vapid).toEqual({ publicKey: undefined, privateKey: undefined, subject: 'mailto:no-reply@bidpilot.local' });
    const real = loadConfig({ OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/', OPENAI_MODEL: 'llama3' });
    expect(real.sandboxServices).not.toContain('ai');
    expect(real.ai).toEqual({ apiKey: 'sk-x', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3' });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@bidpilot.example' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ VAPID_SUBJECT: 'https://bidpilot.example' }).vapid.subject).toBe('https://bidpilot.example');
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ENCRYPTION_KEY: 'short' })).toThrow(/ENCRYPTION_KEY must be 64 hex/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY must be the number of proxies/);
  });

  it('runs the API and the runner together unless ROLE names one; refuses any other role', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: 'api' }).role).toBe('api');
    expect(loadConfig({ ROLE: 'runner' }).role).toBe('runner');
    // npm start runs the runner in a child process of its own unless told to keep it in the API's.
    expect(loadConfig({}).runnerProcess).toBe('child');
    expect(loadConfig({ RUNNER_PROCESS: 'same' }).runnerProcess).toBe('same');
    expect(() => loadConfig({ RUNNER_PROCESS: 'thread' })).toThrow(/RUNNER_PROCESS must be child or same/);
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE: ROLE must be all, api or runner/);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '5' }).shutdownGraceMs).toBe(5000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });

  it('reads TRUST_PROXY as the number of proxies in front (true is one)', () => {
    expect(loadConfig({}).proxyCount).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).proxyCount).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).proxyCount).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).proxyCount).toBe(2);
  });

  it('takes a configured provider list and CORS origins', () => {
    const config = loadConfig({ EMAIL_DOMAINS: 'gmail.com, company.io', CORS_ORIGINS: 'https://a.example,https://b.example' });
    expect(config.emailDomains).toEqual(['gmail.com', 'company.io']);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});

describe('Google sign-in and the operator', () => {
  const real = {
    PUBLIC_URL: 'https://app.bidpilot.example',
    SMTP_URL: 'smtp://mail.example:587',
    FREELANCER_API_URL: 'https://www.freelancer.com/api',
    FREELANCER_CLIENT_ID: 'id',
    FREELANCER_CLIENT_SECRET: 'secret',
    UPWORK_GRAPHQL_URL: 'https://api.upwork.com/graphql',
    UPWORK_CLIENT_ID: 'id',
    UPWORK_CLIENT_SECRET: 'secret',
    PAYSTACK_SECRET_KEY: 'sk_live_example',
    OPENAI_API_KEY: 'sk-example',
  };

  it('uses Google with its keys, the sandbox provider where a sandbox may run, and none on a public deployment without keys', () => {
    expect(loadConfig({}).google).toMatchObject({ issuer: undefined, sandbox: true });
    expect(loadConfig(real).google).toBeUndefined();
    expect(loadConfig({ ...real, GOOGLE_CLIENT_ID: 'cid', GOOGLE_CLIENT_SECRET: 'cs' }).google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'cid',
      clientSecret: 'cs',
      sandbox: false,
    });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'cid' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it('names the operator from the settings, the support address standing in for a contact', () => {
    expect(loadConfig({}).operator).toEqual({
      name: undefined,
      email: 'support@bidpilot.local',
      address: undefined,
      jurisdiction: undefined,
      privacyUrl: undefined,
      termsUrl: undefined,
    });
    const set = loadConfig({
      OPERATOR_NAME: 'Acme Freelance Tools Ltd',
      OPERATOR_EMAIL: 'privacy@acme.example',
      OPERATOR_ADDRESS: '1 Quay Street, Lagos',
      OPERATOR_JURISDICTION: 'Nigeria',
      PRIVACY_URL: 'https://acme.example/privacy',
      TERMS_URL: 'https://acme.example/terms',
    }).operator;
    expect(set).toEqual({
      name: 'Acme Freelance Tools Ltd',
      email: 'privacy@acme.example',
      address: '1 Quay Street, Lagos',
      jurisdiction: 'Nigeria',
      privacyUrl: 'https://acme.example/privacy',
      termsUrl: 'https://acme.example/terms',
    });
    expect(() => loadConfig({ PRIVACY_URL: 'javascript:alert(1)' })).toThrow(/PRIVACY_URL/);
  });
});

describe('where the server listens', () => {
  it('on loopback in sandbox mode unless HOST is set; on every interface otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const real = {
      PUBLIC_URL: 'https://app.bidpilot.example',
      SMTP_URL: 'smtp://mail.example:587',
      FREELANCER_API_URL: 'https://www.freelancer.com/api',
      FREELANCER_CLIENT_ID: 'id',
      FREELANCER_CLIENT_SECRET: 'secret',
      UPWORK_GRAPHQL_URL: 'https://api.upwork.com/graphql',
      UPWORK_CLIENT_ID: 'id',
      UPWORK_CLIENT_SECRET: 'secret',
      PAYSTACK_SECRET_KEY: 'sk_live_example',
      OPENAI_API_KEY: 'sk-example',
    };
    expect(loadConfig(real).host).toBe('0.0.0.0');
  });

  it('keeps the data in SQLite unless DATABASE_URL is a postgres:// URL, and says so for anything else', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://bidpilot:pw@db:5432/bidpilot' }).databaseUrl).toBe(
      'postgres://bidpilot:pw@db:5432/bidpilot',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/bidpilot' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
  });

  it('refuses an SMTP or service address that is no URL of its kind, naming the variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'garbage' })).toThrow(/SMTP_URL: SMTP_URL must be smtp:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example:465' }).smtpUrl).toBe('smtps://user:pw@mail.example:465');
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    // `new URL('localhost:1234')` is a URL of the scheme `localhost:`: refused, not taken for a host.
    expect(() => loadConfig({ OPENAI_BASE_URL: 'localhost:1234' })).toThrow(
      /OPENAI_BASE_URL: OPENAI_BASE_URL must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(loadConfig({ OPENAI_BASE_URL: 'http://localhost:1234/v1/' }).ai.baseUrl).toBe('http://localhost:1234/v1');
    for (const name of ['PUBLIC_URL', 'FREELANCER_API_URL', 'UPWORK_TOKEN_URL', 'PAYSTACK_BASE_URL', 'TELEGRAM_API_URL'])
      expect(() => loadConfig({ [name]: 'example.com:443' }), name).toThrow(new RegExp(`${name}: ${name} must be an http`));
  });
});
