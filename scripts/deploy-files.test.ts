import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RESUME_MAX_BYTES } from '../shared/src/schemas/resume';

/**
 * The container files say what `npm run production-check` proves without Docker (the packed build,
 * installed with --omit=dev, `node dist/server/start.mjs`, ready on /api/ready): these checks keep
 * them saying the same thing as the check and the README's layout.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const last = stages[stages.length - 1]!;

  it('builds in stages on Node 22 LTS and runs the packed build with production dependencies only', () => {
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=22$/m);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage).toMatch(/^node:\$\{NODE_VERSION\}-/);
    expect(dockerfile).toMatch(/npm run build && npm pack/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(last).toMatch(/^CMD \["node", "dist\/server\/start\.mjs"\]$/m);
    // What production-check starts is what the image runs.
    expect(read('scripts/production-check.mjs')).toContain("'dist/server/start.mjs'");
  });

  it('runs as a user without privileges, checks /api/ready, and writes only its DATA_DIR volume', () => {
    expect(last).toMatch(/^USER node$/m);
    expect(last).toMatch(/^HEALTHCHECK [\s\S]*\/api\/ready/m);
    expect(last).toMatch(/DATA_DIR=\/data/);
    expect(last).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(last).not.toMatch(/npm (start|run)/);
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  it('runs PostgreSQL, two API processes, a runner and a reverse proxy on a read-only root', () => {
    expect(compose).toMatch(/^ {2}postgres:\n {4}image: postgres:/m);
    expect(compose.match(/^ {6}ROLE: api$/gm)).toHaveLength(2);
    expect(compose.match(/^ {6}ROLE: runner$/gm)).toHaveLength(1);
    expect(compose).toMatch(/^ {2}proxy:\n {4}image: nginx:/m);
    expect(compose).toMatch(/read_only: true/);
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\//);
  });

  it('sends uploads as large as a résumé, and tells the processes about the one proxy', () => {
    const nginx = read('deploy/nginx.conf');
    const limit = Number(/client_max_body_size (\d+)m;/.exec(nginx)?.[1]);
    expect(limit * 1024 * 1024).toBeGreaterThan(RESUME_MAX_BYTES);
    expect(nginx).toMatch(/X-Forwarded-For \$proxy_add_x_forwarded_for/);
    expect(compose).toMatch(/TRUST_PROXY: '1'/);
  });
});
