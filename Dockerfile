# syntax=docker/dockerfile:1
# Bidpilot's image: built once, run as many processes as the layout needs (ROLE=api, ROLE=runner).
#   docker build -t bidpilot .
#   docker run --read-only -v bidpilot-data:/data -p 8787:8787 --env-file bidpilot.env bidpilot
# The last stage is what `npm run production-check` proves in CI without Docker: the packed build,
# installed with --omit=dev, started with `node dist/server/start.mjs`, ready on /api/ready.

ARG NODE_VERSION=22

# 1. Build: every dependency, the server bundle, the PWA and the licences, then the package.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm pack --pack-destination /tmp && mkdir /app && tar -xzf /tmp/bidpilot-*.tgz -C /app --strip-components=1 \
    && cp package-lock.json /app/

# 2. Production dependencies only (better-sqlite3 compiled here, with the tools the last stage lacks).
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/package.json /app/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. Run: the packed build and its production dependencies, as a user without privileges, on a
#    read-only root; only /data (DATA_DIR: the SQLite file, secrets.json unless every secret is
#    given, the sandbox's file) is written.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app ./
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8787
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server is PID 1 itself (no npm, no shell): SIGTERM (docker stop) reaches it and it stops within
# SHUTDOWN_GRACE_SECONDS (give docker stop a longer --time, compose a longer stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/start.mjs"]
