# SPDX-License-Identifier: MIT
# The simulated boards of the board suites, each on a pty (sourced, not run; by
# board_ctrl_test.sh and board_core_test.sh). The caller sets TMP (a scratch folder) and PIDS=()
# first, then `trap cleanup EXIT`.

# cleanup: stop every process of PIDS, wait for them, remove TMP
cleanup() {
    local p
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
    for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
    rm -rf "$TMP"
}

# start_pty NAME COMMAND...: start COMMAND, which prints the path of its pty on its first line;
# sets PTY_<NAME> to it and LAST_PID to the process (the caller adds it to PIDS if it is to run
# to the end); its output goes to TMP/board_NAME.out and .err
start_pty() {
    local name=$1 i
    shift
    # emptied here, before the start: a name started again (a fake per loop pass) must not find
    # the previous board's line before the child's redirection truncates the file
    : >"$TMP/board_$name.out"
    "$@" >"$TMP/board_$name.out" 2>"$TMP/board_$name.err" &
    LAST_PID=$!
    for i in $(seq 1 600); do   # up to 30 s: a board starts slowly on a loaded machine
        [ "$(wc -l <"$TMP/board_$name.out")" -ge 1 ] && break   # a whole line: the pty's path
        sleep 0.05
    done
    printf -v "PTY_$name" '%s' "$(head -n 1 "$TMP/board_$name.out")"
}
