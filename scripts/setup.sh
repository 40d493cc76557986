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
  binutils qemu-user xz-utils
  nodejs
)

# Wanted but not needed: a test skips (and says why) without them.
#   grhino: gtp-rhino, a third-party GTP engine engine-test is tested against
optional=(grhino)

installed() {
  [[ $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true) == "install ok installed" ]]
}
missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
missing_optional=()
for p in "${optional[@]}"; do installed "$p" || missing_optional+=("$p"); done
[[ ${#missing[@]} -eq 0 && ${#missing_optional[@]} -eq 0 ]] && exit 0

if [[ ${#missing[@]} -eq 0 ]]; then
  # Only optional packages are missing: try those apt knows of (quietly
  # nothing when it knows none, so that a machine without them stays
  # quiet), never fail for them.
  known=()
  for p in "${missing_optional[@]}"; do
    apt-cache show "$p" >/dev/null 2>&1 && known+=("$p")
  done
  missing_optional=("${known[@]}")
  if [[ $(id -u) -eq 0 && ${#missing_optional[@]} -gt 0 ]]; then
    echo "setup: installing ${missing_optional[*]} (optional)" >&2
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends \
        "${missing_optional[@]}"; } >/dev/null 2>&1 ||
      echo "setup: could not install ${missing_optional[*]}; the tests that use it are skipped" >&2
  fi
  exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
  echo "setup: missing packages: ${missing[*]}" >&2
  echo "setup: run as root:  apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
if [[ ${#missing_optional[@]} -gt 0 ]]; then
  apt-get install -y -qq --no-install-recommends "${missing_optional[@]}" >/dev/null 2>&1 ||
    echo "setup: could not install ${missing_optional[*]}; the tests that use it are skipped" >&2
fi
