#!/usr/bin/env bash
# A stand-in for node:20-bookworm-slim on a machine that reaches Debian's archive but no container
# registry: Debian bookworm from Debian's own packages (debootstrap), with this machine's Node 20
# and npm, imported as an image. Then build Tolk on it (README: Deploy):
#   podman build --build-arg BASE_IMAGE=localhost/tolk-base:bookworm-node20 -t tolk .
# Usage (as root): scripts/container-base.sh [TAG]   CONTAINER_ENGINE=docker to import into Docker.
set -euo pipefail

tag=${1:-localhost/tolk-base:bookworm-node20}
engine=${CONTAINER_ENGINE:-podman}

fail() {
  echo "container-base: $*" >&2
  exit 1
}
[ "$(id -u)" = 0 ] || fail 'debootstrap needs root'
command -v debootstrap >/dev/null || fail 'debootstrap is missing: apt-get install -y debootstrap'
command -v "$engine" >/dev/null || fail "$engine is missing: apt-get install -y podman (or set CONTAINER_ENGINE)"
node=$(readlink -f "$(command -v node)")
version=$("$node" -p 'process.versions.node')
case $version in
  20.*) ;;
  *) fail "needs Node 20 on this machine, found $version" ;;
esac
# npm's own folder (…/node_modules/npm), wherever the npm on PATH lives.
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
[ -f "$npm_dir/package.json" ] || fail "npm's folder not found beside $(command -v npm)"

rootfs=$(mktemp -d)
trap 'rm -rf "$rootfs"' EXIT
# DEBIAN_MIRROR picks a mirror; unset, debootstrap uses its default one.
debootstrap --variant=minbase bookworm "$rootfs" ${DEBIAN_MIRROR:+"$DEBIAN_MIRROR"}

# Where the official image keeps them: /usr/local/bin, /usr/local/lib/node_modules/npm.
install -m 0755 "$node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
chroot "$rootfs" node --version >/dev/null || fail "this machine's Node does not run in Debian bookworm"
# This machine's certificate authorities, for Node and npm (a network that inspects TLS has its own).
ca=/etc/ssl/certs/ca-certificates.crt
[ -f "$ca" ] || fail "no $ca on this machine"
install -D -m 0644 "$ca" "$rootfs/usr/local/share/tolk-base/ca-certificates.crt"
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin

tar -C "$rootfs" --numeric-owner -c . |
  "$engine" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/tolk-base/ca-certificates.crt' \
    --change 'CMD ["node"]' \
    - "$tag"
echo "container-base: $tag (Debian bookworm, Node $version, npm $("$node" "$npm_dir/bin/npm-cli.js" --version))"
