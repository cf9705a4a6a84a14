#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server on 127.0.0.1 (Debian's postgresql package),
# with DATABASE_URL set for it; the server and its data folder are removed afterwards.
set -euo pipefail

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ]; then
  if [ "$(id -u)" != 0 ]; then echo "PostgreSQL fehlt: bitte als root 'apt-get install -y postgresql' ausführen." >&2; exit 1; fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

port=${PG_TEST_PORT:-55432}
# A port something else already listens on (another test run's server) is skipped.
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
dir=$(mktemp -d /tmp/reisen-pg-XXXXXX)
as_pg=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home "$dir" postgres
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

"${as_pg[@]}" "$pg_bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
cleanup() { "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
if ! "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off" start >/dev/null; then
  # Say why (a port in use, a shared-memory limit …) before the folder is removed.
  cat "$dir/server.log" >&2 || true
  exit 1
fi
"$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres reisen_test
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') läuft auf 127.0.0.1:$port"
DATABASE_URL="postgres://postgres@127.0.0.1:$port/reisen_test" "$@"
