#!/usr/bin/env bash
# Installs every system package Trident's build and tests need (Debian 12).
# Idempotent: does nothing when everything is already installed.
set -euo pipefail

packages=(
  cmake ninja-build ccache python3
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  lld-22 liblld-22-dev clang-22 libclang-rt-22-dev
  libgtest-dev googletest
  python3-numpy python3-pytest python3-ipython
  rocm-device-libs
  libhiredis-dev redis-server
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
