#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 with a `test` database (trust auth
# for local connections). Installs Debian's postgresql and starts a cluster when none answers.
set -euo pipefail
URL="${KABUTO_PG_URL:-postgres://postgres@127.0.0.1:5432/test}"

answers() { node -e "
  const { Client } = require('pg');
  const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
  c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));
" "$1" 2>/dev/null; }

cd "$(dirname "$0")/.."
if answers "$URL"; then echo "PostgreSQL answers at $URL"; exit 0; fi

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "Installing PostgreSQL (apt-get)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
VERSION=$(ls /etc/postgresql | sort -V | tail -n 1)
HBA="/etc/postgresql/$VERSION/main/pg_hba.conf"
if ! grep -q "kabuto-test" "$HBA"; then
  # Local test server only: trust connections from this machine.
  sed -i '1i # kabuto-test\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\nlocal all all trust' "$HBA"
fi
pg_ctlcluster --skip-systemctl-redirect "$VERSION" main start 2>/dev/null || pg_ctlcluster --skip-systemctl-redirect "$VERSION" main reload
for _ in $(seq 1 30); do
  if answers "postgres://postgres@127.0.0.1:5432/postgres"; then break; fi
  sleep 1
done
su postgres -c "psql -h 127.0.0.1 -tAc \"SELECT 1 FROM pg_database WHERE datname='test'\"" | grep -q 1 ||
  su postgres -c "createdb -h 127.0.0.1 test"
answers "$URL" && echo "PostgreSQL answers at $URL"
