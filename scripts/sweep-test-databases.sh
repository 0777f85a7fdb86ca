#!/usr/bin/env bash
# Drops the test databases (move_test_<pid>_<hex>) whose test process has ended: a test
# process drops its databases beside its next tests (internal/testdb), so its last ones
# may outlive it. Run after `go test`; the next test process sweeps them too.
set -euo pipefail
admin=${1:?usage: sweep-test-databases.sh ADMIN_URL}
psql "$admin" -Atc "SELECT datname FROM pg_database WHERE datname ~ '^move_test_[0-9]+_[0-9a-f]+\$'" |
while read -r name; do
  pid=${name#move_test_}; pid=${pid%%_*}
  if ! kill -0 "$pid" 2>/dev/null; then
    psql "$admin" -q -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" || true
  fi
done
