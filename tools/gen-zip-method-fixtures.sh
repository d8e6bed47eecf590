#!/usr/bin/env bash
# Writes test/fixtures/unpack/methods-deflate64.zip and methods-bzip2.zip with real archivers:
# 7-Zip (Deflate64, apt-get install p7zip-full) and Info-ZIP zip (bzip2, `zip -Z bzip2`).
# The contents come from tools/gen-zip-method-contents.js (deterministic); times are fixed.
#   tools/gen-zip-method-fixtures.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/test/fixtures/unpack"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
node "$root/tools/gen-zip-method-contents.js" "$work/src"
find "$work/src" -exec touch -h -d '2019-06-01 12:00:00 UTC' {} +
rm -f "$out/methods-deflate64.zip" "$out/methods-bzip2.zip"
(cd "$work/src" && TZ=UTC 7z a -bd -bso0 -tzip -mm=Deflate64 -mx=9 "$out/methods-deflate64.zip" far.bin runs.bin text/lines.txt)
(cd "$work/src" && TZ=UTC zip -q -X -Z bzip2 "$out/methods-bzip2.zip" text/lines.txt runs.bin)
unzip -v "$out/methods-deflate64.zip"
unzip -v "$out/methods-bzip2.zip"
