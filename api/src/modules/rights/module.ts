import { CryptoBox } from '../../kernel/crypto-box';
import { RateLimiter } from '../../store/rate-limiter';
import { connectionDetails } from '../marketplaces/connections';
import type { AccountsModule } from '../accounts/module';
import type { BillingModule } from '../billing/module';
import { referralsOf } from '../billing/referrals';
import type { ModuleContext, ModuleParts } from '../context';
import type { MailModule } from '../mail/module';
import { dispatchMail } from '../mail/outbox';
import { AccountDeletions } from './deletion';
import { DataExports } from './export';
import { rightsRoutes } from './routes';

/**
 * The user's rights over their data: "Download my data" (an archive built in the background) and
 * "Delete my account" (frozen at once, erased after the grace period, Paystack told first); their
 * chores carry on what a crash left and drop old archives.
 */
export function rightsModule(
  ctx: ModuleContext,
  { accounts, billing, mail }: { accounts: AccountsModule; billing: BillingModule; mail: MailModule },
) {
  const { config, store, clock, log, t, secrets } = ctx;
  const sendQueued = () => dispatchMail({ store, clock, log, mailer: mail.mailer });
  const exports = new DataExports({
    store,
    clock,
    log,
    t,
    publicUrl: config.publicUrl,
    operator: config.operator,
    referrals: referralsOf,
    sendQueued,
    connectionDetails: (row) => connectionDetails(new CryptoBox(secrets.encryptionKey), row),
  });
  const deletions = new AccountDeletions({
    store,
    clock,
    log,
    t,
    publicUrl: config.publicUrl,
    pepper: secrets.sessionPepper,
    operator: config.operator,
    accounts: accounts.accounts,
    closeAtProvider: (userId) => billing.billing.closeForDeletion(userId),
    mailer: mail.mailer,
    limiter: new RateLimiter(store, clock, 'rights', config.authRateLimit),
    sendQueued,
  });
  return {
    exports,
    deletions,
    routes: [rightsRoutes({ exports, deletions, requireAuth: accounts.auth, cookies: accounts.cookies })],
    chores: [() => exports.resume(), () => deletions.resume()],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type RightsModule = ReturnType<typeof rightsModule>;
