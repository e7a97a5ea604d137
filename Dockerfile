# QuickBuy's image (deploy/compose.yaml runs it): built in one stage, run from a second that holds the built app
# only, as the unprivileged node user. The server runs its TypeScript through tsx (a runtime dependency), so the
# runtime stage takes src/server and src/shared (the migrations are in src/server/db/migrations) beside dist/
# (the web build and the storefront's server render, React bundled in), and node_modules without dev
# dependencies. sharp's native binaries come from the same base image's npm install, so they match.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src/server ./src/server
COPY --from=build /app/src/shared ./src/shared
# The only folder the store writes: PGlite's database when no DATABASE_URL is given.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Alive: the process answers and reaches its database. The slim image has no curl: Node asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1, so SIGTERM from `docker stop` reaches the store's own shutdown.
CMD ["node", "--import", "tsx", "src/server/main.ts"]
