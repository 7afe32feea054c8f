# MeetFlow's production image (docs/operations.md "Containers", decision 0081).
#
#   podman build --format docker -t meetflow .        # or: docker build -t meetflow .
#   podman run -d -p 3000:3000 -v meetflow-data:/data -e ADMIN_PASSWORD=… meetflow
#
# BASE is any Debian 12 (bookworm) image; the default is the public one. Node does not come from it:
# Debian's nodejs and npm only fetch, from the npm registry, the Node 24 the project pins (the `node`
# devDependency) and a current npm; the final stage holds that one Node binary, without npm. A machine without a registry builds with
# --build-arg BASE=localhost/debian:bookworm-slim after `bash scripts/container-base.sh`.
ARG BASE=docker.io/library/debian:bookworm-slim

# Node and npm from the npm registry: the Node version package.json pins (devDependency "node"), fetched
# by Debian's own Node 18 and npm 9, then a current npm run by that Node. Debian's are too old to build
# with: npm 9 on Node 18 leaves out optional native packages that need Node >= 20 (the web bundler's).
FROM ${BASE} AS npm
ARG NPM_VERSION=11
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN node_version=$(node -p "require('./package.json').devDependencies.node") \
 && npm install --global --prefix /opt/node --no-audit --no-fund --loglevel=error "node@$node_version" \
 && cp -L /opt/node/bin/node /usr/local/bin/node \
 && test "$(/usr/local/bin/node --version)" = "v$node_version" \
 && /usr/local/bin/node "$(readlink -f /usr/bin/npm)" install --global --prefix /opt/node --no-audit --no-fund \
      --loglevel=error "npm@$NPM_VERSION" \
 && ln -s /opt/node/bin/npm /usr/local/bin/npm && npm --version
COPY packages/shared/package.json packages/shared/
COPY packages/api-client/package.json packages/api-client/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# Stage 1: every dependency of the web app, the server and the root, then the web build and the
# server's bundle (scripts/build-server.ts, decision 0127).
FROM npm AS build
RUN npm ci --no-audit --no-fund --workspace apps/web --workspace apps/server --workspace packages/shared \
      --include-workspace-root
COPY tsconfig.base.json ./
COPY scripts/build.ts scripts/build-server.ts scripts/
COPY packages/shared packages/shared
COPY apps/web apps/web
COPY apps/server/src apps/server/src
RUN npm run build

# Stage 2: the server's production dependencies only (container-server-deps.mjs says why not
# `npm ci --omit=dev --workspace apps/server`); of the PDF fonts, only the files text-layout.ts names.
FROM npm AS deps
COPY scripts/container-server-deps.mjs /tmp/
RUN node /tmp/container-server-deps.mjs prepare \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error \
 && node /tmp/container-server-deps.mjs verify
COPY apps/server/src/modules/certificates/text-layout.ts /tmp/
RUN cd node_modules \
 && find @expo-google-fonts -type f \( -name '*.ttf' -o -name '*.png' \) | while read -r file; do \
      grep -qF "'$file'" /tmp/text-layout.ts || rm "$file"; done

# The image: Node 24, production dependencies (the bundle's externals among them), the server's bundle,
# its sources (for the command-line tools: admin, backup) and the built web app; no npm, no bundler.
FROM ${BASE}
COPY --from=npm /usr/local/bin/node /usr/local/bin/node
RUN useradd --uid 10001 --user-group --no-create-home --home-dir /app --shell /usr/sbin/nologin meetflow \
 && mkdir /data && chown meetflow:meetflow /data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY packages/shared packages/shared
COPY apps/server/package.json apps/server/
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER meetflow
VOLUME /data
EXPOSE 3000
# The server drains on SIGTERM (health 503 for SHUTDOWN_DRAIN_MS, then closes): node is PID 1 and
# handles SIGTERM and SIGINT itself, so no init is needed. Give `stop` at least SHUTDOWN_DRAIN_MS + 10 s.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
