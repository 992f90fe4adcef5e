#!/usr/bin/env bash
# The browser journeys drive Debian's Chromium through playwright-core (and screenshots need CJK
# fonts for the Chinese and Japanese screens); install them when missing.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || need+=(fonts-noto-cjk)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]} (apt-get)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
/usr/bin/chromium --version
