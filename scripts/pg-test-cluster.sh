#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for the integration tests (TEST_DATABASE_URL).
#
#   eval "$(scripts/pg-test-cluster.sh start)"   # prints `export TEST_DATABASE_URL=...` and `export PG_TEST_DIR=...`
#   ...run tests...
#   scripts/pg-test-cluster.sh stop "$PG_TEST_DIR"   # or just `stop` with PG_TEST_DIR exported
#
# start: installs Debian's `postgresql` with apt-get if no /usr/lib/postgresql/*/bin/initdb exists (root only),
#        initdb's a fresh cluster in a new temp dir (trust auth, superuser `postgres`), starts it on 127.0.0.1
#        at a free port (from PG_TEST_PORT, default 54329, upwards), creates database `app_test`.
#        Only the export lines go to stdout; progress and errors go to stderr.
# stop:  `pg_ctl stop -m fast` on that cluster and removes its temp dir. Safe to call twice.
# restart [dir] [fast|immediate]: `pg_ctl restart` of that cluster (default `fast`: ends every connection,
#        as routine maintenance does; `immediate`: as a crash would), same port and data. The topology
#        tests use it to restart the database under load.
#
# Postgres refuses to run as root, so as root the server runs as the `postgres` OS user (created by the
# Debian package, or here if missing). As a non-root user it runs as that user.
set -euo pipefail

DB_NAME="${PG_TEST_DB:-app_test}"
MARKER=".pg-test-cluster"

log() { printf '[pg-test-cluster] %s\n' "$*" >&2; }
die() {
  log "ERROR: $*"
  exit 1
}

find_bindir() {
  local initdb
  initdb="$(ls -1 /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$initdb" ]; then dirname "$initdb"; fi
}

ensure_postgres_installed() {
  if [ -n "$(find_bindir)" ]; then return 0; fi
  [ "$(id -u)" -eq 0 ] || die "PostgreSQL server binaries not found. Install them as root: apt-get update && apt-get install -y postgresql"
  log "PostgreSQL not installed; installing Debian's postgresql package..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >&2
  apt-get install -y postgresql >&2
  [ -n "$(find_bindir)" ] || die "apt-get install postgresql finished but no /usr/lib/postgresql/*/bin/initdb was found"
}

# Run a command as the cluster owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

port_in_use() {
  # A successful TCP connect means something is listening there.
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

pick_port() {
  local port="${PG_TEST_PORT:-54329}" tries=0
  while port_in_use "$port"; do
    port=$((port + 1))
    tries=$((tries + 1))
    [ "$tries" -lt 200 ] || die "no free port found from ${PG_TEST_PORT:-54329} upwards"
  done
  echo "$port"
}

cmd_start() {
  ensure_postgres_installed
  local bindir dir port
  bindir="$(find_bindir)"
  if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
    log "creating system user postgres"
    useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  fi

  dir="$(mktemp -d "${TMPDIR:-/tmp}/pg-test.XXXXXX")"
  touch "$dir/$MARKER"
  chmod 755 "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$dir"; fi

  log "initdb ($bindir) in $dir/data"
  if ! as_owner "$bindir/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 --no-sync \
    >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    die "initdb failed"
  fi

  port="$(pick_port)"
  log "starting on 127.0.0.1:$port (log: $dir/server.log)"
  local opts="-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off"
  opts="$opts -c full_page_writes=off -c max_connections=200"
  if ! as_owner "$bindir/pg_ctl" start -D "$dir/data" -w -t 60 -l "$dir/server.log" -o "$opts" >&2; then
    cat "$dir/server.log" >&2 || true
    as_owner "$bindir/pg_ctl" stop -D "$dir/data" -m immediate >/dev/null 2>&1 || true
    rm -rf "$dir"
    die "pg_ctl start failed"
  fi
  echo "$port" >"$dir/port"

  if ! "$bindir/psql" -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE DATABASE $DB_NAME" >&2; then
    cmd_stop "$dir"
    die "could not create database $DB_NAME"
  fi

  log "ready: database $DB_NAME, data dir $dir"
  echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/$DB_NAME"
  echo "export PG_TEST_DIR=$dir"
}

cmd_stop() {
  local dir="${1:-${PG_TEST_DIR:-}}"
  [ -n "$dir" ] || die "usage: $0 stop <dir> (or export PG_TEST_DIR)"
  if [ ! -d "$dir" ]; then
    log "$dir does not exist; nothing to stop"
    return 0
  fi
  [ -f "$dir/$MARKER" ] || die "$dir was not created by this script (no $MARKER); refusing to touch it"
  local bindir
  bindir="$(find_bindir)"
  if [ -n "$bindir" ] && [ -f "$dir/data/postmaster.pid" ]; then
    log "stopping cluster in $dir"
    as_owner "$bindir/pg_ctl" stop -D "$dir/data" -m fast -w -t 30 >&2 ||
      as_owner "$bindir/pg_ctl" stop -D "$dir/data" -m immediate -w -t 30 >&2 ||
      log "WARNING: pg_ctl stop failed"
  fi
  rm -rf "$dir"
  log "removed $dir"
}

cmd_restart() {
  local dir="${1:-${PG_TEST_DIR:-}}" mode="${2:-fast}"
  [ -n "$dir" ] || die "usage: $0 restart <dir> [fast|immediate] (or export PG_TEST_DIR)"
  [ -f "$dir/$MARKER" ] || die "$dir was not created by this script (no $MARKER); refusing to touch it"
  case "$mode" in fast | immediate) ;; *) die "restart mode must be fast or immediate, not $mode" ;; esac
  local bindir
  bindir="$(find_bindir)"
  [ -n "$bindir" ] || die "PostgreSQL server binaries not found"
  log "restarting cluster in $dir (-m $mode)"
  # pg_ctl restart starts the server again with the options it was started with (postmaster.opts).
  as_owner "$bindir/pg_ctl" restart -D "$dir/data" -m "$mode" -w -t 60 -l "$dir/server.log" >&2 ||
    die "pg_ctl restart failed"
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop "${2:-}" ;;
  restart) cmd_restart "${2:-}" "${3:-}" ;;
  *)
    echo "usage: $0 start | stop [dir] | restart [dir] [fast|immediate]" >&2
    exit 2
    ;;
esac
