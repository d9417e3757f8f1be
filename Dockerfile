# syntax=docker/dockerfile:1
# One build, two runtime images (README "Images per role"):
#   docker build --target app   -t safiri/app   .   gateway, flight, train, bus, worker, migrations and operator CLIs
#   docker build --target admin -t safiri/admin .   the admin subgraph: the same code plus git and nginx-light
# A runtime image holds the code without tests, bench or examples, and production dependencies without what Node
# never loads. test/deploy/dockerfile.test.ts reads this file; test/deploy/runtime-image.test.ts lays out the same
# tree with the same scripts and starts a role from it.

# Every stage starts from one pinned Node release (the version CI runs).
FROM node:20.20.2-bookworm-slim AS base
WORKDIR /app

# ---- production dependencies -------------------------------------------------
FROM base AS deps
COPY package.json package-lock.json ./
COPY deploy/image/prune-node-modules.sh /tmp/
RUN npm ci --omit=dev --no-audit --no-fund \
 && sh /tmp/prune-node-modules.sh node_modules

# ---- build: the runtime code only (tsconfig.runtime.json), laid out in /runtime ----
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.runtime.json ./
COPY bin ./bin
COPY gateway ./gateway
COPY subgraphs ./subgraphs
COPY shared ./shared
COPY schema ./schema
COPY deploy/image/assemble-runtime.sh /tmp/
RUN sh /tmp/assemble-runtime.sh /runtime

# ---- what every role's image holds ------------------------------------------
FROM base AS runtime
ENV NODE_ENV=production
# The process writes only under /var/lib/safiri (mount volumes there); the code stays root's, so it cannot change it.
# Every image has every folder: a named volume takes its owner from the first container that mounts it, and under
# docker compose that may be an app container mounting the admin's reverse-proxy volume.
RUN mkdir -p /var/lib/safiri/keys /var/lib/safiri/notifications /var/lib/safiri/reverse-proxy \
 && chown -R 1000:1000 /var/lib/safiri \
 && chmod 700 /var/lib/safiri/keys
# Dependencies first: they change less often than the code, so their layer is reused across releases.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /runtime ./
# The image's node user, by number: Kubernetes' runAsNonRoot can only verify a numeric user.
USER 1000:1000
EXPOSE 9464
# Liveness of whichever role this container runs: its one process answers /livez on its role's port (the defaults
# below, or the PORT variables the container sets). Readiness (/readyz) is per role: docker-compose.yml and the
# Kubernetes manifests probe it on the role's own port.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "const e = process.env; const ports = [e.PORT || 4000, e.FLIGHT_PORT || 4001, e.TRAIN_PORT || 4002, e.BUS_PORT || 4003, e.ADMIN_PORT || 4004, e.WORKER_PORT || 4005]; Promise.any(ports.map((p) => fetch('http://127.0.0.1:' + p + '/livez').then((r) => (r.ok ? r : Promise.reject(new Error(String(r.status))))))).then(() => process.exit(0), () => process.exit(1))"]

# ---- gateway, flight, train, bus, worker: the role is the command's last word ----
FROM runtime AS app
EXPOSE 4000 4001 4002 4003 4005
CMD ["node", "dist/bin/start.js", "gateway"]

# ---- admin: tenant nginx configs are kept in a git repository and checked with `nginx -t` ----
FROM runtime AS admin
USER root
# Not pinned to Debian revisions: the archive drops a superseded revision, which would break the build at the next
# security update; the base image's pinned Debian release bounds what apt can install.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git nginx-light \
 && rm -rf /var/lib/apt/lists/*
USER 1000:1000
EXPOSE 4004
CMD ["node", "dist/bin/start.js", "admin"]
