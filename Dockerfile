# syntax=docker/dockerfile:1
# Openyard's image for the scaled topology (docker-compose.yml, docs/deployment.md): one image, the
# process's part chosen by ROLE (server, workers) or the command (migrations, the Mosquitto files).
# Debian slim, not Alpine: onnxruntime-node (OCR) and sharp ship glibc binaries.

# 1. Build: every dependency, then the web app (npm ci's `prepare` runs `npm run build:web`) and the
#    process entry compiled to JavaScript (runtime/dist: a process starts without tsx's loader).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && test -f web/dist/index.html && npm run build:node

# 2. Production dependencies only (the workspaces' own, no build tools).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY server/package.json server/
COPY workers/package.json workers/
COPY simulator/package.json simulator/
COPY runtime/package.json runtime/
COPY web/package.json web/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund
# The driver as patched by the build stage's postinstall (patches/: postgres.js's BEGIN reservation).
COPY --from=build /app/node_modules/postgres node_modules/postgres

# 3. The image: the compiled entry, the sources (the one-off commands and the OCR threads run them
#    through tsx; the compiled entry finds its files beside them), migrations, the built web app;
#    runs as `node`, not root.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    WEB_DIR=/app/web/dist \
    PORT=3000
WORKDIR /app
COPY --from=deps /app ./
COPY package.json tsconfig.base.json ./
COPY contracts contracts
COPY server server
COPY workers workers
COPY simulator simulator
COPY runtime runtime
COPY migrations migrations
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/runtime/dist runtime/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "runtime/dist/main.js"]
