#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster: initdb in a temporary folder as
# the postgres user (the server refuses to run as root), listen on 127.0.0.1 only, export
# DATABASE_URL for the command, then stop the server and remove the folder whatever happens
# (the command's exit status is the script's).
#
#   scripts/with-postgres.sh .venv/bin/python -m pytest
#
# Debian's `postgresql` is installed first when the server binaries are missing.
# PG_BIN picks the binaries' folder, PG_PORT the port (default: a free one).
# The cluster trades durability for speed (fsync off): it is thrown away. PG_DURABLE=1
# keeps PostgreSQL's defaults, for timings that mean something (make load-pg).
set -euo pipefail

PG_BIN=${PG_BIN:-}
if [ -z "$PG_BIN" ]; then
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL server binaries not found: installing Debian's postgresql" >&2
  if [ "$(id -u)" = 0 ]; then sudo=(); else sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ] || { echo "postgresql did not install" >&2; exit 1; }
fi

if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || { echo "no postgres user to run the server as" >&2; exit 1; }
  as_postgres() { runuser -u postgres -- "$@"; }
else
  as_postgres() { "$@"; }
fi

workdir=$(mktemp -d "${TMPDIR:-/tmp}/scorekeeper-pg.XXXXXX")
chmod 755 "$workdir"
data="$workdir/data"
[ "$(id -u)" = 0 ] && chown postgres "$workdir"

cleanup() {
  as_postgres "$PG_BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

settings=(-c listen_addresses=127.0.0.1 -c "unix_socket_directories=$workdir")
if [ "${PG_DURABLE:-0}" != 1 ]; then
  settings+=(-c fsync=off -c full_page_writes=off -c synchronous_commit=off)
fi

as_postgres "$PG_BIN/initdb" -D "$data" -U postgres -A trust -E UTF8 --no-locale >/dev/null
# A free port can be taken between the probe and the start: try a few.
for attempt in 1 2 3; do
  port=${PG_PORT:-$(free_port)}
  if as_postgres "$PG_BIN/pg_ctl" -D "$data" -l "$workdir/server.log" -w -t 60 \
       -o "-p $port ${settings[*]}" start >/dev/null; then
    break
  fi
  if [ "$attempt" = 3 ] || [ -n "${PG_PORT:-}" ]; then
    echo "PostgreSQL did not start; its log:" >&2
    cat "$workdir/server.log" >&2 || true
    exit 1
  fi
done
as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U postgres scorekeeper

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/scorekeeper"
mode=$([ "${PG_DURABLE:-0}" = 1 ] && echo "durable" || echo "fsync off")
echo "Database: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" \
     "(throwaway cluster in $workdir, $mode)" >&2
"$@"
