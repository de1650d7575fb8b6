# Tolk's container image (README: Deploy). Three stages on one base: the build (with dev
# dependencies), the production dependencies, and the runtime, which gets only those and the build
# output. BASE_IMAGE selects another Debian bookworm image with Node 20 (scripts/container-base.sh
# builds one without a registry, for machines that cannot pull).
ARG BASE_IMAGE=node:20-bookworm-slim

FROM ${BASE_IMAGE} AS build
WORKDIR /app
# The manifests alone first, so a source change does not reinstall. No install scripts: the only
# ones are esbuild's check of its binary, and the native parts (sharp, argon2, esbuild) come as
# prebuilt platform packages.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build

FROM ${BASE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The server bundle inlines @tolk/shared but imports every npm package (zod among them) from
# node_modules; the web app's packages are already in its bundle.
RUN npm ci --omit=dev --ignore-scripts --workspace @tolk/server --workspace @tolk/shared --include-workspace-root=false

FROM ${BASE_IMAGE} AS runtime
# The offline translation engine (Apertium's pairs meet in Spanish) and tini, which reaps the
# Apertium pipelines' processes and passes signals on to Node.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini apertium apertium-eng-spa apertium-fr-es apertium-es-pt apertium-spa-ita cg3 \
  && rm -rf /var/lib/apt/lists/*
# A fixed id, so a bind-mounted data folder can be given to it: chown 10001:10001 <folder>.
RUN groupadd --system --gid 10001 tolk \
  && useradd --system --uid 10001 --gid tolk --home-dir /app --no-create-home --shell /usr/sbin/nologin tolk \
  && mkdir /data \
  && chown tolk:tolk /data
WORKDIR /app
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  TOLK_DATA_DIR=/data
COPY --from=production-dependencies /app ./
# The layout the server expects: apps/server/dist beside apps/web/dist (config.ts, TOLK_WEB_DIR).
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
USER tolk
# The embedded database (pglite/) and local photos (uploads/) when PostgreSQL and S3 are not set.
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
