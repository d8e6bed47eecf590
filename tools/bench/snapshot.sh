#!/usr/bin/env bash
# Builds a private copy of a commit (default HEAD) of this tree, so a long benchmark or a profile
# measures one fixed version while others keep editing and rebuilding the shared work tree:
#   tools/bench/snapshot.sh [COMMIT] [DIR]   (DIR default /tmp/goalhost-snapshot)
# then: npm run bench -- --goalhost DIR/packages/cli/bin/goalhost.js
#       node tools/bench/profile.js huge --goalhost DIR/packages/cli/bin/goalhost.js
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
commit="${1:-HEAD}"
dir="${2:-/tmp/goalhost-snapshot}"
rm -rf "$dir"
mkdir -p "$dir"
git -C "$root" archive "$commit" | tar -x -C "$dir"
# node_modules holds the workspace links (relative, so they point into the copy) and the
# third-party packages; package.json changes after the commit need `npm install` there instead.
cp -a "$root/node_modules" "$dir/node_modules"
# The commit's own build: compiling alone leaves out the steps after tsc (the cxx descriptor copied into its package).
(cd "$dir" && npm run build --silent)
git -C "$root" rev-parse --short "$commit" > "$dir/.snapshot-commit"
echo "snapshot of $(git -C "$root" rev-parse --short "$commit") built in $dir"
