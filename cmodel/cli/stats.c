/* SPDX-License-Identifier: MIT */
/* tnsim stats: the mean, standard deviation and 95 % confidence interval of the numbers on
 * standard input, by the function seeds=N summarises its replications with (tn_mean_ci), so
 * that a script averaging tnsim's figures (experiments/gal/report_card.sh's permutations) reports the
 * same interval tnsim does. Numbers are separated by white space or commas; a line whose first
 * character that is not white space is '#' is a comment. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tnsim.h"

#define STATS_LINE 4095        /* characters a line at the most */
#define STATS_MAX 10000000L     /* values at the most (80 MB) */
#define STATS_BYTES 268435456LL /* bytes of input at the most (256 MiB) */

static int stats_error(const char *msg, long line, const char *tok)
{
    char shown[256];
    if (tok)
        fprintf(stderr, "tnsim: error: stats: line %ld: '%s' %s\n", line,
                tn_text_show(shown, sizeof shown, tok, strlen(tok)), msg);
    else if (line)
        fprintf(stderr, "tnsim: error: stats: line %ld %s\n", line, msg);
    else
        fprintf(stderr, "tnsim: error: stats: %s\n", msg);
    return 2;
}

int tnsim_stats(int argc, char **argv)
{
    int json = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) {
            json = 1;
            continue;
        }
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            tnsim_usage(stdout);
            return 0;
        }
        fprintf(stderr, "tnsim: error: stats reads numbers from standard input and takes no "
                        "keys: '%s' is not allowed (allowed: --json)\n", argv[i]);
        return 2;
    }
    double *x = NULL;
    long n = 0, cap = 0, line = 0;
    char *buf = malloc(STATS_LINE + 1), msg[128];
    int rc = buf ? 0 : stats_error("out of memory", 0, NULL), got;
    size_t len;
    tn_line_reader rd;
    tn_line_init(&rd, stdin, STATS_BYTES);
    while (!rc && (got = tn_line_read(&rd, buf, STATS_LINE, &len)) != TN_LINE_EOF) {
        line = rd.line;
        if (got == TN_LINE_NUL) {
            snprintf(msg, sizeof msg, "byte %ld is a NUL byte (allowed: text without NUL bytes)",
                     rd.col);
            rc = stats_error(msg, line, NULL);
            break;
        }
        if (got == TN_LINE_LONG) {
            rc = stats_error("is longer than 4095 characters", line, NULL);
            break;
        }
        if (got == TN_LINE_BIG) {
            rc = stats_error("more than 268435456 bytes on standard input (allowed: at most "
                             "268435456)", 0, NULL);
            break;
        }
        if (got == TN_LINE_ERR) {
            snprintf(msg, sizeof msg, "standard input could not be read: %s",
                     rd.err ? strerror(rd.err) : "unknown");
            rc = stats_error(msg, 0, NULL);
            break;
        }
        char *p = buf;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '#')
            continue;
        for (char *tok = strtok(p, " \t\r\n,"); tok; tok = strtok(NULL, " \t\r\n,")) {
            char *end;
            double v = strtod(tok, &end);
            if (end == tok || *end || !isfinite(v)) {
                rc = stats_error("is not a finite number", line, tok);
                break;
            }
            if (n == STATS_MAX) {
                rc = stats_error("more than 10000000 values", 0, NULL);
                break;
            }
            if (n == cap) {
                long nc = cap ? 2 * cap : 1024;
                if (nc > STATS_MAX)
                    nc = STATS_MAX;
                double *nx = realloc(x, (size_t)nc * sizeof *x);
                if (!nx) {
                    rc = stats_error("out of memory", 0, NULL);
                    break;
                }
                x = nx;
                cap = nc;
            }
            x[n++] = v;
        }
    }
    free(buf);
    if (!rc && n == 0)
        rc = stats_error("no numbers on standard input (allowed: one or more)", 0, NULL);
    if (rc) {
        free(x);
        return rc;
    }
    double mean, sd, ci, t, lo = x[0], hi = x[0];
    tn_mean_ci(x, (int)n, &mean, &sd, &ci, &t);
    for (long i = 1; i < n; i++) {
        lo = x[i] < lo ? x[i] : lo;
        hi = x[i] > hi ? x[i] : hi;
    }
    free(x);
    if (json)
        printf("{\"n\": %ld, \"mean\": %s, \"sd\": %s, \"ci95\": %s, \"t975\": %s, "
               "\"min\": %s, \"max\": %s}\n", n, TN_JSON_NUM("%.9g", mean),
               TN_JSON_NUM("%.9g", sd), TN_JSON_NUM("%.9g", ci), TN_JSON_NUM("%.9g", t),
               TN_JSON_NUM("%.9g", lo), TN_JSON_NUM("%.9g", hi));
    else
        printf("n %ld  mean %.6g  sd %.6g  ci95 %.6g  t975 %.6g  min %.6g  max %.6g\n", n, mean,
               sd, ci, t, lo, hi);
    return 0;
}
