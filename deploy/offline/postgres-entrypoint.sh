#!/bin/sh
# First start: a cluster owned by POSTGRES_USER (password POSTGRES_PASSWORD) with the database POSTGRES_DB, as the
# official image makes it (UTF8); then the server in the foreground as `postgres`, listening on every address.
set -eu
bin=/usr/lib/postgresql/15/bin
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
: "${POSTGRES_PASSWORD:?the official image refuses to start without POSTGRES_PASSWORD; so does this one}"
install -d -o postgres -g postgres -m 700 "$PGDATA"
install -d -o postgres -g postgres /run/postgresql
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pw=$(mktemp) && printf '%s\n' "$POSTGRES_PASSWORD" > "$pw" && chown postgres "$pw"
  runuser -u postgres -- "$bin/initdb" -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pw" -E UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256
  rm -f "$pw"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  runuser -u postgres -- "$bin/pg_ctl" -D "$PGDATA" -o "-c listen_addresses=''" -w start
  [ "$POSTGRES_DB" = postgres ] || runuser -u postgres -- "$bin/createdb" -U "$POSTGRES_USER" "$POSTGRES_DB"
  runuser -u postgres -- "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop
fi
# setpriv, not runuser: runuser stays as PID 1 and turns docker stop's SIGINT (a fast shutdown) into a SIGTERM and a
# SIGKILL 2 s later; the server itself must be PID 1 to get the signal.
if [ "${1:-}" = postgres ]; then
  shift
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
