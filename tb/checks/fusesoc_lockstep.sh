#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The lockstep target of tn.core (FuseSoC): the lockstep set of make test from the core's root
# (FuseSoC sets FILES_ROOT), building tnlock and its Verilated models with make.
set -euo pipefail
cd "${FILES_ROOT:-$(dirname "${BASH_SOURCE[0]}")/../..}"
make --no-print-directory build/bin/tnlock build/obj/libtn.a build/obj/tnlock.a >/dev/null
bash tb/checks/lockstep.sh
