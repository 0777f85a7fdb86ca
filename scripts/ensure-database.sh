#!/usr/bin/env bash
# Prints the URL of the database named $1 (default move), created if missing, on the
# server scripts/ensure-postgres.sh finds or starts.
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:-move}
admin=$(scripts/ensure-postgres.sh)
if ! psql "$admin" -tAc "SELECT 1 FROM pg_database WHERE datname = '$name'" | grep -q 1; then
  psql "$admin" -q -c "CREATE DATABASE $name" >&2
fi
echo "${admin%/postgres?sslmode=disable}/$name?sslmode=disable"
