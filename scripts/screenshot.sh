#!/usr/bin/env bash
# Opens a picture or page written by `cubework draw` (an .svg or .html file) in headless
# Chromium and saves a screenshot, for checking it by eye.
#
#   scripts/screenshot.sh FILE [OUT.png] [WIDTH,HEIGHT] [MOVES]
#
# OUT.png defaults to FILE with .png; the window to 1000,760. MOVES (an HTML page only) are
# made by the page on load, e.g. "R U R' U'" (the page reads them from its address).
# Chromium comes from the distribution's packages; if it is missing and we are root, it is
# installed with apt-get.
set -euo pipefail

if [[ $# -lt 1 ]]; then
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
file=$1
out=${2:-${file%.*}.png}
size=${3:-1000,760}
moves=${4:-}

if [[ ! -f $file ]]; then
    echo "screenshot: no such file: $file" >&2
    exit 2
fi

browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $browser ]]; then
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
        echo "screenshot: installing chromium (Debian package)…" >&2
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
        browser=$(command -v chromium)
    else
        echo "screenshot: chromium not found; install it (e.g. sudo apt-get install chromium)" >&2
        exit 1
    fi
fi

url="file://$(realpath "$file")"
if [[ -n $moves ]]; then
    # The page reads moves after '#'; encode the spaces and primes.
    url+="#$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$moves")"
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --user-data-dir="$profile" --window-size="$size" \
    --virtual-time-budget=2000 --screenshot="$(realpath -m "$out")" "$url" 2>/dev/null
echo "$out"
