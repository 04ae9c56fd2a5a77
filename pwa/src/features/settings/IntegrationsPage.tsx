import { IntegrationsPanel } from './IntegrationsPanel';

/** `/dashboard/email`: the platform integrations on their own page, on the Email tab. */
export default function IntegrationsPage() {
  return <IntegrationsPanel initialTab="email" asPage />;
}
