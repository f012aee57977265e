/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the --config file reader (tn_config_load), then tn_config_check and
 * tn_config_name on what it accepts. The input is the file: a memfd, named /proc/self/fd/N,
 * emptied and refilled for every input (one descriptor for the whole run).
 * Checks beyond the sanitizers (fuzz_util.h): every refusal has a terminated message without
 * control bytes; a file holding a NUL byte is refused (issue 57: "every reader refuses a NUL
 * byte", where fgets and strlen would end the line at it and ignore the rest). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include "tn.h"
#include "tn_cli.h"
#include "fuzz_util.h"

/* the input's file, made once (libFuzzer calls the target from one thread) */
static struct {
    int fd;
    char path[32];
} in = { -1, "" };

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    in.fd = fuzz_memfd("fuzz_config");
    snprintf(in.path, sizeof in.path, "/proc/self/fd/%d", in.fd);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_fill(in.fd, data, size);
    tn_config cfg;
    tn_config_default(&cfg);
    char err[TN_CLI_ERRLEN];
    fuzz_err_reset(err, sizeof err);
    if (tn_config_load(&cfg, in.path, err, sizeof err)) {
        fuzz_check_msg("tn_config_load", err, sizeof err);
        return 0;
    }
    if (fuzz_checks_on() && fuzz_has_nul(data, size))
        fuzz_fail("tn_config_load accepted a file holding a NUL byte (at offset %td of %zu)",
                  (const uint8_t *)memchr(data, 0, size) - data, size);
    fuzz_check_config(&cfg);
    return 0;
}
