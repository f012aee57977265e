#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The libFuzzer targets of tb/fuzz/ (tb/fuzz/README.md): which clang builds them, a timed run of
# each (make fuzz, make regress), and a short deterministic run of one as a TAP suite (make test).
# Every run starts from a copy of the target's seed corpus tb/fuzz/corpus/TARGET/ (new inputs go
# to the copy, never to the repository), with its dictionary tb/fuzz/TARGET.dict where there is
# one, its -max_len, a -timeout per input and an -rss_limit_mb; a finding (crash, sanitizer
# report, timeout, leak, out of memory, or a target's own check) leaves its input in
# build/fuzz/crashes/TARGET-KIND-SHA1, and the command that replays it is printed.
# Usage:
#   bash tb/checks/fuzz.sh cc
#       print the clang that links libFuzzer (clang, else clang-NN, newest first); none: a
#       message naming the Debian packages and exit 2
#   bash tb/checks/fuzz.sh time SECONDS [TARGET ...]
#       make fuzz (FUZZ_TIME, FUZZ) and make regress: each TARGET (default: every
#       build/fuzz/fuzz_* of tb/fuzz/fuzz_*.c) for SECONDS on build/fuzz/work/TARGET/ (kept
#       between runs: a later run goes on from what an earlier one found; FUZZ_SEED=n: libFuzzer's
#       -seed, else its own); prints per target the runs, cov, ft and corpus size, and last
#       "fuzz: N targets, F findings"; exit 1 on a finding
#   bash tb/checks/fuzz.sh runs N TARGET
#       make test: every input of the seed corpus once, then N runs from -seed=1 on a fresh copy
#       (build/fuzz/test/TARGET/), as TAP: "ok 1 - TARGET N runs cov C ft F", or "not ok" with
#       the reproducer and the command that replays it
# The environment's TN_FUZZ_CHECKS=sanitizers turns the targets' own checks off (fuzz_util.h).
# Built by make (build/fuzz/TARGET); this script only runs them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

TIMEOUT=${FUZZ_TIMEOUT:-10}  # seconds one input may take before it is a finding (a hang)
RSS_MB=${FUZZ_RSS_MB:-2048}  # memory of the whole process before it is a finding

# max_len TARGET: the longest input tried; past each reader's own limit so that its refusal of a
# long line or a long frame is reached (config: 1024-byte lines; stats: 4096; reply: 255-byte
# payloads, several frames)
max_len() {
    case $1 in
        fuzz_kv | fuzz_model) echo 2048 ;;
        fuzz_config | fuzz_trace) echo 4096 ;;
        fuzz_stats) echo 8192 ;;
        fuzz_reply) echo 2048 ;;
        fuzz_build) echo 512 ;;
        *) echo 4096 ;;
    esac
}

# the clang that links a libFuzzer target, or a message naming the packages and exit 2
find_cc() {
    local c probe
    probe=$(mktemp -d "${TMPDIR:-/tmp}/tn_fuzz_cc.XXXXXX")
    printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' > "$probe/p.c"
    for c in clang clang-20 clang-19 clang-18 clang-17 clang-16 clang-15 clang-14; do
        command -v "$c" >/dev/null 2>&1 || continue
        if "$c" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" >/dev/null 2>&1; then
            rm -rf "$probe"
            echo "$c"
            return 0
        fi
    done
    rm -rf "$probe"
    local have
    have=$(command -v clang clang-14 clang-15 clang-16 clang-17 clang-18 clang-19 clang-20 2>/dev/null | head -1 || true)
    if [ -z "$have" ]; then
        echo "fuzz: no clang: the libFuzzer targets need the Debian packages clang and libclang-rt-N-dev (N: clang's major version, 14 on Debian 12); 'make setup-core' installs them" >&2
    else
        echo "fuzz: $have cannot link -fsanitize=fuzzer: libFuzzer's runtime is missing: install the Debian package libclang-rt-$("$have" -dumpversion | cut -d. -f1)-dev ('make setup-core' does)" >&2
    fi
    exit 2
}

# all_targets: the targets in tb/fuzz/
all_targets() {
    local f
    for f in tb/fuzz/fuzz_*.c; do basename "$f" .c; done
}

check_target() {
    [ -f "tb/fuzz/$1.c" ] || { echo "fuzz: '$1' is not a target; allowed: $(all_targets | tr '\n' ' ')" >&2; exit 2; }
    [ -x "build/fuzz/$1" ] || { echo "fuzz: build/fuzz/$1 is missing: 'make build/fuzz/$1' builds it" >&2; exit 2; }
}

# run_fuzzer TARGET DIR LOG ARGS...: TARGET on the corpus DIR (a copy), its output in LOG;
# returns libFuzzer's exit status
run_fuzzer() {
    local t=$1 dir=$2 log=$3 dict=()
    shift 3
    [ ! -f "tb/fuzz/$t.dict" ] || dict=(-dict="tb/fuzz/$t.dict")
    mkdir -p build/fuzz/crashes
    local rc=0
    # -close_fd_mask=2: the targets' own messages on stderr (thousands of refusals a second) are
    # dropped; libFuzzer's lines and the sanitizers' reports still come (libFuzzer keeps a copy
    # of stderr for them)
    "build/fuzz/$t" "${dict[@]}" -max_len="$(max_len "$t")" -timeout="$TIMEOUT" \
        -rss_limit_mb="$RSS_MB" -artifact_prefix="build/fuzz/crashes/$t-" -print_final_stats=1 \
        -close_fd_mask=2 "$@" "$dir" > "$log" 2>&1 || rc=$?
    return $rc
}

# figures LOG: "RUNS COV FT" from a libFuzzer log (0 for those it did not print)
figures() {
    awk '/stat::number_of_executed_units:/ { runs = $2 }
         / cov: [0-9]+ / { for (i = 1; i < NF; i++) { if ($i == "cov:") cov = $(i + 1); if ($i == "ft:") ft = $(i + 1) } }
         END { printf "%d %d %d\n", runs, cov, ft }' "$1"
}

# finding LOG: the reproducer libFuzzer wrote ("" when none) and the kind of finding
artifact() { sed -n 's/.*Test unit written to \([^ ]*\).*/\1/p' "$1" | tail -1; }
kind() {
    grep -m1 -oE 'fuzz: finding: .{0,160}|ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer): [^ ]+( [^ ]+)?|SUMMARY: UndefinedBehaviorSanitizer: [^ ]+|runtime error: .{0,120}|ALARM: working on the last Unit for [0-9]+ seconds|out-of-memory \([^)]*\)' "$1" | head -1 || true
}

# frames LOG: the report's stack frames in the tree's own sources (the sanitizer's or abort's)
frames() {
    grep -E '^ *#[0-9]+ 0x[0-9a-f]+ in [A-Za-z_][A-Za-z0-9_]* .*/(cmodel|fpga|tb)/' "$1" |
        sed -E 's/^ *#[0-9]+ 0x[0-9a-f]+ in ([A-Za-z0-9_]+) .*\/((cmodel|fpga|tb)\/[^ ]*)$/\1 \2/' | head -n 8 || true
}

# copy_corpus TARGET DIR: the seed corpus copied into DIR (inputs already there are kept)
copy_corpus() {
    local t=$1 dir=$2
    mkdir -p "$dir"
    [ ! -d "tb/fuzz/corpus/$t" ] || cp -n "tb/fuzz/corpus/$t"/* "$dir"/ 2>/dev/null || true
}

case ${1:-} in
cc)
    find_cc
    ;;
time)
    secs=${2:-}
    [[ $secs =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FUZZ_TIME '$secs' is not allowed; allowed: seconds per target, an integer >= 1" >&2; exit 2; }
    shift 2
    targets=("$@")
    [ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(all_targets)
    for t in "${targets[@]}"; do check_target "$t"; done
    echo "fuzz: ${#targets[@]} targets, $secs s each (build/fuzz/work/TARGET/: the seed corpus and what runs found)"
    mkdir -p build/fuzz/log
    found=0
    for t in "${targets[@]}"; do
        dir=build/fuzz/work/$t log=build/fuzz/log/$t.log
        copy_corpus "$t" "$dir"
        n0=$(find "$dir" -type f | wc -l)
        rc=0
        seed=()
        [ -z "${FUZZ_SEED:-}" ] || seed=(-seed="$FUZZ_SEED")
        run_fuzzer "$t" "$dir" "$log" -max_total_time="$secs" "${seed[@]}" || rc=$?
        read -r runs cov ft < <(figures "$log")
        n1=$(find "$dir" -type f | wc -l)
        if [ "$rc" -eq 0 ]; then
            echo "fuzz: $t: $runs runs, cov $cov, ft $ft, corpus $n1 inputs ($((n1 - n0)) new)"
        else
            found=$((found + 1))
            a=$(artifact "$log")
            at="after $runs runs (cov $cov, ft $ft)"
            [ "$cov" -gt 0 ] || at="in the corpus, before fuzzing began"
            echo "fuzz: $t: FINDING $at: $(kind "$log")"
            frames "$log" | sed "s/^/fuzz: $t:   at /"
            if [ -n "$a" ]; then
                echo "fuzz: $t: reproducer $a; replay: build/fuzz/$t $a"
            else
                echo "fuzz: $t: exit status $rc and no reproducer written; see $log"
            fi
        fi
    done
    echo "fuzz: ${#targets[@]} targets, $found findings (logs: build/fuzz/log/)"
    [ "$found" -eq 0 ]
    ;;
runs)
    n=${2:-} t=${3:-}
    [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: runs '$n' is not allowed; allowed: an integer >= 1" >&2; exit 2; }
    check_target "$t"
    dir=build/fuzz/test/$t log=build/fuzz/log/test_$t.log
    rm -rf "$dir"
    mkdir -p build/fuzz/log
    copy_corpus "$t" "$dir"
    seeds=$(find "$dir" -type f | wc -l)
    rc=0
    run_fuzzer "$t" "$dir" "$log" -runs="$n" -seed=1 || rc=$?
    read -r runs cov ft < <(figures "$log")
    if [ "$rc" -eq 0 ]; then
        echo "ok 1 - $t $runs runs cov $cov ft $ft ($seeds corpus inputs, then -runs=$n -seed=1)"
    else
        a=$(artifact "$log")
        at="after $runs runs"
        [ "$cov" -gt 0 ] || at="in the seed corpus"
        echo "not ok 1 - $t: a finding $at: $(kind "$log")"
        if [ -n "$a" ]; then
            echo "# reproducer $a; replay: build/fuzz/$t $a"
        else
            echo "# exit status $rc and no reproducer written"
        fi
        frames "$log" | sed 's/^/#   at /'
        echo "# libFuzzer's log: $log"
    fi
    echo "1..1"
    ;;
*)
    echo "fuzz: usage: bash tb/checks/fuzz.sh cc | time SECONDS [TARGET ...] | runs N TARGET" >&2
    exit 2
    ;;
esac
