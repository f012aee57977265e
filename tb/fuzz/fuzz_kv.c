/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the key=value command line (tn_cli_parse, then tn_config_check and
 * tn_config_name on what it accepts), as tnsim, tnlock and tnhost parse it.
 *
 * The input is argv after the program's name: words separated by newlines (or NUL bytes, which
 * an argv word cannot hold), so that a word may hold blanks as a quoted shell word does. The
 * word after "--config" is replaced by "" (a file that cannot be opened): the --config reader
 * is fuzz_config's, and this target must not open files the fuzzer names (/dev/zero).
 * Checks beyond the sanitizers (fuzz_util.h): every refusal has a terminated message without
 * control bytes. */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include "tn.h"
#include "tn_cli.h"
#include "fuzz_util.h"

#define KV_MAX_LEN 4096 /* input bytes read (make fuzz's -max_len is below) */
#define KV_MAX_WORDS 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[KV_MAX_LEN + 1], prog[] = "tnsim";
    char *argv[KV_MAX_WORDS + 2];
    int argc = fuzz_argv(data, size, buf, KV_MAX_LEN, prog, argv, KV_MAX_WORDS);

    tn_config cfg;
    tn_config_default(&cfg);
    int json = 0;
    char err[TN_CLI_ERRLEN];
    fuzz_err_reset(err, sizeof err);
    int rc = tn_cli_parse(argc, argv, 1, &cfg, NULL, 0, NULL, &json, err, sizeof err);
    if (rc < 0) {
        fuzz_check_msg("tn_cli_parse", err, sizeof err);
        return 0;
    }
    if (rc > 0) /* --help */
        return 0;
    fuzz_check_config(&cfg);
    return 0;
}
