# Popkit's production image: one app instance (scripts/serve.ts, as `npm start` and `npm run cluster` run it) on
# port 3000. The same image runs the migrations (`npm run db:migrate`) and the load balancer (scripts/balancer.ts):
# see compose.yaml, which also has the health check (GET /api/health). Nothing is downloaded while building but npm
# packages.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
COPY package.json package-lock.json ./
# --ignore-scripts: dependencies' install scripts would download Prisma's native engines, which Popkit does not use
# (its migrations run on the WASM engine); the one script needed, the project's own `prisma generate`, runs below
# once the schema is here.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# scripts/prisma.mjs gives `prisma generate` the well-formed DATABASE_URL it needs (it never connects).
RUN npm run postinstall \
  && npx tsx -e 'import("./scripts/lib/app").then((app) => app.buildApp())' \
  && rm -rf .next/cache \
  && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
# Next writes its cache and regenerated pages under .next at run time.
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "scripts/serve.ts", "--port", "3000", "--hostname", "0.0.0.0"]
