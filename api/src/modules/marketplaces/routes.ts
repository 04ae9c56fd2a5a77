import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  credentialsStatusSchema,
  integrationMessages,
  integrationPlatformParamSchema,
  marketplaceCallsSchema,
  type MarketplaceCalls,
  oauthStartBodySchema,
  oauthStartResponseSchema,
  upworkCredentialsBodySchema,
  upworkCredentialsForAgentBodySchema,
} from '@shared/schemas/integrations';
import { searchCriteriaSchema, searchResponseSchema } from '@shared/schemas/job';
import { successResponseSchema } from '@shared/schemas/agent';
import type { BrowserBinding } from '../../kernel/http/browser-binding';
import { type AppContext, type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../kernel/http/router';
import { requireOwnUser, type IntegrationService } from './connections';
import type { SearchService } from './search';
import type { Platform } from '@shared/marketplaces';

const userIdParam = z.object({ userId: z.string().min(1).max(64) });
const savedSchema = z.object({ success: z.literal(true), message: z.string() });
const profileUrlSchema = z.object({ profileUrl: z.string().nullable() });
const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
});

/** Marketplace connections and job search (specification part 1 and 2, "the calls it makes"). */
export function integrationRoutes(deps: {
  integrations: IntegrationService;
  search: SearchService;
  requireAuth: MiddlewareHandler<AppEnv>;
  /** Reads the session of the browser coming back from the marketplace, when it has one. */
  optionalAuth: MiddlewareHandler<AppEnv>;
  /** The nonce cookie that binds a started connection to this browser (sent only to the callbacks). */
  binding: BrowserBinding;
  /** The user's calls to a marketplace this hour and their ceiling (call-budget.ts). */
  calls: (userId: string, platform: Platform) => Promise<MarketplaceCalls>;
}) {
  const { integrations, search, binding } = deps;
  /** Who starts a connection: the session and the browser the request came from. */
  const starter = (c: AppContext) => ({ userId: signedIn(c).id, sessionId: c.get('sessionId')!, browserHash: binding.bind(c) });
  const common = { tags: ['integrations'], security: bearerSecurity, middleware: deps.requireAuth };
  const status = (platform: Platform, path: string) =>
    createRoute({
      ...common,
      method: 'get',
      path,
      summary: `Whether a ${platform === 'upwork' ? 'Upwork' : 'Freelancer.com'} account is connected`,
      request: { params: userIdParam },
      responses: { 200: jsonResponse(credentialsStatusSchema, 'Connection status'), ...errorResponses(401, 404) },
    });
  const oauthStart = (platform: Platform, path: string) =>
    createRoute({
      ...common,
      method: 'post',
      path,
      summary: 'Start the OAuth connection; send the browser to `url`',
      request: { body: jsonBody(oauthStartBodySchema) },
      responses: { 200: jsonResponse(oauthStartResponseSchema, 'Where to send the browser'), ...errorResponses(400, 401, 404) },
    });
  const saveCredentials = (forAgent: boolean) =>
    createRoute({
      ...common,
      method: 'post',
      path: forAgent ? '/jobs/upwork-credentials-for-automation' : '/jobs/upwork-credentials',
      summary: 'Save the Upwork setup form (sealed at rest, never returned)',
      request: { body: jsonBody(forAgent ? upworkCredentialsForAgentBodySchema : upworkCredentialsBodySchema) },
      responses: { 200: jsonResponse(savedSchema, 'Saved'), ...errorResponses(400, 401, 404) },
    });

  return createRouter()
    .openapi(status('upwork', '/jobs/upwork-status/{userId}'), async (c) => {
      const user = signedIn(c);
      requireOwnUser(user.id, c.req.valid('param').userId);
      return c.json(await integrations.status(user.id, 'upwork'), 200);
    })
    .openapi(status('freelancer', '/jobs/freelancer-status/{userId}'), async (c) => {
      const user = signedIn(c);
      requireOwnUser(user.id, c.req.valid('param').userId);
      return c.json(await integrations.status(user.id, 'freelancer'), 200);
    })
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/jobs/upwork-profile/{userId}',
        request: { params: userIdParam },
        responses: { 200: jsonResponse(profileUrlSchema, 'The Upwork profile address'), ...errorResponses(401, 404) },
      }),
      async (c) => {
        const user = signedIn(c);
        requireOwnUser(user.id, c.req.valid('param').userId);
        return c.json({ profileUrl: await integrations.profileUrl(user.id) }, 200);
      },
    )
    .openapi(saveCredentials(false), async (c) => {
      const { userId, ...body } = c.req.valid('json');
      const user = signedIn(c);
      requireOwnUser(user.id, userId);
      await integrations.saveUpworkCredentials(user.id, body);
      return c.json({ success: true as const, message: integrationMessages.saved }, 200);
    })
    .openapi(saveCredentials(true), async (c) => {
      const { userId, ...body } = c.req.valid('json');
      const user = signedIn(c);
      requireOwnUser(user.id, userId);
      await integrations.saveUpworkCredentials(user.id, body);
      return c.json({ success: true as const, message: integrationMessages.saved }, 200);
    })
    .openapi(oauthStart('freelancer', '/jobs/freelancer-oauth'), async (c) => {
      const { userId, automationId, returnTo } = c.req.valid('json');
      const user = signedIn(c);
      requireOwnUser(user.id, userId);
      return c.json({ success: true as const, url: await integrations.startOAuth(starter(c), 'freelancer', automationId, returnTo) }, 200);
    })
    .openapi(oauthStart('upwork', '/jobs/upwork-oauth'), async (c) => {
      const { userId, automationId, returnTo } = c.req.valid('json');
      const user = signedIn(c);
      requireOwnUser(user.id, userId);
      return c.json({ success: true as const, url: await integrations.startOAuth(starter(c), 'upwork', automationId, returnTo) }, 200);
    })
    .openapi(
      createRoute({
        method: 'get',
        path: '/oauth/{platform}/callback',
        tags: ['integrations'],
        summary: 'Where the marketplace sends the browser back; redirects into the app',
        description:
          'Connects only for the browser and the session that started the connection: the nonce cookie set by the ' +
          'start (HttpOnly, SameSite=Lax, sent only here) and the session cookie must both be those of the start.',
        middleware: deps.optionalAuth,
        request: { params: integrationPlatformParamSchema, query: callbackQuery },
        responses: { 302: { description: 'To /login or /onboarding with the outcome in the query' }, ...errorResponses(400) },
      }),
      async (c) => {
        const user = c.get('user') as { id?: string } | undefined;
        const sessionId = c.get('sessionId');
        const to = await integrations.finishOAuth(c.req.valid('param').platform, c.req.valid('query'), {
          sameBrowser: (hash) => binding.matches(c, hash),
          session: user?.id && sessionId ? { userId: user.id, sessionId } : undefined,
        });
        binding.clear(c);
        return c.redirect(to, 302);
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'delete',
        path: '/integrations/{platform}',
        summary: 'Disconnect a marketplace and delete its stored secrets',
        request: { params: integrationPlatformParamSchema },
        responses: { 200: jsonResponse(successResponseSchema, 'Deleted'), ...errorResponses(401) },
      }),
      async (c) => {
        await integrations.disconnect(signedIn(c).id, c.req.valid('param').platform);
        return c.json({ success: true as const }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/integrations/{platform}/calls',
        summary: "This hour's calls to the marketplace under your account, and their hourly ceiling",
        request: { params: integrationPlatformParamSchema },
        responses: { 200: jsonResponse(marketplaceCallsSchema, 'Calls this hour'), ...errorResponses(400, 401) },
      }),
      async (c) => c.json(await deps.calls(signedIn(c).id, c.req.valid('param').platform), 200),
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['search'],
        method: 'post',
        path: '/jobs/search-with-form',
        summary: 'Search a marketplace; jobs come scored against your profile, best first',
        request: { body: jsonBody(searchCriteriaSchema) },
        responses: { 200: jsonResponse(searchResponseSchema, 'Scored jobs'), ...errorResponses(400, 401, 403, 429, 502) },
      }),
      async (c) => c.json(await search.search(signedIn(c).id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['search'],
        method: 'post',
        path: '/jobs/search',
        summary: 'The same search, with the user id in the body',
        request: { body: jsonBody(searchCriteriaSchema.extend({ userId: z.string() })) },
        responses: { 200: jsonResponse(searchResponseSchema, 'Scored jobs'), ...errorResponses(400, 401, 403, 404, 429, 502) },
      }),
      async (c) => {
        const { userId, ...criteria } = c.req.valid('json');
        const user = signedIn(c);
        requireOwnUser(user.id, userId);
        return c.json(await search.search(user.id, criteria), 200);
      },
    );
}
