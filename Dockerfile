# syntax=docker/dockerfile:1
# Folio in one container: the site, the admin dashboard and its SQLite database.
#   docker build -t folio .
#   docker run -d -p 3000:3000 -v folio-data:/data \
#     -e SESSION_SECRET=... -e OWNER_EMAIL=... -e OWNER_PASSWORD=... folio
# scripts/container-check.mjs replays this file's build and final-stage copies without Docker.

# ---- build: dependencies (better-sqlite3 may compile from source), production build, prune ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# Prisma never loads a native engine here (WASM engines, see prisma.config.ts); these stop
# its CLI from trying to download one.
ENV PRISMA_QUERY_ENGINE_LIBRARY=/dev/null PRISMA_SCHEMA_ENGINE_BINARY=/dev/null
# `npm ci` runs `prisma generate` (postinstall), which needs the schema and the config.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# ---- runtime: only what the server, migrations and the backup/restore CLI need ----
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATABASE_URL=file:/data/folio.db \
  UPLOADS_DIR=/data/uploads \
  PRISMA_QUERY_ENGINE_LIBRARY=/dev/null \
  PRISMA_SCHEMA_ENGINE_BINARY=/dev/null
WORKDIR /app
# Fonts for the social cards' text: sharp's SVG renderer (librsvg) finds them through
# fontconfig, and the slim image has neither fonts nor fontconfig's configuration.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
# The application files belong to root and are read-only for the user the server runs as.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/package.json /app/server.js /app/prisma.config.ts /app/tsconfig.json ./
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/prisma ./prisma
# TypeScript sources used by the CLI scripts (backup, restore, seed, owner:reset-password).
COPY --from=build /app/app ./app
# The `node` user (uid 1000) of the base image owns only the data volume.
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: Node itself is PID 1 and receives SIGTERM, finishing in-flight requests first.
CMD ["node", "scripts/start.mjs"]
