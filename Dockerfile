# syntax=docker/dockerfile:1
# The service as an image: Node 24, production dependencies only, the Prisma client generated and the service compiled
# at build (dist/), the browser apps compiled at build (a broken app fails the build), running as the unprivileged
# `node` user.
#   docker build -t swapgate .
#   docker run --init --stop-timeout 30 -p 8787:8787 -e PUBLIC_URL=http://localhost:8787 swapgate
# compose.yaml runs two instances behind nginx on Postgres and Redis. docs/deployment.md says what is checked here.

# The base of every stage: a registry mirror's copy, or a stand-in where none can be pulled (scripts/docker-check.sh),
# goes in with `--build-arg NODE_IMAGE=…`.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, the generated Prisma client, the service compiled, the browser apps as a check ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the `node` package would download a second Node; the Prisma client is generated below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/prisma-generate.mjs \
 && node scripts/build.mjs \
 && node --import tsx scripts/build-web.ts

# ---- production dependencies only ------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# ---- runtime ---------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY web ./web
COPY prisma ./prisma
# The service compiled (scripts/build.mjs, the Prisma client with it): what runs, with no TypeScript loader. src/ is
# there for the browser apps, bundled at their first request, which share a module of it (src/checkout/settlement.ts).
COPY --from=build /app/dist ./dist
COPY src ./src
# The embedded database (PGlite) lives in /data when DATABASE_URL is unset: a volume, owned by the service's user.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8787
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# As `npm start` runs it, without npm in between: SIGTERM reaches the service, which shuts down gracefully.
CMD ["node", "--enable-source-maps", "--import", "./dist/tracing.js", "dist/main.js"]
