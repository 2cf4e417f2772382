# syntax=docker/dockerfile:1
# The scheduling service as an image: compiled code, production dependencies only, run as the
# unprivileged `node` user. One image, three roles (docs/deployment.md):
#   docker run IMAGE                      → `scheduling serve` (API and workers; PGlite in /data)
#   docker run IMAGE serve --no-workers   → the API only
#   docker run IMAGE worker               → the workers only, with GET /healthz on PORT
#   docker run IMAGE migrate              → apply migrations and exit
# Node 24 is the version the image ships; the code supports Node 20 and later (README.md).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# 1. Compile: every dependency, then `npm run build` turns src/ into dist/ (`npm ci` runs it
#    through the `prepare` script; running it again is a no-op that makes the step explicit).
#    `prepare` also builds the workspaces: the typed client, the console and the booking
#    elements, whose built files the server serves (console/dist, packages/elements/dist).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig*.json ./
COPY scripts ./scripts
COPY src ./src
COPY packages ./packages
COPY console ./console
RUN npm ci --no-audit --no-fund \
 && npm run build

# 2. Production dependencies only. Scripts are skipped: `prepare` would compile again, and
#    needs the compiler, a development dependency; the compiled code comes from stage 1.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci checks the lock against every workspace's package.json.
COPY packages/client/package.json ./packages/client/
COPY packages/elements/package.json ./packages/elements/
COPY console/package.json ./console/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# 3. What runs: the compiled code and the production dependencies. The code belongs to root
#    and is read-only for the `node` user that runs it; only /data (the embedded database's
#    folder, unused with DATABASE_URL) is writable.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/console/dist ./console/dist
COPY --from=build /app/packages/elements/dist ./packages/elements/dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 4000
# Every role answers GET /healthz on PORT (the worker too). fetch is built into Node.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM starts the bounded graceful stop (SHUTDOWN_TIMEOUT_MS, 10 s by default): give the
# container more than that before it is killed (`docker stop -t 15`, compose's stop_grace_period).
STOPSIGNAL SIGTERM
# dist/cli.js is what bin/scheduling.js runs; the image calls it directly, since nothing in
# the image can make dist/ stale (there is no src/ to rebuild from).
ENTRYPOINT ["node", "dist/cli.js"]
CMD ["serve"]
