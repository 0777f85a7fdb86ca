#!/usr/bin/env bash
# Prints the URL of a Postgres server to use, starting one if none answers.
#  1. POSTGRES_ADMIN_URL, if set.
#  2. The machine's Postgres on 127.0.0.1:5432 (trust auth, user postgres;
#     MACHINE_PG_PORT names another port).
#  3. Otherwise a project-local cluster under .pgdata/ on port 54329, made with initdb
#     (Debian's postgresql package is installed first when missing and we are root).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${POSTGRES_ADMIN_URL:-}" ]; then echo "$POSTGRES_ADMIN_URL"; exit 0; fi

machine_port=${MACHINE_PG_PORT:-5432}
if command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p "$machine_port" -U postgres; then
  echo "postgres://postgres@127.0.0.1:$machine_port/postgres?sslmode=disable"; exit 0
fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
if [ -z "$bindir" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing Debian's postgresql package…" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) >&2
    bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)
  else
    echo "No Postgres answers on 127.0.0.1:5432 and its server programs are missing." >&2
    echo "Install them (Debian: sudo apt-get install postgresql) or set POSTGRES_ADMIN_URL." >&2
    exit 1
  fi
fi

data="$PWD/.pgdata"
port=54329
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); fi
if [ ! -f "$data/PG_VERSION" ]; then
  mkdir -p "$data"
  [ "$(id -u)" = 0 ] && chown postgres "$data" && chmod 700 "$data" && chmod o+x "$PWD"
  "${as_pg[@]}" "$bindir/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --no-locale >&2
fi
if ! "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port"; then
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$data" -l "$data/server.log" -w \
    -o "-p $port -k $data -c listen_addresses=127.0.0.1" start >&2
fi
echo "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
