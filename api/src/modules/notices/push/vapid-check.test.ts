import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { newVapidKeys } from '../../../kernel/secrets';
import { checkVapidDetails } from './vapid-check';

describe('checkVapidDetails', () => {
  const pair = webpush.generateVAPIDKeys();
  const other = webpush.generateVAPIDKeys();
  const subject = 'mailto:ops@bidpilot.example';

  it('accepts a pair web-push generated, with a mailto: or https: subject', () => {
    expect(() => checkVapidDetails({ subject, ...pair })).not.toThrow();
    expect(() => checkVapidDetails({ subject: 'https://bidpilot.example', ...pair })).not.toThrow();
    // …and web-push signs with it.
    expect(webpush.getVapidHeaders('https://push.example', subject, pair.publicKey, pair.privateKey, 'aes128gcm').Authorization).toMatch(
      /^vapid t=/,
    );
  });

  it('refuses what web-push would refuse', () => {
    expect(() => checkVapidDetails({ subject: 'ops@bidpilot.example', ...pair })).toThrow(/not a URL/);
    expect(() => checkVapidDetails({ subject: 'http://bidpilot.example', ...pair })).toThrow(/https: URL or a mailto:/);
    expect(() => checkVapidDetails({ subject, publicKey: `${pair.publicKey}=`, privateKey: pair.privateKey })).toThrow(/public key/);
    expect(() => checkVapidDetails({ subject, publicKey: pair.publicKey.slice(4), privateKey: pair.privateKey })).toThrow(/public key/);
    expect(() => checkVapidDetails({ subject, publicKey: pair.publicKey, privateKey: pair.privateKey.slice(2) })).toThrow(/private key/);
  });

  it('refuses a public key that is not the private key’s', () => {
    expect(() => checkVapidDetails({ subject, publicKey: other.publicKey, privateKey: pair.privateKey })).toThrow(/not the private key/);
  });

  it('accepts the pair the server makes on its first start (without web-push), and web-push signs with it', () => {
    for (let i = 0; i < 20; i++) {
      const made = newVapidKeys();
      expect(() => checkVapidDetails({ subject, ...made })).not.toThrow();
      expect(webpush.getVapidHeaders('https://push.example', subject, made.publicKey, made.privateKey, 'aes128gcm').Authorization).toMatch(
        /^vapid t=/,
      );
    }
  });
});
