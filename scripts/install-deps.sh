#!/usr/bin/env bash
# Installs the Debian packages ember needs, and only those that are missing.
# Idempotent: when everything is present it checks with dpkg and exits in well under a second.
#   scripts/install-deps.sh           build dependencies
#   scripts/install-deps.sh --test    also PyTorch 1.13 for the differential tests
set -euo pipefail

build_pkgs=(cmake ninja-build g++ ccache pkg-config
            libgtest-dev libgmock-dev libbenchmark-dev
            libsleef-dev libopenblas-dev libdnnl-dev libfftw3-dev nlohmann-json3-dev zlib1g-dev
            pybind11-dev python3-dev)
test_pkgs=(python3 python3-numpy python3-pytest python3-torch python3-torchvision python3-torchaudio)

want=("${build_pkgs[@]}")
for arg in "$@"; do
  case "$arg" in
    --test) want+=("${test_pkgs[@]}") ;;
    *) echo "install-deps.sh: unknown option '$arg'" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${want[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "install-deps.sh: installing ${missing[*]}"
sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
