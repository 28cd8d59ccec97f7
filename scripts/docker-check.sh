#!/usr/bin/env bash
# Builds the image from the Dockerfile and starts it, then the whole compose.yaml deployment, and checks each the way
# a person would: health, pages, the API through nginx, a WebSocket upgrade, both instances answering, an instance
# killed with the other carrying on, a graceful stop. Needs a Docker daemon (`docker info`) and compose (the plugin or
# docker-compose). Not part of `npm test`: it builds for minutes (docs/deployment.md).
#
#   bash scripts/docker-check.sh             # with the official images (node, postgres, redis, nginx)
#   bash scripts/docker-check.sh --offline   # where no image can be pulled: stand-ins from Debian's packages and
#                                            # the npm registry (deploy/offline/), built first and kept
#
# CHECK_IMAGE_PORT (18787) and CHECK_PROXY_PORT (18080) are the host ports it uses. It removes what it started, and
# leaves the images (swapgate:check, and the stand-ins) for the next run.
set -euo pipefail
cd "$(dirname "$0")/.."

OFFLINE=0
case "${1:-}" in
  --offline) OFFLINE=1 ;;
  '') ;;
  *) echo "usage: bash scripts/docker-check.sh [--offline]" >&2; exit 2 ;;
esac
TAG=swapgate:check
IMAGE_PORT=${CHECK_IMAGE_PORT:-18787}
PROXY_PORT=${CHECK_PROXY_PORT:-18080}
PROJECT=swapgate-check
CONTAINER=swapgate-check-image
STANDIN=swapgate-offline

step() { printf '\n== %s\n' "$*"; }
ok() { printf 'ok    %s\n' "$*"; }
fail() { printf 'FAIL  %s\n' "$*" >&2; exit 1; }
# A command's output shown only when it fails (the builds are long and chatty).
quiet() {
  local log; log=$(mktemp)
  "$@" >"$log" 2>&1 || { tail -40 "$log" >&2; rm -f "$log"; return 1; }
  rm -f "$log"
}
# Whether $1 contains $2 (no pipe into grep -q: with pipefail, its early exit fails the writer).
has() { [[ "$1" == *"$2"* ]]; }

for tool in node npm curl; do command -v "$tool" >/dev/null || fail "$tool is needed on the host"; done
[ -d node_modules ] || fail "run npm ci first: the dev-only packages are told from the installed production tree"
docker info >/dev/null 2>&1 || fail "no Docker daemon answers (docker info)"
if docker compose version >/dev/null 2>&1; then compose() { docker compose "$@"; }
elif command -v docker-compose >/dev/null; then compose() { docker-compose "$@"; }
else fail "neither the compose plugin (docker compose) nor docker-compose is installed"; fi
# Without buildx the client cannot use BuildKit, and offline BuildKit would fetch the Dockerfile's `# syntax` frontend
# from Docker Hub: the classic builder builds this Dockerfile the same.
if [ "$OFFLINE" = 1 ] || ! docker buildx version >/dev/null 2>&1; then export DOCKER_BUILDKIT=0 COMPOSE_DOCKER_CLI_BUILD=0; fi

FILES=(-f compose.yaml)
BUILD_ARGS=(--build-arg NODE_IMAGE=node:24-bookworm-slim)
SCRATCH=()
cleanup() {
  docker rm -f "$CONTAINER" >/dev/null 2>&1 || true
  compose -p "$PROJECT" "${FILES[@]}" down -v --remove-orphans >/dev/null 2>&1 || true
  for d in ${SCRATCH[@]+"${SCRATCH[@]}"}; do rm -rf "$d"; done
}
trap cleanup EXIT

# GET (or any curl arguments) with the status code checked; prints the body.
http() {
  local want=$1 url=$2; shift 2
  local body code
  body=$(curl -sS --max-time 10 -w '\n%{http_code}' "$@" "$url") || fail "$url: no answer"
  code=${body##*$'\n'}
  [ "$code" = "$want" ] || fail "$url: HTTP $code, expected $want: ${body%$'\n'*}"
  printf '%s' "${body%$'\n'*}"
}

# The container of a compose service (its id), or a clear failure.
service_id() {
  local id; id=$(compose -p "$PROJECT" "${FILES[@]}" ps -q "$1")
  [ -n "$id" ] || fail "compose has no container for $1"
  printf '%s' "$id"
}

wait_healthy() {
  local id=$1 what=$2 status=''
  for _ in $(seq 1 120); do
    status=$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$id")
    [ "$status" = healthy ] && { ok "$what: healthy (its HEALTHCHECK)"; return; }
    [ "$(docker inspect -f '{{.State.Running}}' "$id")" = true ] || { docker logs "$id" 2>&1 | tail -20 >&2; fail "$what exited"; }
    sleep 1
  done
  docker logs "$id" 2>&1 | tail -20 >&2
  fail "$what: not healthy after 120 s ($status)"
}

# No line logged at error (50) or fatal (60).
no_errors() {
  local id=$1 what=$2 errors
  errors=$(docker logs "$id" 2>&1 | grep -E '"level":(50|60)' || true)
  [ -z "$errors" ] || fail "$what logged errors: $(printf '%s' "$errors" | head -c 2000)"
  ok "$what: no error logged"
}

if [ "$OFFLINE" = 1 ]; then
  step "Stand-in images (deploy/offline/)"
  if ! docker image inspect "$STANDIN/debian:bookworm" >/dev/null 2>&1; then
    command -v debootstrap >/dev/null || fail "debootstrap is needed for the Debian base (apt-get install debootstrap)"
    rootfs=$(mktemp -d); SCRATCH+=("$rootfs")
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
    tar -C "$rootfs" -c . | docker import -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' -c 'CMD ["bash"]' - "$STANDIN/debian:bookworm" >/dev/null
    rm -rf "$rootfs"
  fi
  ok "$STANDIN/debian:bookworm (debootstrap, minbase)"
  ctx=$(mktemp -d); SCRATCH+=("$ctx")
  arch=$(uname -m); case "$arch" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; esac
  (cd "$ctx" && npm pack --silent "node-linux-$arch@24" >/dev/null && tar -xzf node-linux-*.tgz package/bin/node && mv package/bin/node node \
    && npm pack --silent npm@11 >/dev/null && mv npm-*.tgz npm.tgz)
  extra=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -s "$NODE_EXTRA_CA_CERTS" ]; then
    cp "$NODE_EXTRA_CA_CERTS" "$ctx/extra-ca.crt"
    extra=(--build-arg EXTRA_CA_CERTS=/usr/local/share/swapgate-offline/extra-ca.crt)
  else
    : > "$ctx/extra-ca.crt"
  fi
  quiet docker build --network host -f deploy/offline/node.Dockerfile ${extra[@]+"${extra[@]}"} -t "$STANDIN/node:24" "$ctx"
  rm -rf "$ctx"
  ok "$STANDIN/node:24: $(docker run --rm "$STANDIN/node:24" node --version), npm $(docker run --rm "$STANDIN/node:24" npm --version)"
  for s in postgres redis nginx; do
    quiet docker build --network host -f "deploy/offline/$s.Dockerfile" -t "$STANDIN/$s" deploy/offline
    ok "$STANDIN/$s"
  done
  FILES+=(-f deploy/offline/compose.yaml)
  BUILD_ARGS=(--build-arg "NODE_IMAGE=$STANDIN/node:24")
fi

step "The image (Dockerfile)"
start=$SECONDS
quiet docker build --network host "${BUILD_ARGS[@]}" -t "$TAG" .
ok "built $TAG in $((SECONDS - start)) s, $(docker image inspect -f '{{.Size}}' "$TAG" | awk '{printf "%.0f MB", $1 / 1e6}')"
docker rm -f "$CONTAINER" >/dev/null 2>&1 || true
# As the Dockerfile's header runs it (--init: Docker's tini as PID 1 passes signals on).
run_image() { docker run -d --init --stop-timeout 30 --name "$CONTAINER" -p "127.0.0.1:$IMAGE_PORT:8787" -e "PUBLIC_URL=http://localhost:$IMAGE_PORT" "$TAG" >/dev/null; }
run_image
wait_healthy "$CONTAINER" "the container"
base=http://127.0.0.1:$IMAGE_PORT
has "$(http 200 "$base/v1/health")" '"ok":true' || fail "/v1/health is not ok"
has "$(http 200 "$base/status")" '<!doctype html>' || fail "/status is not a page"
has "$(http 200 "$base/dashboard")" '<!doctype html>' || fail "/dashboard is not a page"
has "$(http 200 "$base/v1/chains")" '"slug":"base"' || fail "/v1/chains lists no Base"
has "$(http 200 "$base/graphql" -H 'content-type: application/json' -d '{"query":"{ chains { nodes { id slug } } }"}')" '"slug":"base"' || fail "GraphQL chains lists no Base"
ok "/v1/health, /status, /dashboard, /v1/chains and GraphQL answer"
uid=$(docker exec "$CONTAINER" id -u)
[ "$uid" != 0 ] || fail "the service runs as root"
ok "runs as $(docker exec "$CONTAINER" id -un) (uid $uid)"
docker exec "$CONTAINER" test -d /data/pglite || fail "the embedded database is not in the /data volume"
ok "the embedded database is in the /data volume"
# Dev-only packages: the devDependencies that no production dependency brings in.
devonly=$(node -e '
  const { execFileSync } = require("node:child_process");
  let out = ""; try { out = execFileSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }); } catch (e) { out = e.stdout || ""; }
  const prod = new Set(out.split("\n").map((p) => p.split("/node_modules/").pop()));
  console.log(Object.keys(require("./package.json").devDependencies).filter((d) => !prod.has(d)).join(" "));')
present=$(docker run --rm --entrypoint sh "$TAG" -c 'for p in "$@"; do [ -e "node_modules/$p" ] && echo "$p"; done; true' -- $devonly)
[ -z "$present" ] || fail "dev-only packages in the image: $present"
ok "none of the $(wc -w <<<"$devonly") dev-only packages is in the image"
start=$SECONDS
docker stop -t 30 "$CONTAINER" >/dev/null
code=$(docker inspect -f '{{.State.ExitCode}}' "$CONTAINER")
[ "$code" = 0 ] || fail "stopped with exit code $code"
ok "docker stop: exit code 0 after $((SECONDS - start)) s (SIGTERM reached the service)"
no_errors "$CONTAINER" "the container"
docker rm -f "$CONTAINER" >/dev/null
# A stop while the service starts (its first JSON log line, about its settings, is written once it handles signals;
# the embedded database's start and migrations follow) waits for the start to finish, then stops as gracefully.
run_image
logged=0
for _ in $(seq 1 600); do has "$(docker logs "$CONTAINER" 2>&1)" '"level":' && { logged=1; break; }; sleep 0.1; done
[ "$logged" = 1 ] || fail "the service logged nothing in 60 s"
early=$(docker logs "$CONTAINER" 2>&1 | grep -c '"msg":"listening"' || true)
docker stop -t 60 "$CONTAINER" >/dev/null
code=$(docker inspect -f '{{.State.ExitCode}}' "$CONTAINER")
[ "$code" = 0 ] || fail "stopped during start-up: exit code $code"
has "$(docker logs "$CONTAINER" 2>&1)" 'shutting down' || fail "stopped during start-up: no graceful shutdown logged"
ok "docker stop during start-up: exit code 0, a graceful shutdown$([ "$early" = 0 ] && echo ' once started' || echo ' (the start had already finished)')"
docker rm -f "$CONTAINER" >/dev/null

step "Two instances behind nginx (${FILES[*]})"
secret=$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')
export ADMIN_TOKEN="check:$secret" PORT=$PROXY_PORT PUBLIC_URL=http://localhost:$PROXY_PORT
compose -p "$PROJECT" "${FILES[@]}" down -v --remove-orphans >/dev/null 2>&1 || true
quiet compose -p "$PROJECT" "${FILES[@]}" up -d --build || { compose -p "$PROJECT" "${FILES[@]}" logs --tail 30 >&2; fail "compose up"; }
for s in postgres redis app1 app2; do wait_healthy "$(service_id "$s")" "$s"; done
proxy=http://127.0.0.1:$PROXY_PORT
for _ in $(seq 1 60); do curl -sf --max-time 2 "$proxy/v1/health" >/dev/null && break; sleep 1; done
has "$(http 200 "$proxy/v1/health")" '"ok":true' || fail "/v1/health through nginx is not ok"
has "$(http 200 "$proxy/status")" '<!doctype html>' || fail "/status through nginx is not a page"
has "$(http 200 "$proxy/dashboard")" '<!doctype html>' || fail "/dashboard through nginx is not a page"
has "$(http 200 "$proxy/v1/chains")" '"slug":"base"' || fail "/v1/chains through nginx lists no Base"
ok "/v1/health, /status, /dashboard and /v1/chains through nginx on :$PROXY_PORT"
upgrade=$(curl -sS -i --max-time 3 -H 'Connection: Upgrade' -H 'Upgrade: websocket' -H 'Sec-WebSocket-Version: 13' \
  -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' -H 'Sec-WebSocket-Protocol: graphql-transport-ws' "$proxy/graphql" 2>/dev/null | head -1 || true)
[[ "$upgrade" == *" 101 "* ]] || fail "no WebSocket upgrade on /graphql through nginx: $upgrade"
ok "a graphql-ws WebSocket upgrades on /graphql through nginx"
migrations=$(compose -p "$PROJECT" "${FILES[@]}" exec -T postgres psql -U swapgate -d swapgate -tAc 'SELECT count(*) FROM "_prisma_migrations" WHERE finished_at IS NOT NULL')
[ "$migrations" = "$(ls prisma/migrations | grep -c '^[0-9]')" ] || fail "$migrations migrations applied, $(ls prisma/migrations | grep -c '^[0-9]') in prisma/migrations"
ok "every migration applied once to Postgres ($migrations), with two instances starting together"
# Each instance's connections come from its own address (redis-cli itself runs in the Redis container, on loopback).
peers=$(compose -p "$PROJECT" "${FILES[@]}" exec -T redis redis-cli client list | tr -d '\r' | sed -n 's/.* addr=\([^ ]*\):[0-9]* .*/\1/p' | grep -v '^127\.0\.0\.1$' | sort -u | wc -l)
[ "$peers" -ge 2 ] || fail "Redis has connections from $peers addresses: both instances should be connected"
ok "both instances connected to Redis (connections from $peers addresses)"
auth=(-H "authorization: Bearer $secret")
partner=check-$(date +%s)
http 201 "$proxy/v1/admin/partners" "${auth[@]}" -H 'content-type: application/json' -H "idempotency-key: $partner" \
  -d "{\"id\":\"$partner\",\"label\":\"docker-check\",\"kind\":\"label\"}" >/dev/null
for _ in 1 2 3 4 5 6; do has "$(http 200 "$proxy/v1/admin/partners/$partner" "${auth[@]}")" "\"id\":\"$partner\"" || fail "the partner is not read back"; done
for s in app1 app2; do
  n=$(docker logs "$(service_id "$s")" 2>&1 | grep -c "\"path\":\"/v1/admin/partners/$partner\"" || true)
  [ "$n" -ge 1 ] || fail "$s answered none of the reads: nginx sent every request to one instance"
done
ok "an admin write (a partner) read back 6 times through nginx, by both instances (one Postgres)"
app1=$(service_id app1)
docker kill "$app1" >/dev/null
for _ in 1 2 3 4 5 6; do
  http 200 "$proxy/v1/health" >/dev/null
  http 200 "$proxy/v1/admin/partners/$partner" "${auth[@]}" >/dev/null
done
[ "$(docker inspect -f '{{.State.Running}}' "$app1")" = false ] || fail "app1 still runs after SIGKILL"
ok "app1 killed (SIGKILL): 12 requests through nginx, all answered by app2"
no_errors "$(service_id app2)" app2
compose -p "$PROJECT" "${FILES[@]}" stop -t 30 app2 >/dev/null 2>&1
code=$(docker inspect -f '{{.State.ExitCode}}' "$(service_id app2)")
[ "$code" = 0 ] || fail "app2 stopped with exit code $code"
ok "app2 stopped gracefully (exit code 0)"

step "All checks passed"
