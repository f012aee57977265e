#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# build/bin/tnlock: picks the Verilated model for the configuration (keys k, n, vcs, rtl, fault;
# from the command line or --config), builds it once if it is missing, and runs it with the same
# arguments. rtl=net (default) is the tn_torus network; rtl=rtr wires one tn_router per node.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
k=4 n=2 vcs=2 rtl=net fault=
take() {
    case "$1" in
        k=*) k=${1#k=} ;; n=*) n=${1#n=} ;; vcs=*) vcs=${1#vcs=} ;;
        rtl=*) rtl=${1#rtl=} ;; fault=*) fault=${1#fault=} ;;
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
for v in "k:$k" "n:$n" "vcs:$vcs"; do
    if ! [[ ${v#*:} =~ ^[0-9]+$ ]]; then
        echo "tnlock: error: key '${v%%:*}': value '${v#*:}' is not an integer" >&2; exit 2
    fi
done
name=${rtl}_k${k}n${n}v${vcs}${fault:+_fault_$fault}
bin=$root/build/vl/$name/tnlock
# make rebuilds the model only when the RTL, the model library or the harness changed
make -s -C "$root" "build/vl/$name/tnlock" >&2 || { echo "tnlock: error: building $name failed" >&2; exit 2; }
exec "$bin" "$@"
