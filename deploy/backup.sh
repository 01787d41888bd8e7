#!/bin/sh
# A dump of the database into BACKUP_DIR, then dumps older than BACKUP_KEEP_DAYS removed.
# compose.yaml's backup service runs it every night; tests/ops/test_backup.py runs it as it is.
#
#   deploy/backup.sh            # DATABASE_URL, or PGHOST/PGUSER/PGPASSWORD/PGDATABASE, says which database
#
# BACKUP_DIR: where the dumps go (default /backups); BACKUP_KEEP_DAYS: how long they are kept (default 14).
set -eu

dir=${BACKUP_DIR:-/backups}
keep_days=${BACKUP_KEEP_DAYS:-14}
# A URL or a database's name: pg_dump's --dbname takes either (the PG* variables fill in the rest).
database=${DATABASE_URL:-${PGDATABASE:-}}
[ -n "$database" ] || { echo "backup: set DATABASE_URL, or PGDATABASE (and PGHOST, PGUSER...)" >&2; exit 2; }
mkdir -p "$dir"
file="$dir/scorekeeper-$(date -u +%Y%m%dT%H%M%SZ).dump"

# pg_dump's custom format: compressed, and pg_restore can put it back over a live database (restore.sh).
# Written under a temporary name first, so a dump cut short is never taken for a backup (nor left behind).
trap 'rm -f "$file.partial"' EXIT
pg_dump --format=custom --no-owner --file="$file.partial" --dbname="$database"
mv "$file.partial" "$file"
echo "backup: $file ($(wc -c < "$file") bytes)"

# Older than keep_days, to the minute (find's -mtime counts whole days, rounding down).
find "$dir" -maxdepth 1 -type f -name 'scorekeeper-*.dump' -mmin "+$((keep_days * 24 * 60))" \
  -print -exec rm -f {} + | sed 's/^/backup: removed /'
