#!/usr/bin/env bash
# `npm test`: every test, unit to e2e, on a fresh machine. Installs Debian's chromium (and a CJK
# font) and PostgreSQL when missing, builds the portal, runs vitest (with a throw-away PostgreSQL
# cluster so the migrations are proven on both databases) and then Playwright against the real stack.
# TEST_STEPS names the steps to run (default: all of "typecheck lint build vitest playwright"); CI
# runs "typecheck build vitest" a second time on the image's Node LTS (scripts/node-lts.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

STEPS=" ${TEST_STEPS:-typecheck lint build vitest playwright} "
step() { [[ "$STEPS" == *" $1 "* ]]; }

apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing system packages ($*): run as root or install them: apt-get install -y $*" >&2
    exit 1
  fi
  echo "Installing system packages: $*"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

missing=()
if step playwright; then
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
fi
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ] || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

# Runs the named npm scripts at the same time, each into a log of its own printed when it ends (so
# the outputs do not interleave); fails when any fails, after all have ended.
parallel_scripts() {
  local logs pids=() failed=0 i status
  logs=$(mktemp -d /tmp/omise-steps.XXXXXX)
  for i in "$@"; do
    npm run --silent "$i" >"$logs/$i.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then status=ok; else status=FAILED failed=1; fi
    echo "-- ${*:$((i + 1)):1}: $status"
    cat "$logs/${*:$((i + 1)):1}.log"
  done
  rm -rf "$logs"
  return $failed
}

# The type check, lint and build read the sources and write nothing the others read: one wait
# instead of three on the 2-core machine.
echo "== Node $(node --version): ${STEPS# }"
checks=()
for i in typecheck lint build; do step "$i" && checks+=("$i"); done
if [ ${#checks[@]} -gt 0 ]; then
  echo "== ${checks[*]} (in parallel)"
  parallel_scripts "${checks[@]}"
fi
step vitest || step playwright || exit 0

# A throw-away PostgreSQL cluster for the tests that prove the migrations on real PostgreSQL.
PG_DIR=$(mktemp -d /tmp/omise-pg.XXXXXX)
PG_PORT=${TEST_PG_PORT:-55432}
cleanup() {
  if [ -f "$PG_DIR/data/postmaster.pid" ]; then
    run_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_DIR"
}
run_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
trap cleanup EXIT
[ "$(id -u)" -eq 0 ] && chown postgres "$PG_DIR"
run_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust >/dev/null
run_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" \
  -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1" -w start >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"

if step vitest; then
  echo "== vitest (unit, API, routes)"
  npx vitest run
fi

if step playwright; then
  echo "== playwright (e2e against the running stack)"
  npx playwright test
fi
