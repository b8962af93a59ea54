# syntax=docker/dockerfile:1
# Production image of the API and the server-rendered site (see docs/operations.md, "Deploying to
# production"). NOT built or run on the development machine (no Docker there): a starting point.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
# MALLOC_ARENA_MAX: two glibc malloc arenas, not 8 per core; see docs/decisions/0026-server-memory.md.
# MALLOC_MMAP_THRESHOLD_ and the V8 flags of CMD: docs/decisions/0033-answers-in-files-and-gc-settings.md.
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768 HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/api/package.json ./apps/api/
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/api/drizzle ./apps/api/drizzle
COPY --from=build /app/apps/api/generated ./apps/api/generated
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/build ./apps/web/build
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server itself, not npm: SIGTERM reaches it and it stops gracefully.
CMD ["node", "--enable-source-maps", "--heap-growing-percent=40", "--max-semi-space-size=8", "apps/api/dist/server.js"]
