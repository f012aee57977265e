/* SPDX-License-Identifier: MIT */
/* What the libFuzzer targets of tb/fuzz/ share (tb/fuzz/README.md): the input as a file (a
 * memfd, opened by its name /proc/self/fd/N), and the checks beyond the sanitizers.
 *
 * A target reports a finding the sanitizers cannot see (a reader that accepts a NUL byte, an
 * error without a message, a message that echoes raw control bytes, JSON with inf) with
 * fuzz_fail: one line where the sanitizers report (standard error, or libFuzzer's copy of it
 * under -close_fd_mask=2, which tb/checks/fuzz.sh passes to drop the messages of the code under
 * test), then abort(), which libFuzzer reports as a deadly signal and saves the input of
 * (-artifact_prefix). TN_FUZZ_CHECKS=sanitizers in the environment turns
 * these checks off (only the sanitizers' findings, crashes, timeouts and leaks remain): for a
 * long run that should reach past a known, not yet fixed finding (make fuzz FUZZ_CHECKS=...).
 *
 * Every target defines _GNU_SOURCE before its first #include (memfd_create). The static
 * functions are inline so that a target that does not use one is not warned about it. */
#ifndef TN_FUZZ_UTIL_H
#define TN_FUZZ_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sanitizer/common_interface_defs.h>
#include <sys/mman.h>
#include <unistd.h>

/* libFuzzer's entry points (its own header is C++; these are the C declarations it documents) */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 1 unless TN_FUZZ_CHECKS=sanitizers (read once) */
static inline int fuzz_checks_on(void)
{
    static int on = -1;
    if (on < 0) {
        const char *e = getenv("TN_FUZZ_CHECKS");
        on = !(e && !strcmp(e, "sanitizers"));
    }
    return on;
}

/* A finding: "fuzz: finding: WHAT" where the sanitizers report, then abort() (libFuzzer saves
 * the input). */
static inline void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static inline void fuzz_fail(const char *fmt, ...)
{
    char msg[2048];
    int o = snprintf(msg, sizeof msg, "fuzz: finding: ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg + o, sizeof msg - (size_t)o, fmt, ap);
    va_end(ap);
    __sanitizer_report_error_summary(msg);
    abort();
}

/* A memfd for the input (close-on-exec); aborts when the system has none. */
static inline int fuzz_memfd(const char *name)
{
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0) {
        perror("fuzz: memfd_create");
        abort();
    }
    return fd;
}

/* The memfd fd holds exactly data[0..size) (its file offset is not moved: a new open of
 * /proc/self/fd/N, or an fseek, starts at the beginning). */
static inline void fuzz_fill(int fd, const uint8_t *data, size_t size)
{
    if (ftruncate(fd, 0)) {
        perror("fuzz: ftruncate");
        abort();
    }
    size_t done = 0;
    while (done < size) {
        ssize_t w = pwrite(fd, data + done, size - done, (off_t)done);
        if (w <= 0) {
            perror("fuzz: pwrite");
            abort();
        }
        done += (size_t)w;
    }
}

static inline int fuzz_has_nul(const uint8_t *data, size_t size)
{
    return size && memchr(data, 0, size) != NULL;
}

/* s as printable text (control bytes and bytes above 0x7e as \xHH), cut to fit out. */
static inline const char *fuzz_show(const char *s, size_t n, char *out, size_t outlen)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 5 < outlen; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c > 0x7e || c == '\\')
            o += (size_t)snprintf(out + o, outlen - o, "\\x%02x", c);
        else
            out[o++] = (char)c;
    }
    out[o] = 0;
    return out;
}

/* fuzz_argv: the input as argv after the program's name prog (fuzz_kv's and fuzz_model's form):
 * words separated by newlines or NUL bytes, so that a word may hold blanks as a quoted shell word
 * does; the word after "--config" becomes "" (a file that cannot be opened, so that a target
 * never opens a file the fuzzer names). buf holds max_len + 1 bytes, argv max_words + 2 words.
 * Returns argc; argv[argc] is NULL. */
static inline int fuzz_argv(const uint8_t *data, size_t size, char *buf, size_t max_len,
                            char *prog, char **argv, int max_words)
{
    static char none[] = "";
    if (size > max_len)
        size = max_len;
    memcpy(buf, data, size);
    buf[size] = 0;
    int argc = 0;
    argv[argc++] = prog;
    size_t start = 0;
    for (size_t i = 0; i <= size && argc <= max_words; i++) {
        if (i < size && buf[i] != '\n' && buf[i] != 0)
            continue;
        if (i == size && start == size)
            break; /* no empty word after the last separator */
        buf[i] = 0;
        argv[argc] = buf + start;
        if (argc > 1 && !strcmp(argv[argc - 1], "--config"))
            argv[argc] = none;
        argc++;
        start = i + 1;
    }
    argv[argc] = NULL;
    return argc;
}

/* Fill an error buffer with a byte no message ends with, so that a message left unterminated
 * is seen (fuzz_check_msg). */
static inline void fuzz_err_reset(char *err, size_t errlen)
{
    memset(err, 'x', errlen);
}

/* The contract of every reader's error (tn.h, tn_cli.h; issue 57's "messages are safe to
 * print"): a failing call leaves a message, terminated within errlen, without control bytes
 * (a raw byte of the input in a message would reach the user's terminal). who: the function. */
static inline void fuzz_check_msg(const char *who, const char *err, size_t errlen)
{
    if (!fuzz_checks_on())
        return;
    const char *end = memchr(err, 0, errlen);
    if (!end)
        fuzz_fail("%s failed and left its message unterminated in %zu bytes", who, errlen);
    if (end == err)
        fuzz_fail("%s failed without a message", who);
    for (const char *p = err; p < end; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f) {
            char shown[1200];
            fuzz_fail("%s's message holds the control byte 0x%02x at offset %td: '%s'", who,
                      (unsigned char)*p, p - err, fuzz_show(err, (size_t)(end - err), shown,
                                                          sizeof shown));
        }
}

#ifdef TN_CLI_H
/* A configuration a reader accepted, checked as every program then checks it: tn_config_check
 * (a refusal's message keeps fuzz_check_msg's contract) and, when it passes, its content name. */
static inline void fuzz_check_config(const tn_config *cfg)
{
    char err[TN_CLI_ERRLEN];
    fuzz_err_reset(err, sizeof err);
    if (tn_config_check(cfg, err, sizeof err)) {
        fuzz_check_msg("tn_config_check", err, sizeof err);
        return;
    }
    char name[512];
    (void)tn_config_name(cfg, name, sizeof name);
}
#endif

#endif
