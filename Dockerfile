# The store as a container image (README "Deploy"). Build: docker build -t stationery-store .
# Run: one image, three shapes (ROLE=all | web | worker); compose.yaml wires them up.
# CI cannot pull base images on its machines, so .ci/run runs these same commands natively.

# ---- the workspace's manifests: npm ci in both stages below needs every workspace's package.json;
# copied before the source, so a change to the source reuses the installed layers ----
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/ui/package.json packages/ui/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/

# ---- build: every dev dependency, the browser apps and the compiled server ----
FROM manifests AS build
# nothing may download a browser at install time
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
# web (with its server renderer), admin, and apps/server/dist/{server,store,seed}.js
RUN npm run build

# ---- runtime: the server's production dependencies and what was built, nothing else ----
FROM manifests AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
# the server's dependencies only (no Vite, no Playwright, no test tools). npm keeps tsx and its
# esbuild (an optional peer of the storefront's Vite, so "devOptional"): removed, so a run-time
# need of either fails here rather than running TypeScript unnoticed
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund \
    && rm -rf node_modules/tsx node_modules/esbuild node_modules/@esbuild \
    && npm cache clean --force
# read at run time from the server's folder (env.ts serverRoot): migrations, shipped images, the PIN table
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/public apps/server/public
COPY --from=build /app/apps/server/src/modules/shipping/data/india-pincodes.json apps/server/src/modules/shipping/data/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
COPY --from=build /app/apps/admin/dist apps/admin/dist
COPY --from=build /app/scripts/ensure-web-build.mjs /app/scripts/ensure-server-build.mjs scripts/
# the copies above are newer than the build they came from: mark the build current, so
# `npm run store -- …` runs it instead of trying to rebuild (there is no compiler in this image)
RUN touch apps/web/dist/index.html apps/admin/dist/index.html apps/server/dist/*.js \
    && mkdir -p data && chown node:node data
USER node
EXPOSE 3000
# slim images have no curl: node's own fetch asks /healthz (alive; /readyz is the load balancer's)
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself as PID 1: SIGTERM reaches server.ts, which drains (SHUTDOWN_DRAIN_MS) before exiting
CMD ["node", "apps/server/dist/server.js"]
