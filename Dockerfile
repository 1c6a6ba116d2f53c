# syntax=docker/dockerfile:1
# The portal for operators (ADR 0019, README "Production"): the dependencies with the
# devDependencies, the build (`npm run build`), then a runtime image with the production
# dependencies only, running `node build/node/server.mjs` as the unprivileged `node` user.
# Node 24 LTS by default, the line CI tests besides Node 20 (ADR 0023); `--build-arg NODE_VERSION=20`
# builds on Node 20.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# Installed afresh, not pruned from `deps`: what the runtime gets is exactly `npm ci --omit=dev`
# (sharp's, argon2's and PGlite's files for this platform included).
FROM node:${NODE_VERSION}-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# package.json says "type": "module", which the ES modules in build/ need.
COPY package.json ./
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# DATA_DIR keeps the JWT keys, the secrets key and uploaded media (and PGlite's database when
# DATABASE_URL is unset): a volume, writable by the user the server runs as.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /healthz answers 200 while the process serves (server/probes.ts); a load balancer's readiness
# check is /readyz (the upstream, or the embedded API and its database).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1 (not npm): SIGTERM reaches the server, which closes the database cleanly.
CMD ["node", "--max-semi-space-size=32", "build/node/server.mjs"]
