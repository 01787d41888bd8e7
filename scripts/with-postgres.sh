#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster: initdb in a temporary folder as
# the postgres user (the server refuses to run as root), listen on 127.0.0.1 only, export
# DATABASE_URL for the command, then stop the server and remove the folder whatever happens.
#
#   scripts/with-postgres.sh .venv/bin/python -m pytest
set -euo pipefail

PG_BIN=${PG_BIN:-}
if [ -z "$PG_BIN" ]; then
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL server binaries not found: installing Debian's postgresql" >&2
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

workdir=$(mktemp -d /tmp/scorekeeper-pg.XXXXXX)
chmod 755 "$workdir"
data="$workdir/data"
port=${PG_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
[ "$(id -u)" = 0 ] && chown postgres "$workdir"

cleanup() {
  as_postgres "$PG_BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT

as_postgres "$PG_BIN/initdb" -D "$data" -U postgres -A trust -E UTF8 --no-locale >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$data" -l "$workdir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $workdir -c fsync=off -c full_page_writes=off -c synchronous_commit=off" \
  start >/dev/null
as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U postgres scorekeeper

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/scorekeeper"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (throwaway cluster)" >&2
"$@"
