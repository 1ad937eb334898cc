# vndb-mcp-server as a hosted connector: Streamable HTTP on port 3939 (docs/deployment.md).
# Three stages: compile with the dev dependencies, install the runtime dependencies alone,
# then copy both into a small image that runs as the unprivileged `node` user.

ARG NODE_IMAGE=node:22-alpine

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: nothing the build needs runs one (esbuild's is a check only).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    VNDB_HTTP=1 \
    VNDB_HTTP_HOST=0.0.0.0 \
    VNDB_HTTP_PORT=3939
WORKDIR /app
COPY --from=runtime-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json LICENSE NOTICE PRIVACY.md ./
# The code is root's and read-only to the process; it needs no writable directory.
USER node
EXPOSE 3939
# Liveness: the process answers on loopback (GET /healthz/live; also while draining).
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.VNDB_HTTP_PORT||3939)+'/healthz/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "dist/cli/main.js"]
CMD ["--http"]
