/* SPDX-License-Identifier: MIT */
/* tn_cli: the command line of the model's programs (tnsim, tnlock). One table of the model's
 * keys (cmodel/sim/config.c) gives the parser, the usage text and the unknown-key message; a
 * program adds its own keys as an array of tn_cli_key. */
#ifndef TN_CLI_H
#define TN_CLI_H

#include <stddef.h>
#include <stdio.h>
#include "tn.h"

/* Enough for any message of tn_cli_parse, the unknown-key message with every key included. */
#define TN_CLI_ERRLEN 1024

typedef struct tn_cli_key {           /* one extra key of a program, beyond the model's keys */
    const char *name;
    const char *range;                /* allowed values, as shown in messages and usage */
    const char *def;                  /* default as shown in usage (NULL: shown as "-") */
    const char *help;                 /* one line */
    /* 0, or -1 with err. When set returns -1 and leaves err empty (err[0] == 0), tn_cli_parse
     * writes "key 'K': value 'V' is not allowed; allowed: RANGE". value lives only during the
     * call (a --config file's line): copy it to keep it. */
    int (*set)(void *ctx, const char *value, char *err, size_t errlen);
} tn_cli_key;

/* A --config file: at most TN_CONFIG_LINE characters a line, TN_CONFIG_BYTES bytes in all. */
#define TN_CONFIG_LINE 1022
#define TN_CONFIG_BYTES 1048576

/* The line loop of every --config file (tnsim, tnlock, tnmodel): key=value lines, '#' comments,
 * blanks around key and value; at most TN_CONFIG_LINE characters a line and TN_CONFIG_BYTES bytes
 * in all, no NUL byte. set(ctx, key, value, err, errlen) takes each pair in order and returns 0
 * or -1 with its message in err, which comes back prefixed with "FILE:LINE: ". A file that cannot
 * be opened or read (a directory, an I/O error) is an error naming the file and the OS's reason.
 * Returns 0 or -1 with err set; err is not made safe to print (the caller's tn_err_safe does). */
typedef int (*tn_config_line_fn)(void *ctx, const char *key, const char *val, char *err,
                                 size_t errlen);
int tn_config_each(const char *path, tn_config_line_fn set, void *ctx, char *err, size_t errlen);

/* Parse argv[first..argc): key=value words, "--config FILE" (tn_config_load semantics: a file of
 * key=value lines, # comments, no NUL byte, TN_CONFIG_LINE and TN_CONFIG_BYTES at most; extra
 * keys allowed there too), "--json" (sets *json = 1; with
 * json NULL "--json" is refused as not key=value).
 * Model keys go to cfg (tn_config_set), extra keys to their set(ctx, ...); an extra key of the
 * same name as a model key takes precedence. cfg is not reset: the caller sets its defaults
 * first. Arguments are taken in order; later ones override earlier ones. Returns 0, or -1 with
 * err naming the key, the value and the allowed range (TN_CLI_ERRLEN is enough); an unknown
 * key's message lists every model key and every extra key. "--help"/"-h" returns 1 (caller
 * prints usage and exits 0); so does "--keys", after which the usage prints only the key table,
 * one tab-separated line per key (key, default, allowed, help; a header line first). The combination of values is not checked (tn_config_check). */
int tn_cli_parse(int argc, char **argv, int first, tn_config *cfg, const tn_cli_key *extra,
                 int nextra, void *ctx, int *json, char *err, size_t errlen);

/* Usage: synopsis line(s) given by the caller (a newline added if it lacks its last; NULL or ""
 * prints none), then one line per model key and per extra key: name, default, allowed range,
 * help, aligned. */
void tn_cli_usage(FILE *f, const char *synopsis, const tn_cli_key *extra, int nextra);
/* The same, where a program's own defaults differ from the model's: over lists "key=value"
 * strings (NULL-terminated) whose value the default column shows for that model key. */
void tn_cli_usage_defs(FILE *f, const char *synopsis, const tn_cli_key *extra, int nextra,
                       const char *const *over);
/* The same with the line above the key table given (tnhost's keys are read from the command
 * line only). */
void tn_cli_usage_head(FILE *f, const char *synopsis, const char *head, const tn_cli_key *extra,
                       int nextra, const char *const *over);

/* The two number forms of every key, in tnsim, tnlock and tnhost alike. An integer is decimal
 * digits only: no sign, blank, "0x" or exponent. A number is decimal notation: digits with an
 * optional fraction (or a fraction alone, ".5"), then an optional exponent (e, an optional sign,
 * digits); no sign, blank, hexadecimal, "inf" or "nan". Each returns 0 and sets *out when v has
 * its form and lies in lo..hi, else -1 (*out unchanged). */
int tn_cli_long(const char *v, long lo, long hi, long *out);
int tn_cli_double(const char *v, double lo, double hi, double *out);

/* The line reader of every text input of the model's programs (a --config file, a trace,
 * tnsim stats's standard input): bounded and total. tn_line_read reads the next line of f into
 * buf without its newline ('\n'; a last line may lack it), at most max characters (buf holds
 * max + 1), and counts the line (r->line, from 1) and its bytes (r->bytes, newline included).
 * It returns TN_LINE_OK, TN_LINE_EOF (no byte left), or, reading no further:
 *   TN_LINE_NUL   a NUL byte, at byte r->col of line r->line (from 1)
 *   TN_LINE_LONG  line r->line has more than max characters
 *   TN_LINE_BIG   the input holds more than r->max_bytes bytes
 *   TN_LINE_ERR   a read error (r->err, an errno value; 0 unknown)
 * Every call reads at least one byte or ends the input, so no loop over it spins. */
enum { TN_LINE_OK = 1, TN_LINE_EOF = 0, TN_LINE_NUL = -1, TN_LINE_LONG = -2, TN_LINE_BIG = -3,
       TN_LINE_ERR = -4 };
typedef struct tn_line_reader {
    FILE *f;
    long long max_bytes; /* the bound on the whole input */
    long long bytes;     /* read so far */
    long line;           /* the line last read (or refused) */
    long col;            /* TN_LINE_NUL: the byte of the line holding it */
    int err;             /* TN_LINE_ERR: errno */
} tn_line_reader;
void tn_line_init(tn_line_reader *r, FILE *f, long long max_bytes);
int tn_line_read(tn_line_reader *r, char *buf, size_t max, size_t *len);
/* Text as messages show it: bytes below 0x20 and 0x7f as \xNN, the rest as is. tn_text_escape
 * writes as much of the n bytes of s as fits in outlen - 1 characters and returns how many it
 * took; tn_text_show the same with "..." after a cut, and returns out. */
size_t tn_text_escape(char *out, size_t outlen, const char *s, size_t n);
const char *tn_text_show(char *out, size_t outlen, const char *s, size_t n);
/* A message made safe to print, in place: its control bytes (below 0x20, and 0x7f) as \xNN, cut
 * to errlen. The model's public functions that take an error buffer (tn_cli_parse,
 * tn_config_load, tn_config_set, tn_config_check, tn_trace_load) pass it through this before they
 * return, so a path, key or value of the input echoed in a message cannot reach a terminal raw. */
void tn_err_safe(char *err, size_t errlen);

/* JSON has no inf or nan: x with fmt (one double conversion, such as "%.6g"), or null when x
 * is not finite, into buf; returns buf. TN_JSON_NUM(fmt, x) is the same in a buffer of its own
 * that lives to the end of the enclosing block, for printf's arguments. Every JSON number of
 * the model's programs that is a double is written by it. */
const char *tn_json_num(char *buf, size_t len, const char *fmt, double x);
#define TN_JSON_NUM(fmt, x) tn_json_num((char[48]){0}, 48, fmt, x)
void tn_json_put(FILE *f, const char *fmt, double x);

/* Content name of a configuration, for run names and file names, e.g.
 * t4x4_v4_gal_ldsf_b8_p4_uniform_l0.3_s1:
 * "t" (torus) or "m" (mesh), then K repeated N times joined by "x" ("t4x4", "m4x4", "t8"),
 * _v<vcs>, _<routing> (+ _<selection> when routing is minad, goal, gal or chaos), _b<buf>,
 * _p<pkt> (or _p<min>-<max>), _<traffic> (+ _ps<perm_seed> for randperm), _l<load> (%g, with
 * more digits only when needed to give the exact double back), _s<seed>, then _<key><value>
 * (e.g. _term2, _transiton, _gal_setsdir, _gal_qd8) for each of term, transit, dateline,
 * gal_sets, gal_t, gal_adapt, gal_qdepth whose value differs from tn_config_default's; with
 * gal_adapt on, _gal_tmin<n>, _gal_tmax<n>, _gal_n1<n>, _gal_n2<n> for those that differ; under
 * routing=chaos, _chaos_wait<n> and _chaos_q<n> likewise; with a switch,
 * _sw<switch_at>_<second traffic>_l<second load>; with hotspot traffic (first or second),
 * _hf<hot_frac>_hn<node>-<node>...; with a trace, _tr<the file's name without its folder, lower
 * case, any character but [a-z0-9.-] made _>; under routing=acor then the sequence
 * (_box-goalq-full), _acor_packet, _hi_<n>, _it1_<n>, _it2_<n>, _dt1_<n>, _dt2_<n> for those that
 * differ. Only [a-z0-9_.-]. Returns the length of the name, or -1 when it does not fit in len
 * or is longer than 511 characters (buf then holds as much as fits, terminated). */
int tn_config_name(const tn_config *c, char *buf, size_t len);

/* Replications (seeds=N in tnsim and tnhost): Student's t quantile 0.975 for df >= 1 degrees of
 * freedom (0 for df < 1), exact for an integer df (its closed-form distribution, bisected); the
 * mean of x[0..n), its sample standard deviation, the half-width of the mean's 95 % confidence
 * interval and the t used (n - 1 degrees of freedom; sd, ci and t 0 for n = 1). */
double tn_t975(int df);
void tn_mean_ci(const double *x, int n, double *mean, double *sd, double *ci, double *t);
/* seeds=N's combinations with c (tnsim and tnhost): seeds_perm on (perm) needs N >= 2 and a
 * randperm pattern, and the last seed (and perm_seed with perm) must fit 32 bits. 0, or -1 with
 * err naming the key, the value and the allowed range. */
int tn_seeds_check(const tn_config *c, int seeds, int perm, char *err, size_t len);
/* The JSON fields ', "mean": {...}, "sd": {...}, "ci95": {...}' of nf statistics named names
 * (null for a number that is not finite) */
void tn_summary_json(FILE *f, const char *const *names, int nf, const double *mean,
                     const double *sd, const double *ci);

#endif
