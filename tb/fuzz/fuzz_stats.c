/* SPDX-License-Identifier: MIT */
/* libFuzzer target: `tnsim stats`'s standard input (tnsim_stats, cmodel/cli/stats.c), linked
 * with tnsim's sources and its main renamed (cmodel/cli/tnsim.c built with -Dmain=tnsim_renamed_main).
 * The first input byte chooses the arguments (odd: "tnsim stats --json", even: "tnsim stats");
 * the rest is standard input: a memfd, refilled for every input and opened anew as stdin
 * (freopen of /proc/self/fd/N: clearerr and fseek(stdin, 0, SEEK_SET) are not enough, as glibc's
 * fseek keeps the buffer of the previous input when the new position lies inside it).
 * Standard output goes to a second memfd on descriptor 1, and standard error, for the call
 * only, to a third (descriptor 2 is put back after it; the sanitizers report on a copy of the
 * first standard error, or on libFuzzer's under -close_fd_mask=2): both are read after each call
 * and emptied, so nothing reaches the terminal.
 * Checks beyond the sanitizers (fuzz_util.h): an input holding a NUL byte is refused (issue 57:
 * fgets and strlen would end the line at it); a refusal prints a message without control bytes
 * but its lines' ends (issue 57: "messages are safe to print"); --json's output is JSON: no inf
 * or nan (issue 57: "JSON is JSON"), one object on one line. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "tnsim.h"
#include "fuzz_util.h"

#define STATS_OUT_MAX 4096 /* bytes of standard output and of standard error checked */

/* standard input's and standard error's memfds, made once (libFuzzer calls the target from one
 * thread) */
static struct {
    int in_fd, err_fd;
    char in_path[32];
} io = { -1, -1, "" };

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    int out = fuzz_memfd("fuzz_stats_out");
    int report = dup(2);
    if (dup2(out, 1) < 0 || report < 0) {
        perror("fuzz_stats: dup2");
        abort();
    }
    close(out);
    io.in_fd = fuzz_memfd("fuzz_stats_in");
    snprintf(io.in_path, sizeof io.in_path, "/proc/self/fd/%d", io.in_fd);
    /* the sanitizers' reports go where standard error went before any call (under
     * -close_fd_mask=2 libFuzzer later sets its own copy instead) */
    __sanitizer_set_report_fd((void *)(intptr_t)report);
    io.err_fd = fuzz_memfd("fuzz_stats_err");
    return 0;
}

/* what the call wrote on descriptor fd (a memfd), at most STATS_OUT_MAX bytes into buf, which
 * is then emptied; returns the length */
static size_t take(int fd, char *buf)
{
    ssize_t n = pread(fd, buf, STATS_OUT_MAX, 0);
    if (n < 0 || ftruncate(fd, 0) || lseek(fd, 0, SEEK_SET) < 0) {
        perror("fuzz_stats: reading the output back");
        abort();
    }
    return (size_t)n;
}

/* --json's line: an object, no inf or nan (any case), one newline at its end */
static void check_json(const char *s, size_t n)
{
    if (n < 3 || s[0] != '{' || s[n - 2] != '}' || s[n - 1] != '\n' || memchr(s, '\n', n - 1))
        fuzz_fail("tnsim stats --json printed no single-line object: '%.*s'", (int)n, s);
    for (size_t i = 0; i + 3 <= n; i++)
        if (!strncasecmp(s + i, "inf", 3) || !strncasecmp(s + i, "nan", 3))
            fuzz_fail("tnsim stats --json printed a number that is not JSON: %.*s", (int)n, s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int json = size > 0 && (data[0] & 1);
    if (size > 0) {
        data++;
        size--;
    }
    fuzz_fill(io.in_fd, data, size);
    if (!freopen(io.in_path, "r", stdin)) {
        perror("fuzz_stats: freopen(stdin)");
        abort();
    }
    char a0[] = "tnsim", a1[] = "stats", a2[] = "--json";
    char *argv[] = { a0, a1, json ? a2 : NULL, NULL };
    int saved = dup(2);
    if (saved < 0 || dup2(io.err_fd, 2) < 0) {
        perror("fuzz_stats: standard error to its memfd");
        abort();
    }
    int rc = tnsim_stats(json ? 3 : 2, argv);
    if (fflush(stdout) || fflush(stderr) || dup2(saved, 2) < 0) {
        perror("fuzz_stats: fflush, or standard error back");
        abort();
    }
    close(saved);
    if (fseek(stdout, 0, SEEK_SET)) {
        perror("fuzz_stats: fseek(stdout)");
        abort();
    }
    char out[STATS_OUT_MAX], msg[STATS_OUT_MAX + 1];
    size_t nout = take(1, out), nmsg = take(io.err_fd, msg);
    if (!fuzz_checks_on())
        return 0;
    if (rc == 0 && fuzz_has_nul(data, size))
        fuzz_fail("tnsim stats accepted an input holding a NUL byte (at offset %td of %zu)",
                  (const uint8_t *)memchr(data, 0, size) - data, size);
    if (rc == 0 && json)
        check_json(out, nout);
    if (rc != 0) {
        if (!nmsg)
            fuzz_fail("tnsim stats exited with status %d without a message", rc);
        for (size_t i = 0; i < nmsg; i++)
            if (((unsigned char)msg[i] < 0x20 && msg[i] != '\n') || msg[i] == 0x7f) {
                char shown[STATS_OUT_MAX * 4 + 8];
                fuzz_fail("tnsim stats's message holds the control byte 0x%02x at offset %zu: "
                          "'%s'", (unsigned char)msg[i], i, fuzz_show(msg, nmsg, shown,
                                                                      sizeof shown));
            }
    }
    return 0;
}
