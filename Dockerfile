# syntax=docker/dockerfile:1
# The platform server. Build: docker build -t platform . ; run one role per container (PLATFORM_ROLE),
# or all of them with compose.yaml. The README's "Containers" section lists the environment per role.

# ---- build: every dependency, then the esbuild bundle in packages/server/dist and the web pages ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/semantic/package.json packages/semantic/
COPY packages/server/package.json packages/server/
COPY packages/cli/package.json packages/cli/
COPY packages/web/package.json packages/web/
# --ignore-scripts: the root `prepare` would build before the sources are copied; the build runs below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies (the drivers the bundle leaves external) and the bundle ----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PLATFORM_HOST=0.0.0.0 \
    PLATFORM_PORT=4000 \
    PLATFORM_AI_PORT=4001 \
    PLATFORM_DATA_DIR=/data \
    PLATFORM_ROLE=all \
    PLATFORM_CHROMIUM_PATH=/usr/bin/chromium
# Debian's Chromium prints PNG and PDF notifications (docs/notifications.md "Rendering"); python3 runs
# html reports' scripts (docs/python-reports.md).
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation python3 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/semantic/package.json packages/semantic/
COPY packages/server/package.json packages/server/
COPY packages/cli/package.json packages/cli/
COPY packages/web/package.json packages/web/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/web/dist packages/web/dist
# The embedded store, git repositories, uploads and generated keys live in the data directory.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
# 4000: management, build and data APIs (and the worker's health routes); 4001: the Chat API.
EXPOSE 4000 4001
# Alive when either listener answers /healthz: a role serves one listener or both.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const e=process.env;Promise.any([e.PLATFORM_PORT,e.PLATFORM_AI_PORT].map(p=>fetch('http://127.0.0.1:'+p+'/healthz').then(r=>{if(!r.ok)throw r.status}))).then(()=>process.exit(0),()=>process.exit(1))"]
# SIGTERM (docker stop) drains the listeners, then jobs and modules, and exits 0.
CMD ["node", "packages/server/dist/main.js"]
