/* SPDX-License-Identifier: MIT */
/* Unit tests of the trace loader of cmodel/hw/traffic.c (tn_trace_load, docs/traffic.md
 * section 6): good files, empty and long lines, the sort, every error message of the
 * section's table, file errors and a fuzz of malformed lines. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tn.h"

/* ---------------------------------------------------------------- helpers */

/* The model's defaults on the 4x4 torus with traffic=trace: the geometry the loader checks
 * sources and destinations against. */
static void cfg(tn_config *c)
{
    tn_config_default(c);
    c->k = 4;
    c->n = 2;
    c->traffic = TN_TR_TRACE;
}

static char orig_cwd[4096];
static char tmp_dir[64];

static int trace_setup(void **state)
{
    (void)state;
    if (!getcwd(orig_cwd, sizeof(orig_cwd)))
        return -1;
    strcpy(tmp_dir, "/tmp/tn_test_trace_XXXXXX");
    if (!mkdtemp(tmp_dir))
        return -1;
    return chdir(tmp_dir);
}

static int trace_teardown(void **state)
{
    (void)state;
    unlink("trace.txt");
    rmdir("subdir");
    if (chdir(orig_cwd) != 0)
        return -1;
    return rmdir(tmp_dir);
}

static void write_bytes(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    if (len)
        assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static void write_text(const char *path, const char *text)
{
    write_bytes(path, text, strlen(text));
}

typedef struct trace_env {
    tn_config c;
    tn_geom g;
    tn_trace t;
    char err[TN_ERRLEN];
} trace_env;

static int load(trace_env *e, const char *text, int pkt_max)
{
    memset(e, 0, sizeof(*e));
    cfg(&e->c);
    assert_int_equal(tn_geom_init(&e->g, &e->c), 0);
    if (text)
        write_text("trace.txt", text);
    int rc = tn_trace_load(&e->t, "trace.txt", &e->g, pkt_max, e->err, sizeof(e->err));
    if (rc != 0) {
        assert_null(e->t.p);
        assert_null(e->t.first);
        assert_int_equal(e->t.count, 0);
    }
    return rc;
}

static void unload(trace_env *e)
{
    tn_trace_free(&e->t);
    tn_geom_free(&e->g);
}

static void test_trace_good(void **state)
{
    (void)state;
    trace_env e;
    /* doc 6 example, plus comments, blanks, tabs, CRLF, signs, equal keys */
    assert_int_equal(load(&e,
                          "# cycle source destination length\n"
                          "0 3 12 4\n"
                          "5 0 15 1\n"
                          "\n"
                          "   \t \r\n"
                          "  # indented comment 1 2 3\n"
                          "#\n"
                          "\t7\t3 \t0   8\r\n"
                          "+2 3 +5 2\n"
                          "2 3 6 3\n"
                          "0 15 15 1\n"
                          "-0 0 0 8",
                          8),
                     0);
    assert_int_equal(e.t.count, 7);
    static const tn_trace_pkt want[7] = {
        { 0, 0, 0, 8 }, { 5, 0, 15, 1 }, { 0, 3, 12, 4 }, { 2, 3, 5, 2 },
        { 2, 3, 6, 3 }, { 7, 3, 0, 8 },  { 0, 15, 15, 1 },
    };
    for (int i = 0; i < 7; i++) {
        assert_int_equal(e.t.p[i].cycle, want[i].cycle);
        assert_int_equal(e.t.p[i].src, want[i].src);
        assert_int_equal(e.t.p[i].dst, want[i].dst);
        assert_int_equal(e.t.p[i].len, want[i].len);
    }
    static const long first[17] = { 0, 2, 2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7 };
    for (int s = 0; s <= 16; s++)
        assert_int_equal(e.t.first[s], first[s]);
    unload(&e);
}

static void test_trace_empty(void **state)
{
    (void)state;
    static const char *const texts[] = { "", "\n\n", "# only a comment", "#a\n  \n#b\n" };
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        trace_env e;
        assert_int_equal(load(&e, texts[i], 4), 0);
        assert_int_equal(e.t.count, 0);
        assert_non_null(e.t.first);
        for (int s = 0; s <= 16; s++)
            assert_int_equal(e.t.first[s], 0);
        unload(&e);
    }
}

/* Lines of up to TN_TRACE_LINE characters are read, a longer one is refused with its line; a
 * long field is shown cut to 32 characters and "...". */
static void test_trace_long_lines(void **state)
{
    (void)state;
    size_t n = TN_TRACE_LINE;
    char *buf = malloc(300000 + 64);
    assert_non_null(buf);
    /* a comment of the longest length, then a data line after long leading whitespace */
    size_t o = 0;
    buf[o++] = '#';
    for (size_t i = 1; i < n; i++)
        buf[o++] = (char)('a' + i % 26);
    buf[o++] = '\n';
    memset(buf + o, ' ', n - 7);
    o += n - 7;
    memcpy(buf + o, "4 2 1 3\n", 8);
    o += 8;
    write_bytes("trace.txt", buf, o);
    trace_env e;
    assert_int_equal(load(&e, NULL, 4), 0);
    assert_int_equal(e.t.count, 1);
    assert_int_equal(e.t.p[0].cycle, 4);
    assert_int_equal(e.t.p[0].src, 2);
    assert_int_equal(e.t.first[2], 0);
    assert_int_equal(e.t.first[3], 1);
    unload(&e);
    /* one character more, on line 2, and a line of 300,000 */
    for (size_t len = n + 1; len <= 300000; len = 300000) {
        memcpy(buf, "0 1 2 3\n", 8);
        memset(buf + 8, ' ', len - 7);
        memcpy(buf + 8 + len - 7, "4 2 1 3\n", 8);
        write_bytes("trace.txt", buf, 8 + len + 1);
        assert_int_equal(load(&e, NULL, 4), -1);
        assert_string_equal(e.err, "trace.txt:2: line longer than 4095 characters");
        unload(&e);
        if (len == 300000)
            break;
    }
    /* a long unparsable field: message truncated to 32 characters plus "..." */
    memcpy(buf, "1 2 3 ", 6);
    o = 6;
    memset(buf + o, '7', 4000);
    o += 4000;
    buf[o++] = 'x';
    write_bytes("trace.txt", buf, o);
    assert_int_equal(load(&e, NULL, 4), -1);
    assert_string_equal(e.err, "trace.txt:1: length '77777777777777777777777777777777...' is not "
                               "a decimal integer (range 1..4)");
    unload(&e);
    free(buf);
}

/* Random valid traces: the loader equals a stable insertion sort by (src, cycle). */
static void test_trace_sort_random(void **state)
{
    (void)state;
    tn_rng r = { 2024u };
    for (int round = 0; round < 20; round++) {
        int count = (int)tn_rng_below(&r, 400);
        tn_trace_pkt *ref = malloc(sizeof(*ref) * (size_t)(count + 1));
        char *text = malloc((size_t)count * 48 + 1);
        assert_non_null(ref);
        assert_non_null(text);
        size_t o = 0;
        text[0] = '\0';
        for (int i = 0; i < count; i++) {
            tn_trace_pkt p = { (long)tn_rng_below(&r, 10), (int)tn_rng_below(&r, 16),
                               (int)tn_rng_below(&r, 16), 1 + (int)tn_rng_below(&r, 8) };
            o += (size_t)sprintf(text + o, "%ld %d %d %d\n", p.cycle, p.src, p.dst, p.len);
            int j = i;
            while (j > 0 && (ref[j - 1].src > p.src ||
                             (ref[j - 1].src == p.src && ref[j - 1].cycle > p.cycle))) {
                ref[j] = ref[j - 1];
                j--;
            }
            ref[j] = p;
        }
        trace_env e;
        assert_int_equal(load(&e, text, 8), 0);
        assert_int_equal(e.t.count, count);
        for (int i = 0; i < count; i++) {
            assert_int_equal(e.t.p[i].cycle, ref[i].cycle);
            assert_int_equal(e.t.p[i].src, ref[i].src);
            assert_int_equal(e.t.p[i].dst, ref[i].dst);
            assert_int_equal(e.t.p[i].len, ref[i].len);
        }
        assert_int_equal(e.t.first[0], 0);
        assert_int_equal(e.t.first[16], count);
        for (int s = 0; s < 16; s++)
            for (long i = e.t.first[s]; i < e.t.first[s + 1]; i++)
                assert_int_equal(e.t.p[i].src, s);
        unload(&e);
        free(ref);
        free(text);
    }
}

static void expect_line3(const char *line, int pkt_max, const char *msg)
{
    char text[256];
    snprintf(text, sizeof(text), "# header\n0 1 2 3\n%s\n4 5 6 1\n", line);
    trace_env e;
    assert_int_equal(load(&e, text, pkt_max), -1);
    assert_string_equal(e.err, msg);
    unload(&e);
}

static void test_trace_bad(void **state)
{
    (void)state;
    char cyc[128];
    snprintf(cyc, sizeof(cyc), "trace.txt:3: cycle -1 out of range 0..%ld", LONG_MAX);
    /* the table of docs/traffic.md section 6 */
    expect_line3("0 1 99 4", 8, "trace.txt:3: destination 99 out of range 0..15");
    expect_line3("-1 1 2 4", 8, cyc);
    expect_line3("0 16 2 4", 8, "trace.txt:3: source 16 out of range 0..15");
    expect_line3("0 1 2 0", 8, "trace.txt:3: length 0 out of range 1..8");
    expect_line3("0 1 2 9", 8, "trace.txt:3: length 9 out of range 1..8");
    expect_line3("0 1 2", 8,
                 "trace.txt:3: expected 4 fields (cycle source destination length), found 3");
    expect_line3("0 1 2 4 # x", 8,
                 "trace.txt:3: expected 4 fields (cycle source destination length), found 6");
    expect_line3("0 0x1 2 4", 8,
                 "trace.txt:3: source '0x1' is not a decimal integer (range 0..15)");
    expect_line3("0 1 2 99999999999999999999", 8,
                 "trace.txt:3: length 99999999999999999999 out of range 1..8");
    /* more */
    expect_line3("0 -1 2 4", 8, "trace.txt:3: source -1 out of range 0..15");
    expect_line3("0 1 -3 4", 8, "trace.txt:3: destination -3 out of range 0..15");
    expect_line3("0 1 2 4 5", 8,
                 "trace.txt:3: expected 4 fields (cycle source destination length), found 5");
    expect_line3("1.5 1 2 4", 8,
                 "trace.txt:3: cycle '1.5' is not a decimal integer (range 0..9223372036854775807)");
    expect_line3("0 1 2 1e3", 8, "trace.txt:3: length '1e3' is not a decimal integer (range 1..8)");
    expect_line3("0 1 + 4", 8, "trace.txt:3: destination '+' is not a decimal integer (range 0..15)");
    expect_line3("0 1 -- 4", 8,
                 "trace.txt:3: destination '--' is not a decimal integer (range 0..15)");
    expect_line3("0 1 2 4#", 8, "trace.txt:3: length '4#' is not a decimal integer (range 1..8)");
    expect_line3("0 1 2 \x01\x7f", 8,
                 "trace.txt:3: length '\\x01\\x7f' is not a decimal integer (range 1..8)");
    expect_line3("9223372036854775808 1 2 4", 8,
                 "trace.txt:3: cycle 9223372036854775808 out of range 0..9223372036854775807");
    expect_line3("-9223372036854775809 1 2 4", 8,
                 "trace.txt:3: cycle -9223372036854775809 out of range 0..9223372036854775807");
    expect_line3("-9223372036854775808 1 2 4", 8,
                 "trace.txt:3: cycle -9223372036854775808 out of range 0..9223372036854775807");
    expect_line3("9223372036854775807 1 2 99", 8, "trace.txt:3: length 99 out of range 1..8");
    expect_line3("0 4294967296 2 4", 8, "trace.txt:3: source 4294967296 out of range 0..15");
    expect_line3("0 1 2 3", 0, "trace.txt:2: length 3 out of range 1..0");
    /* each field wholly (syntax, then range) before the next: the source's range first */
    expect_line3("0 99 x 4", 8, "trace.txt:3: source 99 out of range 0..15");
    expect_line3("0 x 99 0", 8, "trace.txt:3: source 'x' is not a decimal integer (range 0..15)");
    /* only LF ends a line: CR is whitespace, so CR line ends make one line of 8 fields */
    expect_line3("0 3 12 4\r5 0 15 1\r", 8,
                 "trace.txt:3: expected 4 fields (cycle source destination length), found 8");

    /* the first error wins; the line number counts blank and comment lines */
    trace_env e;
    assert_int_equal(load(&e, "\n#\n\n0 1 2 3\n0 1 2\n0 99 2 3\n", 8), -1);
    assert_string_equal(e.err,
                        "trace.txt:5: expected 4 fields (cycle source destination length), found 3");
    unload(&e);

    /* NUL bytes inside a line */
    static const char nul[] = "0 1 2 3\n0 1\0 2 3\n";
    write_bytes("trace.txt", nul, sizeof(nul) - 1);
    assert_int_equal(load(&e, NULL, 8), -1);
    assert_string_equal(e.err, "trace.txt:2: byte 4 is a NUL byte; allowed: text without NUL "
                               "bytes");
    unload(&e);
}

static void test_trace_file_errors(void **state)
{
    (void)state;
    tn_config c;
    tn_geom g;
    tn_trace t;
    char err[TN_ERRLEN];
    cfg(&c);
    assert_int_equal(tn_geom_init(&g, &c), 0);
    assert_int_equal(tn_trace_load(&t, "no_such_file.txt", &g, 8, err, sizeof(err)), -1);
    assert_string_equal(err, "no_such_file.txt: cannot open: No such file or directory");
    assert_null(t.p);
    assert_null(t.first);
    assert_int_equal(mkdir("subdir", 0700), 0);
    assert_int_equal(tn_trace_load(&t, "subdir", &g, 8, err, sizeof(err)), -1);
    assert_string_equal(err, "subdir:1: read error: Is a directory");
    assert_null(t.p);
    /* a tiny error buffer is not overrun */
    char small[8];
    memset(small, 'Z', sizeof(small));
    assert_int_equal(tn_trace_load(&t, "no_such_file.txt", &g, 8, small, 5), -1);
    assert_string_equal(small, "no_s");
    assert_int_equal(small[5], 'Z');
    /* tn_trace_free twice is harmless */
    tn_trace_free(&t);
    tn_trace_free(&t);
    tn_geom_free(&g);
}

/* Random bytes, biased towards the parser's alphabet: never crash, always 0 or -1. */
static void test_trace_fuzz(void **state)
{
    (void)state;
    static const char alpha[] = "0123456789 \t\n\r#+-x.\n\n0 1 2 3\n";
    tn_rng r = { 0xC0FFEEu };
    char buf[2048];
    int ok = 0, bad = 0;
    for (int round = 0; round < 2000; round++) {
        size_t len = tn_rng_below(&r, sizeof(buf));
        int raw = (int)tn_rng_below(&r, 4) == 0;
        for (size_t i = 0; i < len; i++)
            buf[i] = raw ? (char)tn_rng_below(&r, 256)
                         : alpha[tn_rng_below(&r, (uint32_t)sizeof(alpha) - 1)];
        write_bytes("trace.txt", buf, len);
        trace_env e;
        int rc = load(&e, NULL, 1 + (int)tn_rng_below(&r, 8));
        if (rc == 0) {
            ok++;
            assert_int_equal(e.t.first[16], e.t.count);
            for (long i = 0; i < e.t.count; i++) {
                assert_in_range(e.t.p[i].src, 0, 15);
                assert_in_range(e.t.p[i].dst, 0, 15);
                assert_true(e.t.p[i].cycle >= 0);
            }
        } else {
            assert_int_equal(rc, -1);
            assert_true(strncmp(e.err, "trace.txt", 9) == 0);
            bad++;
        }
        unload(&e);
    }
    assert_true(bad > 0);
    (void)ok;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trace_good),
        cmocka_unit_test(test_trace_empty),
        cmocka_unit_test(test_trace_long_lines),
        cmocka_unit_test(test_trace_sort_random),
        cmocka_unit_test(test_trace_bad),
        cmocka_unit_test(test_trace_file_errors),
        cmocka_unit_test(test_trace_fuzz),
    };
    return cmocka_run_group_tests_name("trace", tests, trace_setup, trace_teardown) ? 1 : 0;
}
