/**
 * The embedded sandbox marketplaces' one OAuth client: the product itself. The registry connects
 * with it when a marketplace has no real credentials, and the sandbox twins accept it; neither
 * imports the other for it.
 */
export const SANDBOX_CLIENT_ID = 'bidpilot-sandbox';
export const SANDBOX_CLIENT_SECRET = 'bidpilot-sandbox-secret';
