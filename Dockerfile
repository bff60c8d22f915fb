# syntax=docker/dockerfile:1

# Supply Hub: one image serving the API, the storefront (/) and the back office (/admin).
# Needs an external PostgreSQL through DATABASE_URL (see docker-compose.yml), plus
# SESSION_SECRET and SETTINGS_ENCRYPTION_KEY. Two replicas behind a proxy: docs/deploy.md.
#
# The image runs Node 22 LTS (Node 20 reached end of life in April 2026). The code itself stays
# Node 20-compatible (engines >=20.19, no Node 22-only APIs), so a checkout still runs on Node 20.

# ---- build: all dependencies, compile the API and both frontends ----
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY storefront/package.json storefront/
COPY backoffice/package.json backoffice/
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build

# ---- runtime: the API's production dependencies and the built output only ----
FROM node:22-bookworm-slim AS runtime
# glibc's allocator: two arenas and large blocks mapped on their own, so the 19 MiB an argon2 hash
# takes in a worker thread goes back to the system after it (docs/operations.md, "Memory").
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/storage
WORKDIR /app
# The lockfile names every workspace, so npm ci needs all three package.json files; only the api
# workspace's production dependencies are installed. The frontends' packages (React, MUI,
# react-admin, Vite: ~311 MB) are not needed at run time: their built files are copied below.
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY storefront/package.json storefront/
COPY backoffice/package.json backoffice/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace api --include-workspace-root=false --no-audit --no-fund
# The server finds its root by seeds/ and api/ and reads the catalogue and demo data from seeds/.
COPY seeds ./seeds
# api/dist also holds the compiled migrations (api/dist/migrations).
COPY --from=build /app/api/dist ./api/dist
COPY --from=build /app/storefront/dist ./storefront/dist
COPY --from=build /app/backoffice/dist ./backoffice/dist
RUN mkdir -p /app/storage && chown node:node /app/storage
USER node
EXPOSE 3000
# Liveness, not readiness: an orchestrator that replaces unhealthy containers (Swarm, autoheal) must
# not restart every replica because PostgreSQL is down. Readiness (/api/health/ready: database
# reachable, migrations applied) is for the proxy; docker-compose.yml checks it for routing.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((res) => process.exit(res.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "api/dist/api/src/server.js"]
