import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../lib/api';

const ApiContext = createContext<ApiClient | null>(null);

export const USE_API_OUTSIDE_PROVIDER = 'useApi must be used within an ApiProvider';

/** Gives the page's one API client to the screens (the app shell mounts it). */
export function ApiProvider({ children, client }: { children: ReactNode; client: ApiClient }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The page's API client (JSON, the session cookie, a 401 ends the session). */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error(USE_API_OUTSIDE_PROVIDER);
  return client;
}
