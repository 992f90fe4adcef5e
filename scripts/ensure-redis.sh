#!/usr/bin/env bash
# Makes sure a Redis server answers on 127.0.0.1:6379 (the two-node scenarios of the
# fault-injection suite). Installs Debian's redis-server and starts it when none answers.
set -euo pipefail
URL="${KABUTO_TEST_REDIS_URL:-redis://127.0.0.1:6379}"

answers() { node -e "
  const { Redis } = require('ioredis');
  const r = new Redis(process.argv[1], { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.connect().then(() => r.ping()).then(() => { r.disconnect(); process.exit(0); }, () => process.exit(1));
" "$1" 2>/dev/null; }

cd "$(dirname "$0")/.."
if answers "$URL"; then echo "Redis answers at $URL"; exit 0; fi

if ! command -v redis-server >/dev/null 2>&1; then
  echo "Installing Redis (apt-get)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq redis-server >/dev/null
fi
redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no >/dev/null
for _ in $(seq 1 30); do
  if answers "$URL"; then echo "Redis answers at $URL"; exit 0; fi
  sleep 1
done
echo "Redis does not answer at $URL" >&2
exit 1
