#!/usr/bin/env bash
# Renders the project's icon SVGs to the PNGs in public/icons with headless Chromium.
# Run by hand after editing an SVG; the PNGs are committed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../public/icons"
tmp=$(mktemp -d)
render() { # svg size png
  printf '<html><body style="margin:0;background:transparent"><img src="file://%s" width="%s" height="%s"></body></html>' "$here/$1" "$2" "$2" > "$tmp/page.html"
  chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$tmp/profile" \
    --default-background-color=00000000 --hide-scrollbars \
    --window-size="$2,$2" --screenshot="$out/$3" "file://$tmp/page.html" >/dev/null 2>&1
}
render icon.svg 192 icon-192.png
render icon.svg 512 icon-512.png
render icon-maskable.svg 512 icon-maskable-512.png
cp "$here/icon.svg" "$out/icon.svg"
rm -rf "$tmp"
ls -l "$out"
