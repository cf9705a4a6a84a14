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

# Below Linux's ephemeral range (32768–60999): a port there can be held by any client socket
# (after a browser-test run, 55432 was), and PostgreSQL then cannot bind it.
port=${PG_TEST_PORT:-25432}
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
# A port in use (another test run's server) is skipped: the next one is tried.
started=
for _ in 1 2 3 4 5 6 7 8; do
  if "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off" start >/dev/null; then
    started=1
    break
  fi
  grep -q 'could not create any TCP/IP sockets' "$dir/server.log" || break
  port=$((port + 1))
done
if [ -z "$started" ]; then
  # Say why (a shared-memory limit, …) before the folder is removed.
  cat "$dir/server.log" >&2 || true
  exit 1
fi
"$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres reisen_test
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') läuft auf 127.0.0.1:$port"
DATABASE_URL="postgres://postgres@127.0.0.1:$port/reisen_test" "$@"
