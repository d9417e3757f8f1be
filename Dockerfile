# syntax=docker/dockerfile:1

# ---- build stage -----------------------------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app

COPY package.json package-lock.json ./
RUN npm ci

COPY tsconfig.json tsconfig.build.json ./
COPY bin ./bin
COPY gateway ./gateway
COPY subgraphs ./subgraphs
COPY shared ./shared
COPY schema ./schema
COPY bench ./bench
COPY test ./test
COPY examples ./examples

RUN npm run build \
 && npm prune --omit=dev

# ---- runtime stage ---------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app

COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/schema ./schema

# Reference data JSON is imported by the code, so tsc has already copied it into dist/.

# The admin subgraph keeps tenant nginx configs in a git repository (git CLI) and checks each
# change with `nginx -t` before answering.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git nginx-light \
 && rm -rf /var/lib/apt/lists/*

# Private signing keys are generated on first start into this directory
# (mount a volume here); they are never baked into the image.
RUN mkdir -p /var/lib/safiri/keys /var/lib/safiri/notifications /var/lib/safiri/reverse-proxy \
 && chown -R node:node /var/lib/safiri \
 && chmod 700 /var/lib/safiri/keys

USER node
EXPOSE 4000
CMD ["node", "dist/bin/start.js", "all"]
