#!/usr/bin/env bash
# Installs the Debian packages the project needs, if any are missing.
# Quiet and idempotent when everything is present. Needs root to install;
# otherwise prints the exact apt-get line and exits non-zero.
set -euo pipefail

packages=(
  cmake make g++ git
  libgtest-dev librapidcheck-dev libbenchmark-dev libcli11-dev
  nlohmann-json3-dev libfmt-dev ccache
  libbenchmark-tools python3-matplotlib python3-scipy python3-jsonschema
  libopenmpi-dev openmpi-bin
  binutils qemu-user
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -ne 0 ]]; then
  echo "setup: missing packages: ${missing[*]}" >&2
  echo "setup: run as root:  apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
