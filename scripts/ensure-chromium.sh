#!/usr/bin/env bash
# Browser journeys drive Debian's Chromium; install it when it is missing (needs root and apt).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' (browser journeys need /usr/bin/chromium)." >&2
  exit 1
fi
echo "Installing Chromium from Debian's packages for the browser journeys…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
