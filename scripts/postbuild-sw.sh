#!/usr/bin/env bash
# Trunk post-build hook: writes sw.js into the staging dir with the list of files to precache
# and a cache name that changes whenever any of them does.
set -euo pipefail
staging="${TRUNK_STAGING_DIR:?run by trunk}"
source_dir="${TRUNK_SOURCE_DIR:-$(pwd)}"
cd "$staging"
mapfile -t files < <(find . -type f ! -name sw.js ! -name '*.map' ! -name '404.html' | sed 's|^\./||' | LC_ALL=C sort)
build=$(cat "${files[@]}" | sha256sum | cut -c1-16)
list='["./"'
for f in "${files[@]}"; do list+=",\"./$f\""; done
list+=']'
sed -e "s|__SATCHEL_BUILD__|$build|" -e "s|__SATCHEL_FILES__|$list|" "$source_dir/public/sw.js" > sw.js
echo "sw.js: cache satchel-$build, ${#files[@]} files"
