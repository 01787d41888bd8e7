#!/bin/sh
# Puts a dump made by backup.sh back into the database, replacing what is there, in one transaction
# (a failed restore leaves the database as it was). Stop the app servers first (README, "Host it for your club").
#
#   deploy/restore.sh /backups/scorekeeper-20261128T030000Z.dump
#
# DATABASE_URL, or PGHOST/PGUSER/PGPASSWORD/PGDATABASE, says which database; it must exist (it may be empty).
set -eu

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
  echo "usage: $0 FILE   (a dump made by backup.sh)" >&2
  exit 2
fi

database=${DATABASE_URL:-${PGDATABASE:-}}
[ -n "$database" ] || { echo "restore: set DATABASE_URL, or PGDATABASE (and PGHOST, PGUSER...)" >&2; exit 2; }
# --clean --if-exists: drop each table the dump holds before making it again, whether or not it is there.
pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error --dbname="$database" "$1"
echo "restore: $1 restored"
