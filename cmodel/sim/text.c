/* SPDX-License-Identifier: MIT */
/* The text helpers of the model's programs (tn_cli.h), below the command line and the
 * configuration that use them: the line reader of every text input (a --config file, a trace,
 * tnsim stats's standard input), text as messages show it, messages made safe to print, and
 * JSON numbers. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tn_cli.h"

void tn_line_init(tn_line_reader *r, FILE *f, long long max_bytes)
{
    memset(r, 0, sizeof *r);
    r->f = f;
    r->max_bytes = max_bytes;
}

int tn_line_read(tn_line_reader *r, char *buf, size_t max, size_t *len)
{
    size_t n = 0;
    int ch;
    buf[0] = 0;
    *len = 0;
    errno = 0;
    while ((ch = getc(r->f)) != EOF) {
        if (n == 0)
            r->line++;
        if (++r->bytes > r->max_bytes)
            return TN_LINE_BIG;
        if (ch == '\n')
            break;
        if (ch == 0) {
            r->col = (long)n + 1;
            return TN_LINE_NUL;
        }
        if (n == max)
            return TN_LINE_LONG;
        buf[n++] = (char)ch;
    }
    buf[n] = 0;
    *len = n;
    if (ch == EOF && ferror(r->f)) {
        r->err = errno;
        if (n == 0)
            r->line++;
        return TN_LINE_ERR;
    }
    return ch == EOF && n == 0 ? TN_LINE_EOF : TN_LINE_OK;
}

size_t tn_text_escape(char *out, size_t outlen, const char *s, size_t n)
{
    size_t o = 0, i = 0;
    if (!outlen)
        return 0;
    for (; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        size_t w = ch < 0x20 || ch == 0x7f ? 4 : 1;
        if (o + w + 1 > outlen) /* room for this byte and the terminator */
            break;
        if (w == 4)
            snprintf(out + o, 5, "\\x%02x", ch);
        else
            out[o] = (char)ch;
        o += w;
    }
    out[o] = 0;
    return i;
}

const char *tn_text_show(char *out, size_t outlen, const char *s, size_t n)
{
    if (outlen < 4) { /* no room for "...": as much as fits */
        tn_text_escape(out, outlen, s, n);
        return out;
    }
    if (tn_text_escape(out, outlen - 3, s, n) < n) /* room kept for "..." */
        strcat(out, "...");
    return out;
}

void tn_err_safe(char *err, size_t errlen)
{
    if (!errlen)
        return;
    const char *end = memchr(err, 0, errlen - 1);
    size_t n = end ? (size_t)(end - err) : errlen - 1;
    size_t i = 0;
    while (i < n && (unsigned char)err[i] >= 0x20 && err[i] != 0x7f)
        i++;
    if (i == n) { /* nothing to escape (the common case): only terminated */
        err[n] = 0;
        return;
    }
    char shown[2 * TN_CLI_ERRLEN];
    tn_text_show(shown, sizeof shown, err, n);
    snprintf(err, errlen, "%s", shown);
}

const char *tn_json_num(char *buf, size_t len, const char *fmt, double x)
{
    if (isfinite(x))
        snprintf(buf, len, fmt, x);
    else
        snprintf(buf, len, "null");
    return buf;
}

void tn_json_put(FILE *f, const char *fmt, double x)
{
    char b[48];
    fputs(tn_json_num(b, sizeof b, fmt, x), f);
}
