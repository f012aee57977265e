#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install what tn needs and is missing: Debian packages with apt-get, Python modules with pip.
# Idempotent and quiet when everything is present.
set -euo pipefail
DEB_PKGS=(gcc g++ make libcmocka-dev python3 python3-pip verilator iverilog yosys gtkwave zlib1g-dev)
PY_MODS=(matplotlib)

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
missing=()
for p in "${DEB_PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq >/dev/null
    $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
for m in "${PY_MODS[@]}"; do
    if ! python3 -c "import $m" 2>/dev/null; then
        echo "setup: installing Python module: $m"
        # pip first; a Debian-managed python3 refuses pip (PEP 668): then the Debian package
        python3 -m pip install -q "$m" 2>/dev/null ||
            { $SUDO apt-get install -y -qq "python3-$m" >/dev/null; }
    fi
done
