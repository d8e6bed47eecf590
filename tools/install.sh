#!/usr/bin/env bash
# Installs the goalhost command into a prefix: DIR/bin/goalhost, its packages in
# DIR/lib/node_modules/@goalhost. From this clone it builds and packs the packages first
# (tools/pack-packages.js); the tarballs bundle their third-party dependencies, so nothing is
# fetched and the install works offline. Needs `npm ci` done in the clone.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: tools/install.sh --prefix DIR                 build and pack this clone, install goalhost into DIR
       tools/install.sh --prefix DIR --from TARBALLS  install the goalhost-*.tgz found in the directory TARBALLS
       tools/install.sh --pack TARBALLS              build and pack this clone into the directory TARBALLS
--pack with --prefix installs and keeps the tarballs. DIR/bin/goalhost is the command; add DIR/bin to PATH.
USAGE
}

root=$(cd "$(dirname "$0")/.." && pwd)
prefix='' from='' pack=''
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix|--from|--pack)
      [ $# -ge 2 ] || { echo "install.sh: $1 needs a directory" >&2; usage >&2; exit 2; }
      declare "${1#--}=$2"
      shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
if [ -z "$prefix" ] && [ -z "$pack" ]; then usage >&2; exit 2; fi
if [ -n "$from" ] && [ -n "$pack" ]; then echo "install.sh: --from installs existing tarballs, --pack makes them: give one" >&2; exit 2; fi

if [ -z "$from" ]; then
  [ -d "$root/node_modules" ] || { echo "install.sh: $root has no node_modules; run npm ci there first" >&2; exit 1; }
  from=${pack:-$(mktemp -d "${TMPDIR:-/tmp}/goalhost-tarballs.XXXXXX")}
  [ -n "$pack" ] || trap 'rm -rf "$from"' EXIT
  (cd "$root" && npm run --silent build)
  node "$root/tools/pack-packages.js" "$from" >/dev/null
  [ -z "$pack" ] || echo "Packed goalhost into $(cd "$from" && pwd)"
fi
[ -n "$prefix" ] || exit 0

[ -d "$from" ] || { echo "install.sh: $from is not a directory of goalhost-*.tgz; make one with tools/install.sh --pack $from" >&2; exit 1; }
shopt -s nullglob
tarballs=("$(cd "$from" && pwd)"/goalhost-*.tgz)
[ ${#tarballs[@]} -gt 0 ] || { echo "install.sh: no goalhost-*.tgz in $from; make them with tools/install.sh --pack $from" >&2; exit 1; }
mkdir -p "$prefix"
npm install --global --prefix "$prefix" --offline --no-audit --no-fund --loglevel=error "${tarballs[@]}"
echo "Installed $("$prefix/bin/goalhost" --version | head -1) as $(cd "$prefix" && pwd)/bin/goalhost"
