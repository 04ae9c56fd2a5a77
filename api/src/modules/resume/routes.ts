import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  resumeDetailsResponseSchema,
  resumeDetailsSchema,
  RESUME_MAX_BYTES,
  resumeStatusSchema,
  resumeUploadResponseSchema,
} from '@shared/schemas/resume';
import { userIdParamSchema } from '@shared/schemas/user';
import { ErrorCode } from '@shared/errors';
import type { Clock } from '../../kernel/clock';
import type { Store } from '../../store/store';
import { AppError, notFound } from '../../kernel/errors';
import { type AppContext, type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../kernel/http/router';
import {
  cleanFileName,
  deleteResume,
  RESUME_MESSAGES,
  resumeDetails,
  resumeStatus,
  resumeTooLarge,
  saveResume,
  updateResumeDetails,
} from '.';
import { ResumeReader } from './reader';
import { RateLimiter, type RateRule } from '../../store/rate-limiter';

/** Room for the multipart envelope (boundaries, part headers) around a 5 MB file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const UPLOAD_PATH = /^\/api\/users\/[^/]+\/resume\/?$/;

/**
 * Whether a request is a résumé upload, which carries its own 5 MB limit: the app's global JSON body
 * limit (256 KB) must let it through, e.g. in app.ts
 * `c.req.method === 'GET' || c.req.method === 'HEAD' || isResumeUpload(c.req.method, c.req.path) ? next() : limitBody(c, next)`.
 */
export function isResumeUpload(method: string, path: string): boolean {
  return method === 'POST' && UPLOAD_PATH.test(path);
}

/** The signed-in user's id when the path names them; anyone else's id is "not found". */
function selfId(c: AppContext, id: string): string {
  const user = signedIn(c);
  if (user.id !== id) throw notFound('User not found');
  return user.id;
}

/** Refuses another user's id before the body is read. */
const ownPath: MiddlewareHandler<AppEnv> = async (c, next) => {
  selfId(c, c.req.param('id') ?? '');
  await next();
};

/** A body that is not a multipart form cannot hold a file (answered clearly, not as a bare 415). */
const multipartOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? ''))
    throw new AppError(ErrorCode.validation, RESUME_MESSAGES.missing);
  await next();
};

const uploadLimit = bodyLimit({
  maxSize: RESUME_MAX_BYTES + MULTIPART_OVERHEAD,
  onError: () => {
    throw resumeTooLarge();
  },
});

const uploadBodySchema = z.object({
  file: z.any().openapi({ type: 'string', format: 'binary', description: 'The résumé: a PDF or Word (.docx) file of at most 5 MB' }),
});

/** Uploads per user per hour: reading a file is the costliest thing a user can ask for. */
export const RESUME_UPLOADS_PER_HOUR: RateRule = { limit: 10, windowMs: 60 * 60 * 1000 };

export function resumeRoutes(deps: { store: Store; clock: Clock; requireAuth: MiddlewareHandler<AppEnv>; extractTimeoutMs?: number }) {
  const common = { tags: ['resume'], security: bearerSecurity, middleware: deps.requireAuth };
  // One reader (one file at a time) for the process; the upload counter is shared by every process.
  const reader = new ResumeReader({ timeoutMs: deps.extractTimeoutMs });
  const uploads = new RateLimiter(deps.store, deps.clock, 'resume-upload');
  /** Counts the upload against the user's hourly allowance before the body is read. */
  const uploadRate: MiddlewareHandler<AppEnv> = async (c, next) => {
    await uploads.hit([{ key: selfId(c, c.req.param('id') ?? ''), rule: RESUME_UPLOADS_PER_HOUR }]);
    await next();
  };
  return createRouter()
    .openapi(
      createRoute({
        tags: ['resume'],
        security: bearerSecurity,
        middleware: [deps.requireAuth, ownPath, uploadRate, multipartOnly, uploadLimit] as const,
        method: 'post',
        path: '/users/{id}/resume',
        summary:
          'Upload your résumé (PDF or .docx, at most 5 MB, a .docx unpacking to at most 10 MB, the streams of a PDF to at most 25 MB; ten uploads an hour); its skills and links fill your profile',
        request: {
          params: userIdParamSchema,
          body: { content: { 'multipart/form-data': { schema: uploadBodySchema } }, required: true },
        },
        responses: {
          200: jsonResponse(resumeUploadResponseSchema, 'The stored résumé and what it says'),
          ...errorResponses(400, 401, 404, 413, 429),
          422: jsonResponse(errorSchema, 'No text could be read from the file'),
        },
      }),
      async (c) => {
        const userId = selfId(c, c.req.valid('param').id);
        const body = await c.req.parseBody();
        const file = body['file'];
        if (!(file instanceof File)) throw new AppError(ErrorCode.validation, RESUME_MESSAGES.missing);
        if (file.size > RESUME_MAX_BYTES) throw resumeTooLarge();
        const bytes = new Uint8Array(await file.arrayBuffer());
        const read = await reader.read(bytes);
        const status = await saveResume(deps, userId, { name: cleanFileName(file.name, read.kind), size: bytes.byteLength }, read);
        return c.json({ success: true as const, data: { status, details: read.details } }, 200);
      },
      // The only way the multipart body fails its schema is a missing `file`.
      (result) => {
        if (!result.success) throw new AppError(ErrorCode.validation, RESUME_MESSAGES.missing);
        return undefined;
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/users/{id}/resume-status',
        summary: 'Whether you have uploaded a résumé, and which',
        request: { params: userIdParamSchema },
        responses: { 200: jsonResponse(resumeStatusSchema, 'Résumé status'), ...errorResponses(401, 404) },
      }),
      async (c) => c.json(await resumeStatus(deps.store, selfId(c, c.req.valid('param').id)), 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/users/{id}/resume-details',
        summary: 'What your résumé says (null when there is none)',
        request: { params: userIdParamSchema },
        responses: { 200: jsonResponse(resumeDetailsResponseSchema, 'Résumé details'), ...errorResponses(401, 404) },
      }),
      async (c) => c.json({ data: await resumeDetails(deps.store.db, selfId(c, c.req.valid('param').id)) }, 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'put',
        path: '/users/{id}/resume-details',
        summary: 'Correct what was read from your résumé',
        request: { params: userIdParamSchema, body: jsonBody(resumeDetailsSchema) },
        responses: { 200: jsonResponse(resumeDetailsResponseSchema, 'The saved details'), ...errorResponses(400, 401, 404) },
      }),
      async (c) => {
        const userId = selfId(c, c.req.valid('param').id);
        return c.json({ data: await updateResumeDetails(deps, userId, c.req.valid('json')) }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'delete',
        path: '/users/{id}/resume',
        summary: 'Remove your résumé (the skills and links it added to your profile stay)',
        request: { params: userIdParamSchema },
        responses: {
          200: jsonResponse(z.object({ success: z.literal(true) }), 'Removed (or there was none)'),
          ...errorResponses(401, 404),
        },
      }),
      async (c) => {
        await deleteResume(deps.store, selfId(c, c.req.valid('param').id));
        return c.json({ success: true as const }, 200);
      },
    );
}
