#!/bin/sh
# Repeats in product code only (no tests, migrations, fixtures, e2e, bench): copies those files of
# the current checkout to a temporary folder and runs the `duplicates` command of the tool library
# there. Usage: scripts/product-duplicates.sh [duplicates options, e.g. --most 200]
set -e
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
git ls-files -co --exclude-standard apps packages scripts |
  grep -E '\.(ts|tsx|mjs|js|css)$' |
  grep -vE '\.(test|spec)\.tsx?$|/test/|/e2e/|migrations|/fuzz/|fixture|test-|/bench/' |
  while read -r f; do
    [ -f "$f" ] && mkdir -p "$out/$(dirname "$f")" && cp "$f" "$out/$f"
  done
duplicates --repo "$out" --seconds 200 "$@"
