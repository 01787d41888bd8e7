#!/usr/bin/env bash
# The browser tests drive Debian's chromium: Playwright's own browser download cannot
# work here. Install it (and a CJK font, so tile faces render as on a phone) when missing.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing+=(fonts-noto-cjk)
# GNU gettext for `make messages` (makemessages/compilemessages); the compiled .mo files are committed.
command -v msgfmt >/dev/null || missing+=(gettext)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "The browser tests need: ${missing[*]}. Install them: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
[ -x /usr/bin/chromium ] || { echo "chromium did not install" >&2; exit 1; }
