#!/usr/bin/env bash
# Builds the release tarball from the shaded jar that `./mvnw package` made:
#   target/mcp-fuzzer-VERSION-dist.tar.gz
#     mcp-fuzzer-VERSION/mcp-fuzzer           launcher (finds the jar beside itself, follows symlinks)
#     mcp-fuzzer-VERSION/mcp-fuzzer-all.jar   the shaded jar (every dependency inside)
#     mcp-fuzzer-VERSION/README.md, docs/     the user documentation
# Usage: scripts/make-dist.sh [PROJECT_DIR]   (default: the directory above this script)
# The build runs it in the package phase (pom.xml, execution make-dist); run it by hand after
# `./mvnw -DskipTests package` if you skipped that. Exits non-zero if no shaded jar is found.
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
target="$root/target"
shopt -s nullglob
jars=("$target"/mcp-fuzzer-*-all.jar)
if [ "${#jars[@]}" -eq 0 ]; then
  echo "make-dist: no target/mcp-fuzzer-*-all.jar; run ./mvnw -DskipTests package" >&2
  exit 1
fi
# after a version change without `clean` older jars may remain: take the newest
jar=$(ls -t "${jars[@]}" | head -1)
version=$(basename "$jar" | sed 's/^mcp-fuzzer-\(.*\)-all\.jar$/\1/')
name="mcp-fuzzer-$version"
stage=$(mktemp -d "$target/dist-stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/docs"
cp "$jar" "$stage/$name/mcp-fuzzer-all.jar"
install -m 0755 "$root/scripts/dist/mcp-fuzzer" "$stage/$name/mcp-fuzzer"
cp "$root/README.md" "$stage/$name/"
find "$root/docs" -maxdepth 1 -name '*.md' -exec cp {} "$stage/$name/docs/" \;
if [ -d "$root/docs/examples" ]; then cp -r "$root/docs/examples" "$stage/$name/docs/"; fi
out="$target/$name-dist.tar.gz"
# stable order and owner, so two builds of the same jar give the same listing
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner -czf "$out.tmp" "$name"
mv -f "$out.tmp" "$out"
echo "make-dist: wrote $out" >&2
