#!/usr/bin/env bash
# The container smoke test (CI's "Container" step): builds the image on a Debian base made from the machine's
# apt mirror, checks that the server's run-time imports are in its production-only tree, then runs it
# (scripts/container-smoke.mjs) on PostgreSQL + Redis and on SQLite with a named volume. Prints the image
# size, the build time, the time to healthy and the stop time; removes its containers, volume and
# database at exit. Needs root, PostgreSQL on 127.0.0.1:5432 (trust) and Redis on 127.0.0.1:6379.
#
#   bash scripts/container-smoke.sh          # BASE=… to build on another Debian 12 image
set -euo pipefail
cd "$(dirname "$0")/.."

BASE=${BASE:-localhost/debian:bookworm-slim}
IMAGE=localhost/meetflow:smoke
run_id=$(date +%s)-$$
database=meetflow_smoke_${run_id//-/_}
volume=meetflow-smoke-$run_id
containers=("meetflow-smoke-pg-$run_id" "meetflow-smoke-sqlite-$run_id")

cleanup() {
  for container in "${containers[@]}"; do podman rm --force --volumes --time 0 "$container" >/dev/null 2>&1 || true; done
  podman volume rm --force "$volume" >/dev/null 2>&1 || true
  dropdb --if-exists -h 127.0.0.1 -U postgres "$database" >/dev/null 2>&1 || true
}
trap cleanup EXIT

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

PATH="$PATH:/usr/sbin" node scripts/container-nginx.mjs # compose.yaml's reverse proxy loads
bash scripts/container-base.sh

started=$(date +%s)
podman build --network host --format docker --build-arg "BASE=$BASE" --tag "$IMAGE" . >/tmp/meetflow-smoke-build.log 2>&1 ||
  { tail -n 40 /tmp/meetflow-smoke-build.log; echo "FAILED: podman build (log: /tmp/meetflow-smoke-build.log)"; exit 1; }
build_seconds=$(($(date +%s) - started))
size=$(podman image inspect "$IMAGE" --format '{{.Size}}')
echo "image: $IMAGE on $BASE, $((size / 1000000)) MB, built in ${build_seconds} s"

podman run --rm --no-healthcheck --volume "$PWD/scripts/container-imports.mjs:/tmp/container-imports.mjs:ro" "$IMAGE" \
  node /tmp/container-imports.mjs /app

createdb -h 127.0.0.1 -U postgres "$database"
node scripts/container-smoke.mjs postgres "$IMAGE" "${containers[0]}" "$(free_port)" \
  "postgres://postgres@127.0.0.1:5432/$database" "redis://127.0.0.1:6379"

podman volume create "$volume" >/dev/null
node scripts/container-smoke.mjs sqlite "$IMAGE" "${containers[1]}" "$(free_port)" "$volume"

echo "container smoke test passed"
