#!/usr/bin/env bash
# Builds a Debian 12 base image from the machine's apt mirror, for machines without a container registry
# (CI among them), and makes podman ready to build and run the MeetFlow image on it:
#
#   bash scripts/container-base.sh          # idempotent: ~1 minute the first time, then a no-op
#   podman build --network host --format docker --build-arg BASE=localhost/debian:bookworm-slim -t meetflow .
#
# The image (localhost/debian:bookworm-slim, or BASE_IMAGE) is a debootstrap "minbase" of bookworm with the
# machine's apt sources, so that `RUN apt-get install` in the Dockerfile reaches the same mirror, and the
# machine's own certificate authorities, so that npm reaches the registry the way the machine does.
# Needs root (apt-get, debootstrap, chroot). podman runs with runc and the cgroupfs manager, which works
# where systemd does not manage cgroups (containers in CI).
set -euo pipefail
IMAGE=${BASE_IMAGE:-localhost/debian:bookworm-slim}

missing=()
for pkg in podman runc debootstrap podman-compose; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

mkdir -p /etc/containers
cat >/etc/containers/containers.conf <<'CONF'
[containers]
# Keep the machine's resource limits: a CI sandbox may not raise them.
default_ulimits = []
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
CONF

if podman image exists "$IMAGE"; then
  echo "$IMAGE is there"
  exit 0
fi

mirror=$(grep -rhoE 'https?://[^ ]+/debian/?' /etc/apt/sources.list /etc/apt/sources.list.d 2>/dev/null |
  grep -v -e security -e snapshot | head -n 1 || true)
[ -n "$mirror" ] || { echo "no Debian mirror in /etc/apt/sources.list*: cannot build $IMAGE" >&2; exit 1; }
root=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase --include=ca-certificates bookworm "$root" "$mirror" >"$log" 2>&1 ||
  { echo "debootstrap failed (log: $log)" >&2; exit 1; }
# The machine's apt sources inside the image.
cp /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/" 2>/dev/null || true
cp /etc/apt/sources.list "$root/etc/apt/sources.list" 2>/dev/null || true
# The machine's extra certificate authorities (e.g. a proxy's): the system store for apt, and
# NODE_EXTRA_CA_CERTS for Node and npm, as a public base trusts the public authorities.
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  chroot "$root" update-ca-certificates >/dev/null 2>&1
fi
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | podman import --change 'CMD ["bash"]' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$IMAGE" >/dev/null
podman run --rm --network host "$IMAGE" cat /etc/debian_version >/dev/null
rm -f "$log"
echo "$IMAGE imported ($(podman image inspect "$IMAGE" --format '{{.Size}}') bytes)"
