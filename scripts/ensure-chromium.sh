#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (tests/support/browser.ts). `npm test` runs this first: it
# installs Chromium where this machine can (root with apt-get), or stops at once with the command to run.
set -euo pipefail
CHROMIUM=/usr/bin/chromium
[ -x "$CHROMIUM" ] && exit 0
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "Instalando Chromium para las pruebas del navegador (apt-get install chromium)…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null || true
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Las pruebas del navegador necesitan Chromium en $CHROMIUM: ejecute «sudo apt-get install -y chromium» y vuelva a lanzar npm test." >&2
exit 1
