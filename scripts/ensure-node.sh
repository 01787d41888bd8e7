#!/usr/bin/env bash
# `make lint` runs ESLint on the scripts, which needs Node (18 or later) and npm. Install Debian's when
# missing, as scripts/ensure-chromium.sh installs chromium; without root, say how.
set -euo pipefail
missing=()
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "make lint runs ESLint, which needs: ${missing[*]}. Install them: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} for ESLint..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
command -v npm >/dev/null || { echo "npm did not install" >&2; exit 1; }
