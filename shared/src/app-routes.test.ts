import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, PROPOSAL_PARAM, proposalPath, routeTitle } from './app-routes';

const routesFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../pwa/src/app/routes.tsx');

describe('the app routes', () => {
  it('lists exactly the paths the PWA router has (so the server 404s nothing the app shows)', () => {
    const routerPaths = [...fs.readFileSync(routesFile, 'utf8').matchAll(/<Route\s+path="([^"]+)"/g)]
      .map((m) => m[1])
      .filter((p) => p !== '*');
    expect(new Set(APP_ROUTES.map((r) => r.path))).toEqual(new Set(routerPaths));
  });

  it('knows each screen by its path, with or without a trailing slash, and nothing else', () => {
    expect(routeTitle('/')).toBe('home');
    expect(routeTitle('/pricing/')).toBe('pricing');
    expect(routeTitle('/dashboard/automations/new')).toBe('newAgent');
    expect(routeTitle('/dashboard/automations/1f2e3d')).toBe('agent');
    expect(routeTitle('/dashboard/automations/1f2e3d/extra')).toBeNull();
    expect(routeTitle('/no-such-page')).toBeNull();
    expect(routeTitle('/dashboardx')).toBeNull();
  });

  it('links a notice to its proposal on a page the app has, or to the agent list when the agent is gone', () => {
    const link = new URL(proposalPath('agent 1/x', 'item?1'), 'https://bidpilot.example');
    expect(routeTitle(link.pathname)).toBe('agent');
    expect(decodeURIComponent(link.pathname.split('/').pop()!)).toBe('agent 1/x');
    expect(link.searchParams.get(PROPOSAL_PARAM)).toBe('item?1');
    expect(proposalPath('a1', 'j1')).toBe('/dashboard/automations/a1?item=j1');
    expect(routeTitle(proposalPath(null, 'j1'))).toBe('agents');
  });
});
