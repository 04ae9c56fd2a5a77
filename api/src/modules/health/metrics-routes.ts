import { ErrorCode } from '@shared/errors';
import { AppError } from '../../kernel/errors';
import { requestHeader } from '../../kernel/http/context';
import { createRouter } from '../../kernel/http/router';
import type { Metrics } from '../../kernel/metrics';
import { safeEqual } from '../../kernel/tokens';

/**
 * `GET /api/metrics`: the Prometheus text, for `Authorization: Bearer <METRICS_TOKEN>` only. Without
 * a token configured the route is not there (404): metrics are then served on METRICS_PORT alone,
 * or not at all. Left out of the OpenAPI document (it is no JSON API).
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined) {
  const router = createRouter();
  router.get('/metrics', async (c) => {
    if (!token) throw new AppError(ErrorCode.notFound, 'No API route GET /api/metrics');
    const given = /^Bearer (.+)$/i.exec(requestHeader(c, 'authorization') ?? '')?.[1] ?? '';
    if (!safeEqual(given, token)) {
      throw new AppError(ErrorCode.unauthorized, 'Metrics need Authorization: Bearer <METRICS_TOKEN>', undefined, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType });
  });
  return router;
}
