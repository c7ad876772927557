# syntax=docker/dockerfile:1
# Build stage: the full install (Astro, Vite, esbuild) builds the public site
# into dist/ and compiles the server into dist-server/. The runtime stage gets
# production dependencies only (about 170 MB of node_modules instead of 253 MB,
# docs/operations.md) and runs the compiled server with plain `node`.
FROM node:24-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc .nvmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim
# PUBLIC_URL is the address people and search engines use (canonical links,
# robots.txt, sitemaps, RSS, JSON-LD, links in e-mails). It is read when the
# server starts, not when the image is built: set it per deployment, e.g.
#   docker run -e PUBLIC_URL=https://estimating.example.com …
# Unset, it follows HOST and PORT (http://127.0.0.1:4321), right only for local use,
# and the server warns at start (it is deliberately not set here).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321 DATA_DIR=/data
WORKDIR /app
# The application belongs to root and is read-only to the `node` user that runs
# it; only /data (database, uploads, outbox) is writable.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/package.json ./package.json
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4321
# Readiness, not mere liveness: the database takes writes, migrations are applied, uploads
# are writable (docs/operations.md "Health and readiness"). Probes are logged at debug level.
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4321)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server migrates the database and seeds reference data at start.
# Operator commands (docs/operations.md): docker exec -it <container> node dist-server/create-admin.js --email …
# (asks for the password), node dist-server/backup.js, node dist-server/restore.js --from …, node dist-server/migrate.js --status
CMD ["node", "dist-server/server.js"]
