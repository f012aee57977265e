#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# build/bin/tnlock: picks the Verilated model for the configuration (keys k, n, vcs, rtl, fault;
# from the command line or --config), builds it once if it is missing, and runs it with the same
# arguments. rtl=net (default) is the tn_torus network; rtl=rtr wires one tn_router per node.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
k=4 n=2 vcs=2 rtl=net fault= term=1 routing=dor
take() {
    case "$1" in
        k=*) k=${1#k=} ;; n=*) n=${1#n=} ;; vcs=*) vcs=${1#vcs=} ;;
        rtl=*) rtl=${1#rtl=} ;; fault=*) fault=${1#fault=} ;;
        term=*) term=${1#term=} ;; routing=*) routing=${1#routing=} ;;
    esac
}
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    a=${args[$i]}
    if [ "$a" = --config ] && [ $((i + 1)) -lt ${#args[@]} ] && [ -r "${args[$((i + 1))]}" ]; then
        while IFS= read -r line; do
            line=${line%%#*}; line=${line// /}
            [ -n "$line" ] && take "$line"
        done < "${args[$((i + 1))]}"
    else
        take "$a"
    fi
done
case "$rtl" in net|rtr) ;; *) echo "tnlock: error: key 'rtl': value '$rtl' is not allowed; allowed: net rtr" >&2; exit 2 ;; esac
for v in "k:$k" "n:$n" "vcs:$vcs" "term:$term"; do
    if ! [[ ${v#*:} =~ ^[0-9]+$ ]]; then
        echo "tnlock: error: key '${v%%:*}': value '${v#*:}' is not an integer" >&2; exit 2
    fi
done
# GAL: the router beside its network interface (rtr only); term > 1 gets its own model
gal=
if [ "$routing" = gal ]; then
    if [ "$rtl" != rtr ]; then
        echo "tnlock: error: key 'rtl': value '$rtl' is not allowed with routing=gal; allowed: rtr (the GAL network interface is lockstepped beside each tn_router)" >&2
        exit 2
    fi
    gal=_gal
fi
tsfx=
[ "$term" = 1 ] || tsfx=_t$term
name=${rtl}_k${k}n${n}v${vcs}${tsfx}${gal}${fault:+_fault_$fault}
bin=$root/build/vl/$name/tnlock
# make rebuilds the model only when the RTL, the model library or the harness changed
make -s -C "$root" "build/vl/$name/tnlock" >&2 || { echo "tnlock: error: building $name failed" >&2; exit 2; }
exec "$bin" "$@"
