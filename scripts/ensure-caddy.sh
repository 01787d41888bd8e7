#!/usr/bin/env bash
# The proxy tests (tests/ops/test_caddyfile.py) run deploy/Caddyfile with Debian's caddy, the version
# deploy/compose.yaml pins (2.6.2 on bookworm). Install it when missing, the way ensure-chromium.sh installs
# chromium, as a binary only: the tests start their own Caddy on free ports, so the package's system service
# must not start (it would take ports 80 and 443 on this machine).
set -euo pipefail
[ -x /usr/bin/caddy ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "The proxy tests need caddy. Install it without starting its service:" >&2
  echo "  sudo apt-get install -y caddy && sudo systemctl disable --now caddy" >&2
  exit 1
fi
echo "Installing caddy for the proxy tests..."
# policy-rc.d answering 101 ("action forbidden") keeps the package's scripts from starting the service.
policy=/usr/sbin/policy-rc.d
saved=""
if [ -e "$policy" ]; then saved=$(mktemp); cp -p "$policy" "$saved"; fi
restore_policy() { if [ -n "$saved" ]; then mv "$saved" "$policy"; else rm -f "$policy"; fi; }
trap restore_policy EXIT
printf '#!/bin/sh\nexit 101\n' > "$policy"
chmod 755 "$policy"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends caddy >/dev/null
# Where systemd runs, the unit is enabled at install: off, so no reboot starts it either.
if [ -d /run/systemd/system ]; then systemctl disable --now caddy.service >/dev/null 2>&1 || true; fi
[ -x /usr/bin/caddy ] || { echo "caddy did not install" >&2; exit 1; }
