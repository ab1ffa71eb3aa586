#!/usr/bin/env bash
# The work order's tests read the PDFs the server makes with Poppler's pdftotext and render them with
# pdftoppm (Debian's poppler-utils); install it when it is missing (needs root and apt).
set -euo pipefail
if command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Poppler is missing: run 'sudo apt-get install -y poppler-utils' (the PDF tests need pdftotext and pdftoppm)." >&2
  exit 1
fi
echo "Installing poppler-utils from Debian's packages for the PDF tests…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null
