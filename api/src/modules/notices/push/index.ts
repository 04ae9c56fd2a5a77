import type { Config } from '../../../kernel/config';
import type { Secrets } from '../../../kernel/secrets';
import { createWebPushSender, type PushSender } from './web-push-sender';

export {
  createWebPushSender,
  type PushMessage,
  type PushSender,
  type PushSendResult,
  type PushTarget,
  type PushUrgency,
  type ResolveHost,
  type VapidDetails,
} from './web-push-sender';

/**
 * The configured sender: the VAPID keys from configuration or DATA_DIR/secrets.json, and the subject;
 * `allowLocalAddresses` under the rule registration follows (the sandbox serving this machine alone).
 */
export function createPushSender(
  vapid: Config['vapid'],
  secrets: Pick<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'>,
  options: { allowLocalAddresses: boolean },
): PushSender {
  return createWebPushSender({
    vapid: { subject: vapid.subject, publicKey: secrets.vapidPublicKey, privateKey: secrets.vapidPrivateKey },
    allowLocalAddresses: options.allowLocalAddresses,
  });
}
