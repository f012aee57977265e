/* SPDX-License-Identifier: MIT */
/* tnhost: the host tool of the board (docs/board-guide.md). Talks to the control plane
 * (fpga/tn_ctrl.v) over a serial port, or over the pty of the simulated board (tnboard):
 *   tnhost --port PATH [--baud N] [--timeout MS] [--json] COMMAND [ARGS]
 * Options are also keys of the project's grammar: port=PATH baud=N timeout=MS wait=on|off, on
 * the command line or one per line in --config FILE. Every request is checked before the port
 * is opened; every reply byte is waited for at most the timeout; a failed CRC, a timeout or an
 * ERROR reply is reported, never retried. Exit status: 0 done, 1 the port or the board failed,
 * 2 bad command line. */
#define _DEFAULT_SOURCE /* nanosleep */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "tn.h"
#include "tn_board_regs.h"
#include "tn_cli.h"
#include "tn_port.h"
#include "tn_proto.h"

#define ERRLEN 512
#define MAX_ARGS (TN_REQ_MAX + 1)
#define EXIT_BOARD 1
#define EXIT_USAGE 2

typedef struct host {
    char port[256];
    unsigned baud;
    int timeout_ms;
    int json;
    int wait;
    int compare; /* run: also the C model (--compare) */
    unsigned hist_shift; /* run: latency histogram bins of 2^hist_shift cycles */
    const char *cmd;
    int nargs;
    const char *args[MAX_ARGS];
    tn_port io;
} host;

typedef struct command {
    const char *name;
    int min_args, max_args;
    const char *synopsis;
    const char *help;
    int (*run)(host *h);
} command;

/* ---- numbers and keys ---- */

/* Decimal or 0x hex, 0..max; no sign, no other characters. */
static int parse_num(const char *s, uint64_t max, uint64_t *out)
{
    int base = 10;
    const char *d = s;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        d = s + 2;
    }
    if (!*d)
        return -1;
    for (const char *c = d; *c; c++)
        if (base == 10 ? !(*c >= '0' && *c <= '9')
                       : !((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f') ||
                           (*c >= 'A' && *c <= 'F')))
            return -1;
    errno = 0;
    unsigned long long x = strtoull(d, NULL, base);
    if (errno || x > max)
        return -1;
    *out = x;
    return 0;
}

static int bad_key(const char *key, const char *val, const char *allowed, char *err, size_t len)
{
    snprintf(err, len, "key '%s': value '%s' is not allowed; allowed: %s", key, val, allowed);
    return -1;
}

static int set_key(host *h, const char *key, const char *val, char *err, size_t len)
{
    uint64_t x;
    if (!strcmp(key, "port")) {
        if (!*val || strlen(val) >= sizeof h->port)
            return bad_key(key, val, "a path of 1 to 255 characters", err, len);
        snprintf(h->port, sizeof h->port, "%s", val);
    } else if (!strcmp(key, "baud")) {
        if (parse_num(val, UINT32_MAX, &x) || tn_baud_ok((unsigned)x))
            return bad_key(key, val, TN_BAUDS, err, len);
        h->baud = (unsigned)x;
    } else if (!strcmp(key, "timeout")) {
        if (parse_num(val, 600000, &x) || x < 1)
            return bad_key(key, val, "1..600000 (milliseconds per reply byte)", err, len);
        h->timeout_ms = (int)x;
    } else if (!strcmp(key, "wait")) {
        if (!strcmp(val, "on"))
            h->wait = 1;
        else if (!strcmp(val, "off"))
            h->wait = 0;
        else
            return bad_key(key, val, "on off", err, len);
    } else {
        snprintf(err, len, "unknown key '%s' (value '%s'); allowed keys: port baud timeout wait",
                 key, val);
        return -1;
    }
    return 0;
}

/* --config FILE: key=value lines, '#' comments, blanks around key and value. */
static int load_config(host *h, const char *path, char *err, size_t len)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, len, "--config: cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    char line[1024], sub[ERRLEN];
    int lineno = 0, rc = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        size_t n = strlen(s);
        while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
            s[--n] = 0;
        if (!n)
            continue;
        char *eq = strchr(s, '=');
        if (!eq || eq == s) {
            snprintf(err, len, "%s:%d: expected key=value, got '%.60s'", path, lineno, s);
            rc = -1;
            break;
        }
        char *v = eq + 1;
        *eq = 0;
        for (char *k = eq - 1; k >= s && (*k == ' ' || *k == '\t'); k--)
            *k = 0;
        while (*v == ' ' || *v == '\t')
            v++;
        if (set_key(h, s, v, sub, sizeof sub)) {
            snprintf(err, len, "%.200s:%d: %.280s", path, lineno, sub);
            rc = -1;
            break;
        }
    }
    fclose(f);
    return rc;
}

/* ---- output ---- */

static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void json_head(const host *h)
{
    printf("{\"command\": ");
    json_str(h->cmd);
    printf(", \"port\": ");
    json_str(h->port);
}

/* An error: one line on stderr; with --json also an object on stdout. Returns status. */
static int fail(const host *h, int status, const char *kind, const char *msg)
{
    fprintf(stderr, "tnhost: %s\n", msg);
    if (h->json) {
        if (h->cmd)
            json_head(h);
        else
            printf("{\"command\": null");
        printf(", \"error\": ");
        json_str(kind);
        printf(", \"message\": ");
        json_str(msg);
        printf("}\n");
    }
    return status;
}

static const char *port_kind(int rc)
{
    switch (rc) {
    case TN_PORT_OPEN: return "port";
    case TN_PORT_BUSY: return "busy";
    case TN_PORT_NOTTY: return "port";
    case TN_PORT_TIMEOUT: return "timeout";
    case TN_PORT_CRC: return "checksum";
    case TN_PORT_MALFORMED: return "malformed";
    default: return "io";
    }
}

/* ---- requests ---- */

/* The port is opened at the first request, after the command's arguments are checked: a bad
 * argument sends nothing. Returns 0 or an exit status. */
static int ensure_open(host *h)
{
    if (h->io.fd >= 0)
        return 0;
    char err[ERRLEN];
    int rc = tn_port_open(&h->io, h->port, h->baud, h->timeout_ms, err, sizeof err);
    return rc ? fail(h, EXIT_BOARD, port_kind(rc), err) : 0;
}

/* Send one request and receive its reply; an ERROR reply is reported as a failure naming what
 * was asked (what). Returns 0 or an exit status. */
static int request(host *h, uint8_t cmd, const uint8_t *payload, uint8_t len, const char *what,
                   tn_reply *r)
{
    uint8_t frame[TN_REQ_MAX];
    char err[ERRLEN], msg[ERRLEN + 128];
    size_t n = tn_frame(frame, cmd, payload, len);
    int rc = ensure_open(h);
    if (rc)
        return rc;
    rc = tn_port_send(&h->io, frame, n, err, sizeof err);
    if (!rc)
        rc = tn_port_recv(&h->io, r, err, sizeof err);
    if (rc) {
        snprintf(msg, sizeof msg, "%s: %s", what, err);
        return fail(h, EXIT_BOARD, port_kind(rc), msg);
    }
    if (r->status == TN_ST_ERROR) {
        snprintf(msg, sizeof msg, "%s: the board refused it: error 0x%02x %s: %s", what,
                 r->payload[0], tn_err_name(r->payload[0]), tn_err_meaning(r->payload[0]));
        return fail(h, EXIT_BOARD, "board", msg);
    }
    return 0;
}

/* An OK reply must carry exactly want payload bytes. */
static int expect_len(host *h, const tn_reply *r, unsigned want, const char *what)
{
    if (r->len == want)
        return 0;
    char msg[256];
    snprintf(msg, sizeof msg, "%s: malformed reply: %u payload bytes, %u expected", what, r->len,
             want);
    return fail(h, EXIT_BOARD, "malformed", msg);
}

static int read_block(host *h, unsigned addr, unsigned count, uint32_t *v, const char *what)
{
    tn_reply r;
    uint8_t p[3] = {(uint8_t)addr, (uint8_t)(addr >> 8), (uint8_t)count};
    int rc = count == 1 ? request(h, TN_CMD_READ, p, 2, what, &r)
                        : request(h, TN_CMD_BLOCK, p, 3, what, &r);
    if (!rc)
        rc = expect_len(h, &r, 4 * count, what);
    for (unsigned i = 0; !rc && i < count; i++)
        v[i] = tn_le32(r.payload + 4 * i);
    return rc;
}

/* An argument of a command as a number 0..max; on failure the message names it. */
static int arg_num(host *h, int i, const char *name, uint64_t max, const char *allowed,
                   uint64_t *out)
{
    if (!parse_num(h->args[i], max, out))
        return 0;
    char msg[256];
    snprintf(msg, sizeof msg, "%s: %s '%s' is not allowed; allowed: %s", h->cmd, name,
             h->args[i], allowed);
    return fail(h, EXIT_USAGE, "usage", msg);
}

#define ADDR_ALLOWED "0..0xffff (decimal or 0x hex)"
#define U32_ALLOWED "0..0xffffffff (decimal or 0x hex)"

/* ---- commands ---- */

static int cmd_ping(host *h)
{
    tn_reply r;
    int rc = request(h, TN_CMD_PING, NULL, 0, "ping", &r);
    if (rc || (rc = expect_len(h, &r, 20, "ping")))
        return rc;
    uint32_t magic = tn_le32(r.payload), id = tn_le32(r.payload + 4);
    uint32_t cpb = tn_le32(r.payload + 8), tmo = tn_le32(r.payload + 12);
    uint32_t bmax = tn_le32(r.payload + 16);
    if ((magic & 0x00ffffffu) != (TN_MAGIC & 0x00ffffffu)) {
        char msg[256];
        snprintf(msg, sizeof msg, "ping: not a tn control plane: magic 0x%08x, expected "
                 "0x%08x", magic, TN_MAGIC);
        return fail(h, EXIT_BOARD, "malformed", msg);
    }
    if (h->json) {
        json_head(h);
        printf(", \"magic\": %u, \"version\": %u, \"id\": %u, \"clks_per_bit\": %u, "
               "\"timeout_clks\": %u, \"block_max\": %u}\n",
               magic, magic >> 24, id, cpb, tmo, bmax);
    } else {
        printf("tn control plane on %s: protocol version %u, build id 0x%08x\n", h->port,
               magic >> 24, id);
        printf("clks_per_bit %u (clock = %u x baud), timeout_clks %u, block_max %u\n", cpb, cpb,
               tmo, bmax);
    }
    return 0;
}

static const char *const cp_names[TN_CP_NREGS] = {
    "magic", "id", "clks_per_bit", "timeout_clks", "block_max", "status", "cycles_left",
    "frame_errors",
};

static int cmd_regs(host *h)
{
    uint32_t v[TN_CP_NREGS];
    int rc = read_block(h, TN_CP_MAGIC, TN_CP_NREGS, v, "regs");
    if (rc)
        return rc;
    uint32_t st = v[TN_CP_STATUS - TN_CP_MAGIC], fe = v[TN_CP_FRAME_ERRORS - TN_CP_MAGIC];
    if (h->json) {
        json_head(h);
        for (int i = 0; i < TN_CP_NREGS; i++)
            printf(", \"%s\": %u", cp_names[i], v[i]);
        printf(", \"running\": %u, \"done\": %u, \"design_reset\": %u, \"refused_frames\": %u, "
               "\"timeouts\": %u}\n",
               st & 1u, st >> 1 & 1u, st >> 2 & 1u, fe & 0xffffu, fe >> 16);
        return 0;
    }
    printf("addr    register      value\n");
    for (int i = 0; i < TN_CP_NREGS; i++)
        printf("0x%04x  %-12s  0x%08x  %u\n", TN_CP_MAGIC + i, cp_names[i], v[i], v[i]);
    printf("status: %s%s%s; frames refused %u, abandoned at the timeout %u\n",
           st & 1u ? "running" : "not running", st & 2u ? ", done" : "",
           st & 4u ? ", design reset active" : "", fe & 0xffffu, fe >> 16);
    return 0;
}

static int cmd_read(host *h)
{
    uint64_t a;
    uint32_t v;
    char what[64];
    int rc = arg_num(h, 0, "ADDR", 0xffff, ADDR_ALLOWED, &a);
    if (rc)
        return rc;
    snprintf(what, sizeof what, "read 0x%04x", (unsigned)a);
    if ((rc = read_block(h, (unsigned)a, 1, &v, what)))
        return rc;
    if (h->json) {
        json_head(h);
        printf(", \"addr\": %u, \"value\": %u}\n", (unsigned)a, v);
    } else {
        printf("0x%04x  0x%08x  %u\n", (unsigned)a, v, v);
    }
    return 0;
}

static int cmd_block(host *h)
{
    uint64_t a, c;
    uint32_t v[TN_BLOCK_MAX];
    char what[64];
    int rc = arg_num(h, 0, "ADDR", 0xffff, ADDR_ALLOWED, &a);
    if (!rc)
        rc = arg_num(h, 1, "COUNT", TN_BLOCK_MAX, "1..64", &c);
    if (!rc && (c < 1 || a + c > 0x10000)) {
        char msg[160];
        snprintf(msg, sizeof msg, "block: COUNT '%s' is not allowed at ADDR 0x%04x; allowed: "
                 "1..64, and ADDR + COUNT - 1 <= 0xffff", h->args[1], (unsigned)a);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    if (rc)
        return rc;
    snprintf(what, sizeof what, "block 0x%04x %u", (unsigned)a, (unsigned)c);
    if ((rc = read_block(h, (unsigned)a, (unsigned)c, v, what)))
        return rc;
    if (h->json) {
        json_head(h);
        printf(", \"addr\": %u, \"values\": [", (unsigned)a);
        for (unsigned i = 0; i < c; i++)
            printf("%s%u", i ? ", " : "", v[i]);
        printf("]}\n");
    } else {
        for (unsigned i = 0; i < c; i++)
            printf("0x%04x  0x%08x  %u\n", (unsigned)(a + i), v[i], v[i]);
    }
    return 0;
}

static int cmd_write(host *h)
{
    uint64_t a, v;
    tn_reply r;
    char what[64];
    int rc = arg_num(h, 0, "ADDR", 0xffff, ADDR_ALLOWED, &a);
    if (!rc)
        rc = arg_num(h, 1, "VALUE", 0xffffffffu, U32_ALLOWED, &v);
    if (rc)
        return rc;
    uint8_t p[6] = {(uint8_t)a, (uint8_t)(a >> 8), (uint8_t)v, (uint8_t)(v >> 8),
                    (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    snprintf(what, sizeof what, "write 0x%04x", (unsigned)a);
    if ((rc = request(h, TN_CMD_WRITE, p, 6, what, &r)) || (rc = expect_len(h, &r, 0, what)))
        return rc;
    if (h->json) {
        json_head(h);
        printf(", \"addr\": %u, \"value\": %u}\n", (unsigned)a, (unsigned)v);
    } else {
        printf("0x%04x  <- 0x%08x  %u\n", (unsigned)a, (unsigned)v, (unsigned)v);
    }
    return 0;
}

static int cmd_start(host *h)
{
    uint64_t n;
    tn_reply r;
    int rc = arg_num(h, 0, "CYCLES", 0xffffffffu, U32_ALLOWED, &n);
    if (rc)
        return rc;
    uint8_t p[4] = {(uint8_t)n, (uint8_t)(n >> 8), (uint8_t)(n >> 16), (uint8_t)(n >> 24)};
    if ((rc = request(h, TN_CMD_START, p, 4, "start", &r)) || (rc = expect_len(h, &r, 0, "start")))
        return rc;
    unsigned polls = 0;
    uint32_t st = 0;
    while (h->wait) {
        if ((rc = read_block(h, TN_CP_STATUS, 1, &st, "start: status")))
            return rc;
        polls++;
        if (!(st & 1u))
            break;
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    if (h->json) {
        json_head(h);
        printf(", \"cycles\": %u, \"waited\": %s, \"done\": %s}\n", (unsigned)n,
               h->wait ? "true" : "false", h->wait && (st & 2u) ? "true" : "false");
    } else if (h->wait) {
        printf("run of %u cycles done (%u status polls)\n", (unsigned)n, polls);
    } else {
        printf("run of %u cycles started\n", (unsigned)n);
    }
    return 0;
}

static int cmd_reset(host *h)
{
    tn_reply r;
    int rc = request(h, TN_CMD_RESET, NULL, 0, "reset", &r);
    if (rc || (rc = expect_len(h, &r, 0, "reset")))
        return rc;
    if (h->json) {
        json_head(h);
        printf(", \"reset\": true}\n");
    } else {
        printf("design reset pulsed\n");
    }
    return 0;
}

/* raw BYTE...: the bytes as given (no frame added), then one reply, shown as received. */
static int cmd_raw(host *h)
{
    uint8_t buf[MAX_ARGS];
    char err[ERRLEN], msg[ERRLEN + 64];
    for (int i = 0; i < h->nargs; i++) {
        uint64_t b;
        if (parse_num(h->args[i], 0xff, &b)) {
            snprintf(msg, sizeof msg, "raw: BYTE '%s' (argument %d) is not allowed; allowed: "
                     "0..0xff (decimal or 0x hex)", h->args[i], i + 1);
            return fail(h, EXIT_USAGE, "usage", msg);
        }
        buf[i] = (uint8_t)b;
    }
    tn_reply r;
    int rc = ensure_open(h);
    if (rc)
        return rc;
    rc = tn_port_send(&h->io, buf, (size_t)h->nargs, err, sizeof err);
    if (!rc)
        rc = tn_port_recv(&h->io, &r, err, sizeof err);
    if (rc) {
        snprintf(msg, sizeof msg, "raw: %s", err);
        return fail(h, EXIT_BOARD, port_kind(rc), msg);
    }
    if (h->json) {
        json_head(h);
        printf(", \"status\": %u, \"payload\": [", r.status);
        for (unsigned i = 0; i < r.len; i++)
            printf("%s%u", i ? ", " : "", r.payload[i]);
        printf("]");
        if (r.status == TN_ST_ERROR) {
            printf(", \"error\": ");
            json_str(tn_err_name(r.payload[0]));
        }
        printf("}\n");
    } else {
        printf("reply: status 0x%02x %s, %u payload bytes:", r.status,
               r.status == TN_ST_OK ? "OK" : "ERROR", r.len);
        for (unsigned i = 0; i < r.len; i++)
            printf(" %02x", r.payload[i]);
        printf("\n");
    }
    if (r.status == TN_ST_ERROR) {
        snprintf(msg, sizeof msg, "raw: the board answered ERROR 0x%02x %s: %s", r.payload[0],
                 tn_err_name(r.payload[0]), tn_err_meaning(r.payload[0]));
        fprintf(stderr, "tnhost: %s\n", msg);
        return EXIT_BOARD;
    }
    return 0;
}

/* ---- run and errors: the board core (fpga/tn_board.v) ---- */

typedef struct board_build {
    unsigned k, n, v, b, w, routing, term, qd, gqd;
    int sel;           /* -1: chosen at run time */
    unsigned features; /* BUILD2 bits: 0 GAL NI, 1 ACOR NI, 2 torus */
} board_build;

/* The board's run, in tnsim's terms (sums and extremes over the nodes). */
typedef struct board_stats {
    uint64_t packets, accepted, lat_sum, injected, delivered, created, created_flits;
    uint32_t lat_max, lat_min, cycles, stop_cycle, status, rerr, serr, ovf, paterr;
    uint32_t hist[TN_BOARD_BINS];
    unsigned hist_shift;
} board_stats;

static int read_build(host *h, board_build *bb)
{
    uint32_t v[5];
    /* the magic first: a board without the core (tnboard, another design) answers an address
     * error or another value */
    uint8_t p[2] = {(uint8_t)TN_B_MAGIC, 0};
    uint8_t frame[TN_REQ_MAX];
    char err[ERRLEN], msg[ERRLEN + 128];
    tn_reply r;
    int rc = ensure_open(h);
    if (rc)
        return rc;
    rc = tn_port_send(&h->io, frame, tn_frame(frame, TN_CMD_READ, p, 2), err, sizeof err);
    if (!rc)
        rc = tn_port_recv(&h->io, &r, err, sizeof err);
    if (rc) {
        snprintf(msg, sizeof msg, "%s: board core magic: %s", h->cmd, err);
        return fail(h, EXIT_BOARD, port_kind(rc), msg);
    }
    if (r.status != TN_ST_OK || r.len != 4 || tn_le32(r.payload) != TN_BOARD_MAGIC) {
        snprintf(msg, sizeof msg, "%s: the board is not a tn board core (register 0x0003 %s, "
                 "expected 0x%08x): load the board build, or use tnboard-core", h->cmd,
                 r.status != TN_ST_OK ? "is not mapped" : "holds another value",
                 TN_BOARD_MAGIC);
        return fail(h, EXIT_BOARD, "board", msg);
    }
    if ((rc = read_block(h, TN_B_BUILD0, 5, v, "build registers")))
        return rc;
    if (v[3] != TN_BOARD_MAGIC) {
        char msg[200];
        snprintf(msg, sizeof msg, "run: the board is not a tn board core (register 0x0003 "
                 "holds 0x%08x, expected 0x%08x): load the board build or use tnboard-core",
                 v[3], TN_BOARD_MAGIC);
        return fail(h, EXIT_BOARD, "board", msg);
    }
    bb->k = v[0] >> 24;
    bb->n = v[0] >> 16 & 0xffu;
    bb->v = v[0] >> 8 & 0xffu;
    bb->b = v[0] & 0xffu;
    bb->w = v[1] >> 24;
    bb->routing = v[1] >> 16 & 0xffu;
    bb->sel = (int)(v[1] >> 8 & 0xffu) - 1;
    bb->term = v[1] & 0xffu;
    bb->qd = v[2] >> 16;
    bb->features = v[2] & 0xffu;
    bb->gqd = v[4];
    return 0;
}

/* A configuration the board build cannot run: the message names the key, the value and what
 * the build allows. Returns 0 when it can. */
static int board_refuses(const tn_config *c, const board_build *bb, char *m, size_t len)
{
    static const char *const routing_ok[] = {"dor", "dor minad", "dor minad val",
                                             "dor minad val goal", "dor minad val goal gal"};
    const char *rok = routing_ok[bb->routing < 3 ? bb->routing : (bb->features & 1u) ? 4 : 3];
    if ((unsigned)c->k != bb->k)
        snprintf(m, len, "key 'k': value '%d': the board is built with k=%u", c->k, bb->k);
    else if ((unsigned)c->n != bb->n)
        snprintf(m, len, "key 'n': value '%d': the board is built with n=%u", c->n, bb->n);
    else if ((unsigned)c->vcs != bb->v)
        snprintf(m, len, "key 'vcs': value '%d': the board is built with vcs=%u", c->vcs, bb->v);
    else if (c->buf < 1 || (unsigned)c->buf > bb->b)
        snprintf(m, len, "key 'buf': value '%d': the board is built with buffers of %u flits "
                 "(allowed 1..%u)", c->buf, bb->b, bb->b);
    else if (c->topo != TN_TOPO_TORUS)
        snprintf(m, len, "key 'topo': value '%s': the board is a torus (allowed: torus)",
                 tn_topo_name(c->topo));
    else if ((unsigned)c->term != bb->term)
        snprintf(m, len, "key 'term': value '%d': the board has %u terminal channel per node",
                 c->term, bb->term);
    else if (c->routing == TN_ROUTE_GAL && !(bb->features & 1u))
        snprintf(m, len, "key 'routing': value 'gal': this board build has no GAL network "
                 "interface (allowed: %s)", rok);
    else if (c->routing == TN_ROUTE_GAL && c->gal_sets == TN_GAL_SDST)
        snprintf(m, len, "key 'gal_sets': value 'dst': the board's GAL network interface builds "
                 "one set per class only (allowed: 1 2 dir)");
    else if (c->routing == TN_ROUTE_GAL && (unsigned)c->gal_qdepth != bb->gqd)
        snprintf(m, len, "key 'gal_qdepth': value '%d': the board's GAL queues hold %u packets "
                 "(allowed: %u)", c->gal_qdepth, bb->gqd, bb->gqd);
    else if (c->routing == TN_ROUTE_ACOR && !(bb->features & 2u))
        snprintf(m, len, "key 'routing': value 'acor': this board build has no ACOR network "
                 "interface (allowed: %s)", rok);
    else if (c->routing != TN_ROUTE_GAL &&
             (c->routing > TN_ROUTE_GOAL || (unsigned)c->routing > bb->routing))
        snprintf(m, len, "key 'routing': value '%s': not built into this board (allowed: %s)",
                 tn_routing_name(c->routing), rok);
    else if (bb->sel >= 0 && c->selection != bb->sel)
        snprintf(m, len, "key 'selection': value '%s': this board build fixes selection=%s",
                 tn_selection_name(c->selection), tn_selection_name(bb->sel));
    else if (c->traffic > TN_TR_NEIGHBOR)
        snprintf(m, len, "key 'traffic': value '%s': not built into the board's traffic "
                 "generators (allowed: uniform tornado bitcomp bitrev shuffle butterfly "
                 "transpose neighbor)", tn_traffic_name(c->traffic));
    else if (c->switch_at)
        snprintf(m, len, "key 'switch_at': value '%ld': the board has no mid-run traffic switch "
                 "(allowed: 0)", c->switch_at);
    else if (c->warmup + c->measure + c->drain > 0xffffffffL)
        snprintf(m, len, "keys 'warmup', 'measure', 'drain': %ld + %ld + %ld cycles: the board "
                 "counts 32 bits (allowed: a sum up to 4294967295)", c->warmup, c->measure,
                 c->drain);
    else
        return 0;
    return -1;
}

static int write_reg(host *h, unsigned addr, uint32_t v)
{
    tn_reply r;
    char what[64];
    uint8_t p[6] = {(uint8_t)addr, (uint8_t)(addr >> 8), (uint8_t)v, (uint8_t)(v >> 8),
                    (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    snprintf(what, sizeof what, "run: write 0x%04x", addr);
    int rc = request(h, TN_CMD_WRITE, p, 6, what, &r);
    return rc ? rc : expect_len(h, &r, 0, what);
}


static int board_run(host *h, const tn_config *c, unsigned nodes, board_stats *bs)
{
    double mean_len = 0.5 * (c->pkt_min + c->pkt_max);
    double p = tn_rate_flits(c) / (c->term * mean_len);
    uint64_t thr = (uint64_t)(p * 4294967296.0);
    bs->hist_shift = h->hist_shift;
    const uint32_t regs[][2] = {
        {TN_B_ROUTING, (uint32_t)c->routing},   {TN_B_SEL, (uint32_t)c->selection},
        {TN_B_TRANSIT, (uint32_t)c->transit},   {TN_B_DATELINE, (uint32_t)c->dateline},
        {TN_B_BUF, (uint32_t)c->buf},           {TN_B_RSEED, c->seed},
        {TN_B_THRESH, (uint32_t)thr},           {TN_B_THRESH_HI, thr >= 0x100000000ull},
        {TN_B_PATTERN, (uint32_t)c->traffic},   {TN_B_PKT_MIN, (uint32_t)c->pkt_min},
        {TN_B_PKT_MAX, (uint32_t)c->pkt_max},   {TN_B_WARMUP, (uint32_t)c->warmup},
        {TN_B_MEASURE, (uint32_t)c->measure},   {TN_B_DRAIN, (uint32_t)c->drain},
        {TN_B_HIST_SHIFT, bs->hist_shift},
        {TN_B_GAL_SETS, (uint32_t)c->gal_sets},   {TN_B_GAL_ADAPT, (uint32_t)c->gal_adapt},
        {TN_B_GAL_T, (uint32_t)c->gal_t},         {TN_B_GAL_TMIN, (uint32_t)c->gal_tmin},
        {TN_B_GAL_TMAX, (uint32_t)c->gal_tmax},   {TN_B_GAL_N1, (uint32_t)c->gal_n1},
        {TN_B_GAL_N2, (uint32_t)c->gal_n2},
    };
    int rc = 0;
    for (size_t i = 0; !rc && i < sizeof regs / sizeof regs[0]; i++)
        rc = write_reg(h, regs[i][0], regs[i][1]);
    for (unsigned v = 0; !rc && v < nodes; v++)
        rc = write_reg(h, TN_B_SEED + v, tn_seed_stream(c->seed, TN_STREAM_TRAFFIC, v));
    tn_reply r;
    if (!rc && !(rc = request(h, TN_CMD_RESET, NULL, 0, "run: reset", &r)))
        rc = expect_len(h, &r, 0, "run: reset");
    uint8_t one[4] = {1, 0, 0, 0};
    if (!rc && !(rc = request(h, TN_CMD_START, one, 4, "run: start", &r)))
        rc = expect_len(h, &r, 0, "run: start");
    /* wait for the end: the sources stop as tnsim's do, then the network drains */
    uint64_t limit = (uint64_t)c->warmup + (uint64_t)c->measure + (uint64_t)c->drain + 200000u;
    uint32_t st[2] = {0, 0};
    while (!rc) {
        if ((rc = read_block(h, TN_B_STATUS, 2, st, "run: status")))
            break;
        if (st[0] & 4u)
            break;
        if (st[1] > limit) {
            char msg[200];
            snprintf(msg, sizeof msg, "run: the network did not drain: cycle %u, beyond "
                     "warmup + measure + drain + 200000 (see tnhost errors)", st[1]);
            return fail(h, EXIT_BOARD, "board", msg);
        }
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    if (rc)
        return rc;
    uint32_t g[11];
    if ((rc = read_block(h, TN_B_STATUS, 11, g, "run: status registers")) ||
        (rc = read_block(h, TN_B_HIST, TN_BOARD_BINS, bs->hist, "run: histogram")))
        return rc;
    bs->status = g[0];
    bs->cycles = g[1];
    bs->stop_cycle = g[2];
    bs->rerr = g[5];
    bs->serr = g[6];
    bs->ovf = g[7];
    bs->paterr = g[8];
    bs->created = g[9];
    bs->created_flits = g[10];
    bs->lat_min = UINT32_MAX;
    for (unsigned v = 0; v < nodes; v++) {
        uint32_t x[TN_BN_RSV8];
        if ((rc = read_block(h, TN_B_NODE + 16 * v, TN_BN_RSV8, x, "run: node statistics")))
            return rc;
        bs->packets += x[TN_BN_PACKETS];
        bs->accepted += x[TN_BN_ACCEPTED];
        bs->lat_sum += x[TN_BN_LAT_SUM_LO] | (uint64_t)x[TN_BN_LAT_SUM_HI] << 32;
        if (x[TN_BN_PACKETS] && x[TN_BN_LAT_MAX] > bs->lat_max)
            bs->lat_max = x[TN_BN_LAT_MAX];
        if (x[TN_BN_PACKETS] && x[TN_BN_LAT_MIN] < bs->lat_min)
            bs->lat_min = x[TN_BN_LAT_MIN];
        bs->delivered += x[TN_BN_DELIVERED];
        bs->injected += x[TN_BN_INJECTED];
    }
    if (!bs->packets)
        bs->lat_min = 0;
    return 0;
}

/* The board's figures as tn_stats (the fields it has; the others stay 0). */
static void board_to_stats(const tn_config *c, unsigned nodes, const board_stats *bs,
                           tn_stats *st)
{
    memset(st, 0, sizeof *st);
    double win = (double)c->measure, cap = tn_capacity(c);
    st->offered_flits = tn_rate_flits(c);
    st->offered = st->offered_flits / cap;
    st->created_flits = (double)bs->created_flits / (nodes * win);
    st->accepted_flits = (double)bs->accepted / (nodes * win);
    st->accepted = st->accepted_flits / cap;
    st->packets = (long)bs->packets;
    st->latency_avg = bs->packets ? (double)bs->lat_sum / (double)bs->packets : 0;
    st->latency_max = bs->lat_max;
    st->latency_min = bs->lat_min;
    st->cycles = bs->cycles;
    st->injected = (long)bs->injected;
    st->delivered = (long)bs->delivered;
    st->router_errors = bs->rerr;
    st->check_errors = (bs->serr != 0) + (bs->injected != bs->delivered) + (bs->ovf != 0) +
                       (bs->paterr != 0);
    st->drained = bs->stop_cycle < (uint64_t)c->warmup + c->measure + c->drain;
    double ref = st->created_flits > 0 && st->drained ? st->created_flits : st->offered_flits;
    st->saturated = !st->drained || st->accepted_flits < 0.95 * ref;
}

/* exact sums recovered from tnsim's statistics */
static uint64_t c_count(double per_node_cycle, unsigned nodes, long measure)
{
    return (uint64_t)(per_node_cycle * nodes * (double)measure + 0.5);
}

static int run_set_compare(void *ctx, const char *value, char *err, size_t errlen)
{
    host *h = ctx;
    (void)errlen;
    err[0] = 0;
    if (!strcmp(value, "on"))
        h->compare = 1;
    else if (!strcmp(value, "off"))
        h->compare = 0;
    else
        return -1;
    return 0;
}

static int run_set_hostkey(host *h, const char *key, const char *value, char *err,
                           size_t errlen)
{
    return set_key(h, key, value, err, errlen);
}
static int run_set_port(void *ctx, const char *v, char *e, size_t l)
{
    return run_set_hostkey(ctx, "port", v, e, l);
}
static int run_set_baud(void *ctx, const char *v, char *e, size_t l)
{
    return run_set_hostkey(ctx, "baud", v, e, l);
}
static int run_set_timeout(void *ctx, const char *v, char *e, size_t l)
{
    return run_set_hostkey(ctx, "timeout", v, e, l);
}

static int run_set_hist(void *ctx, const char *value, char *err, size_t errlen)
{
    host *h = ctx;
    uint64_t x;
    (void)errlen;
    err[0] = 0;
    if (parse_num(value, 15, &x))
        return -1;
    h->hist_shift = (unsigned)x;
    return 0;
}

static const tn_cli_key run_keys[] = {
    {"hist_shift", "0..15", "3", "board histogram: 16 bins of 2^hist_shift cycles", run_set_hist},
    {"compare", "on off", "off", "also run the C model and compare (--compare)", run_set_compare},
    {"port", "a path", NULL, "the serial port", run_set_port},
    {"baud", TN_BAUDS, "115200", "baud rate", run_set_baud},
    {"timeout", "1..600000", "1000", "ms per reply byte", run_set_timeout},
};

static void print_board_json(const host *h, const tn_config *c, const tn_stats *st,
                             const board_stats *bs)
{
    json_head(h);
    printf(", \"k\": %d, \"n\": %d, \"topo\": \"%s\", \"vcs\": %d, \"buf\": %d, \"pkt_min\": %d, "
           "\"pkt_max\": %d, \"term\": %d, \"routing\": \"%s\", \"selection\": \"%s\", "
           "\"traffic\": \"%s\", \"seed\": %u, \"capacity_flits_per_node_cycle\": %.6g, "
           "\"offered\": %.6g, \"offered_flits_per_node_cycle\": %.6g, "
           "\"created_flits_per_node_cycle\": %.6g, \"accepted\": %.6g, "
           "\"accepted_flits_per_node_cycle\": %.6g, \"latency_avg\": %.4f, "
           "\"latency_max\": %ld, \"latency_min\": %ld, \"saturated\": %s, \"packets\": %ld, "
           "\"injected\": %ld, \"delivered\": %ld, \"check_errors\": %ld, "
           "\"router_errors\": %u, \"cycles\": %ld, \"accepted_flits\": %llu, "
           "\"latency_sum\": %llu, \"latency_hist_bin\": %u, \"latency_hist\": [",
           c->k, c->n, tn_topo_name(c->topo), c->vcs, c->buf, c->pkt_min, c->pkt_max, c->term,
           tn_routing_name(c->routing), tn_selection_name(c->selection),
           tn_traffic_name(c->traffic), c->seed, tn_capacity(c), st->offered, st->offered_flits,
           st->created_flits, st->accepted, st->accepted_flits, st->latency_avg, st->latency_max,
           st->latency_min, st->saturated ? "true" : "false", st->packets, st->injected,
           st->delivered, st->check_errors, st->router_errors, st->cycles,
           (unsigned long long)bs->accepted, (unsigned long long)bs->lat_sum,
           1u << bs->hist_shift);
    for (int i = 0; i < TN_BOARD_BINS; i++)
        printf("%s%u", i ? ", " : "", bs->hist[i]);
    printf("]");
}

static void print_board_text(const host *h, const tn_config *c, const tn_stats *st,
                             const board_stats *bs)
{
    printf("tnhost: board on %s: k=%d n=%d torus, vcs=%d buf=%d pkt=%d..%d, routing=%s "
           "selection=%s traffic=%s load=%g seed=%u\n", h->port, c->k, c->n, c->vcs, c->buf,
           c->pkt_min, c->pkt_max, tn_routing_name(c->routing), tn_selection_name(c->selection),
           tn_traffic_name(c->traffic), c->load, c->seed);
    printf("  offered          %.4f of capacity  (%.4f flits/node/cycle; capacity %.4f)\n",
           st->offered, st->offered_flits, tn_capacity(c));
    printf("  accepted         %.4f of capacity  (%.4f flits/node/cycle)\n", st->accepted,
           st->accepted_flits);
    printf("  latency          avg %.2f  min %ld  max %ld cycles (creation to tail ejection)\n",
           st->latency_avg, st->latency_min, st->latency_max);
    printf("  histogram        bins of %u cycles:", 1u << bs->hist_shift);
    for (int i = 0; i < TN_BOARD_BINS; i++)
        printf(" %u", bs->hist[i]);
    printf("\n  packets          %ld measured; %ld injected, %ld delivered, %ld integrity errors\n",
           st->packets, st->injected, st->delivered, st->check_errors);
    printf("  saturated        %s\n", st->saturated ? "yes" : "no");
    printf("  cycles           %ld (sources stopped at %u)\n", st->cycles, bs->stop_cycle);
}

/* The configuration of one run: tnsim's keys over the board build's k, n, vcs and buf (tnsim's
 * defaults are for an 8-ary 2-cube), checked as tnsim checks it and against the build. what
 * prefixes the messages. Returns 0 or an exit status (the message printed). */
static int run_config(host *h, int nargs, const char **args, const board_build *bb,
                      const char *what, tn_config *c)
{
    char err[TN_CLI_ERRLEN];
    tn_config_default(c);
    c->k = (int)bb->k;
    c->n = (int)bb->n;
    c->vcs = (int)bb->v;
    c->buf = (int)bb->b;
    if (tn_cli_parse(nargs, (char **)args, 0, c, run_keys,
                     (int)(sizeof run_keys / sizeof run_keys[0]), h, NULL, err, sizeof err) ||
        tn_config_check(c, err, sizeof err)) {
        char full[TN_CLI_ERRLEN + 16];
        snprintf(full, sizeof full, "%s: %s", what, err);
        return fail(h, EXIT_USAGE, "usage", full);
    }
    char msg[512];
    if (board_refuses(c, bb, msg, sizeof msg)) {
        char full[600];
        snprintf(full, sizeof full, "%s: %s", what, msg);
        return fail(h, EXIT_USAGE, "usage", full);
    }
    return 0;
}

#define RUN_NFIELDS 9

/* One measured run on the board and, with h->compare, the C model on the same keys. */
typedef struct run_result {
    board_stats bs;
    tn_stats st, cs;   /* the board's figures as tnsim's; the model's */
    int not_comparable; /* a source FIFO overflowed or a pattern is not built */
    int compared, ndiff, model_rc;
    struct {
        const char *name;
        uint64_t board, model;
    } f[RUN_NFIELDS];
} run_result;

/* Returns 0 (the figures are in rr, whatever they say) or an exit status (the port, the board
 * or the C model failed; the message printed). */
static int run_measure(host *h, const tn_config *c, const board_build *bb, run_result *rr)
{
    memset(rr, 0, sizeof *rr);
    unsigned nodes = 1;
    for (unsigned d = 0; d < bb->n; d++)
        nodes *= bb->k;
    int rc = board_run(h, c, nodes, &rr->bs);
    if (rc)
        return rc;
    board_to_stats(c, nodes, &rr->bs, &rr->st);
    if (rr->bs.ovf || rr->bs.paterr) {
        rr->not_comparable = 1;
        return 0;
    }
    if (!h->compare)
        return 0;
    char err[TN_CLI_ERRLEN];
    tn_sim *s = tn_sim_new(c, err, sizeof err);
    if (!s) {
        char full[TN_CLI_ERRLEN + 64];
        snprintf(full, sizeof full, "%s: the C model refused the configuration: %s", h->cmd,
                 err);
        return fail(h, EXIT_USAGE, "usage", full);
    }
    rr->model_rc = tn_sim_run(s, &rr->cs);
    tn_sim_free(s);
    const tn_stats *cs = &rr->cs;
    const board_stats *bs = &rr->bs;
    const char *names[RUN_NFIELDS] = {"packets", "accepted_flits", "latency_sum",
                                      "latency_max", "latency_min", "created_flits",
                                      "injected", "delivered", "cycles"};
    uint64_t b[RUN_NFIELDS] = {bs->packets, bs->accepted, bs->lat_sum, bs->lat_max, bs->lat_min,
                               bs->created_flits, bs->injected, bs->delivered, bs->cycles};
    uint64_t m[RUN_NFIELDS] = {
        (uint64_t)cs->packets, c_count(cs->accepted_flits, nodes, c->measure),
        (uint64_t)(cs->latency_avg * (double)cs->packets + 0.5), (uint64_t)cs->latency_max,
        (uint64_t)cs->latency_min, c_count(cs->created_flits, nodes, c->measure),
        (uint64_t)cs->injected, (uint64_t)cs->delivered, (uint64_t)cs->cycles};
    rr->compared = 1;
    for (int i = 0; i < RUN_NFIELDS; i++) {
        rr->f[i].name = names[i];
        rr->f[i].board = b[i];
        rr->f[i].model = m[i];
        rr->ndiff += b[i] != m[i];
    }
    return 0;
}

static void print_compare_json(const run_result *rr)
{
    const tn_stats *cs = &rr->cs;
    printf(", \"model\": {\"accepted_flits_per_node_cycle\": %.6g, \"latency_avg\": %.4f, "
           "\"latency_p50\": %ld, \"latency_p99\": %ld, \"check_errors\": %ld, "
           "\"router_errors\": %u}, \"compare\": {",
           cs->accepted_flits, cs->latency_avg, cs->latency_p50, cs->latency_p99,
           cs->check_errors, cs->router_errors);
    for (int i = 0; i < RUN_NFIELDS; i++)
        printf("%s\"%s\": [%llu, %llu]", i ? ", " : "", rr->f[i].name,
               (unsigned long long)rr->f[i].board, (unsigned long long)rr->f[i].model);
    printf("}, \"differences\": %d", rr->ndiff);
}

static int cmd_run(host *h)
{
    tn_config c;
    char err[TN_CLI_ERRLEN];
    tn_config_default(&c);
    int rc = tn_cli_parse(h->nargs, (char **)h->args, 0, &c, run_keys,
                          (int)(sizeof run_keys / sizeof run_keys[0]), h, NULL, err, sizeof err);
    if (rc == 1) {
        tn_cli_usage(stdout, "tnhost --port PATH run [--compare] [key=value ...]", run_keys,
                     (int)(sizeof run_keys / sizeof run_keys[0]));
        return 0;
    }
    if (rc) { /* the keys' syntax now; their combination once the build's defaults are in */
        char msg[TN_CLI_ERRLEN + 16];
        snprintf(msg, sizeof msg, "run: %s", err);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    if (!h->port[0])
        return fail(h, EXIT_USAGE, "usage", "run: no port given; use --port PATH");
    board_build bb;
    if ((rc = read_build(h, &bb)) || (rc = run_config(h, h->nargs, h->args, &bb, "run", &c)))
        return rc;
    run_result rr;
    if ((rc = run_measure(h, &c, &bb, &rr)))
        return rc;
    const tn_stats *st = &rr.st, *cs = &rr.cs;
    const board_stats *bs = &rr.bs;
    char msg[512];
    if (rr.not_comparable) {
        if (h->json)
            print_board_json(h, &c, st, bs), printf("}\n");
        else
            print_board_text(h, &c, st, bs);
        snprintf(msg, sizeof msg, "run: %s at nodes 0x%x: the statistics are not tnsim's (%s)",
                 bs->ovf ? "a source FIFO overflowed" : "a pattern is not built",
                 bs->ovf ? bs->ovf : bs->paterr,
                 bs->ovf ? "the offered load is above saturation: tnsim's source queue is "
                           "unbounded, the board's holds QD packets per node"
                         : "traffic not built into this board");
        fprintf(stderr, "tnhost: %s\n", msg);
        return EXIT_BOARD;
    }
    if (!rr.compared) {
        if (h->json) {
            print_board_json(h, &c, st, bs);
            printf("}\n");
        } else {
            print_board_text(h, &c, st, bs);
        }
        return st->check_errors || st->router_errors ? EXIT_BOARD : 0;
    }
    int nf = RUN_NFIELDS, ndiff = rr.ndiff;
    if (h->json) {
        print_board_json(h, &c, st, bs);
        print_compare_json(&rr);
        printf("}\n");
    } else {
        print_board_text(h, &c, st, bs);
        printf("compare: board (over the UART) against the C model (tn_sim_run), same keys\n");
        printf("  %-16s %14s %14s  %s\n", "field", "board", "model", "difference");
        for (int i = 0; i < nf; i++)
            printf("  %-16s %14llu %14llu  %s\n", rr.f[i].name,
                   (unsigned long long)rr.f[i].board, (unsigned long long)rr.f[i].model,
                   rr.f[i].board == rr.f[i].model ? "-" : "DIFFERS");
        printf("  %-16s %14.4f %14.4f\n", "latency_avg", st->latency_avg, cs->latency_avg);
        printf("  %-16s %14.6f %14.6f\n", "accepted", st->accepted_flits, cs->accepted_flits);
        printf("compare: %d of %d fields differ\n", ndiff, nf);
    }
    if (ndiff) {
        fprintf(stderr, "tnhost: run --compare: %d of %d fields differ between the board and the "
                "C model\n", ndiff, nf);
        return EXIT_BOARD;
    }
    if (rr.model_rc || st->check_errors || st->router_errors) {
        fprintf(stderr, "tnhost: run: errors: board %ld integrity, router bits 0x%x; model %ld "
                "integrity, router bits 0x%x\n", st->check_errors, st->router_errors,
                cs->check_errors, cs->router_errors);
        return EXIT_BOARD;
    }
    return 0;
}

/* ---- sweep: run once per load ---- */

#define SWEEP_MAX 64
#define LOADS_ALLOWED "1..64 comma-separated loads, each in (0, %g] (fraction of capacity: " \
                      "k=%d n=%d term=%d carries at most %g)"

static void sweep_bar(int done, int total, double load)
{
    char bar[31];
    int w = 30, fill = total ? done * w / total : w;
    for (int i = 0; i < w; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[w] = 0;
    if (done < total)
        fprintf(stderr, "\rsweep [%s] %d/%d, load %g ", bar, done, total, load);
    else
        fprintf(stderr, "\r\033[K");
    fflush(stderr);
}

static int cmd_sweep(host *h)
{
    const char *rest[MAX_ARGS + 1];
    int nrest = 0;
    const char *loads_arg = NULL;
    char msg[TN_CLI_ERRLEN + 200];
    for (int i = 0; i < h->nargs; i++) {
        if (!strncmp(h->args[i], "loads=", 6))
            loads_arg = h->args[i] + 6;
        else if (!strncmp(h->args[i], "load=", 5))
            return fail(h, EXIT_USAGE, "usage", "sweep: key 'load' is not allowed here: the "
                        "loads are given by loads=A,B,...");
        else
            rest[nrest++] = h->args[i];
    }
    /* loads=: numbers in (0, 100] now, the channel's limit once the build is known */
    double loads[SWEEP_MAX];
    char tok[SWEEP_MAX][32];
    int nl = 0;
    if (!loads_arg || !*loads_arg)
        return fail(h, EXIT_USAGE, "usage", "sweep: key 'loads': missing; sweep needs "
                    "loads=A,B,... (1..64 comma-separated loads in (0, 0.5] of capacity on the "
                    "4x4 board)");
    for (const char *p = loads_arg;;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char *end;
        char t[32];
        snprintf(t, sizeof t, "%.*s", (int)(len < 31 ? len : 31), p);
        double x = len && len < 31 ? strtod(t, &end) : 0;
        if (nl == SWEEP_MAX) {
            snprintf(msg, sizeof msg, "sweep: key 'loads': value '%.200s' has more than %d "
                     "loads; allowed: 1..%d comma-separated loads in (0, 100]", loads_arg,
                     SWEEP_MAX, SWEEP_MAX);
            return fail(h, EXIT_USAGE, "usage", msg);
        }
        if (!len || len >= 31 || *end || !(x > 0 && x <= 100)) {
            snprintf(msg, sizeof msg, "sweep: key 'loads': value '%.*s' (load %d of '%.200s') is "
                     "not allowed; allowed: 1..%d comma-separated numbers in (0, 100], fraction "
                     "of capacity (0.5 at most on the 4x4 board)", (int)(len < 60 ? len : 60), p,
                     nl + 1, loads_arg, SWEEP_MAX);
            return fail(h, EXIT_USAGE, "usage", msg);
        }
        snprintf(tok[nl], sizeof tok[nl], "%s", t);
        loads[nl++] = x;
        if (!e)
            break;
        p = e + 1;
    }
    /* the other keys' syntax before the port is opened */
    tn_config c;
    char err[TN_CLI_ERRLEN];
    tn_config_default(&c);
    int rc = tn_cli_parse(nrest, (char **)rest, 0, &c, run_keys,
                          (int)(sizeof run_keys / sizeof run_keys[0]), h, NULL, err, sizeof err);
    if (rc == 1) {
        tn_cli_usage(stdout, "tnhost --port PATH sweep loads=A,B,... [--compare] [--json] "
                     "[key=value ...]", run_keys, (int)(sizeof run_keys / sizeof run_keys[0]));
        return 0;
    }
    if (rc) {
        snprintf(msg, sizeof msg, "sweep: %s", err);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    board_build bb;
    if ((rc = read_build(h, &bb)))
        return rc;
    /* every load's configuration checked before the first run */
    char lk[SWEEP_MAX][40];
    tn_config cfg[SWEEP_MAX];
    tn_config t;
    rest[nrest] = "load=0.01"; /* a fault of the other keys first, named as run names it */
    if ((rc = run_config(h, nrest + 1, rest, &bb, "sweep", &t)))
        return rc;
    for (int i = 0; i < nl; i++) {
        snprintf(lk[i], sizeof lk[i], "load=%s", tok[i]);
        rest[nrest] = lk[i];
        tn_config_default(&t);
        t.k = (int)bb.k;
        t.n = (int)bb.n;
        t.vcs = (int)bb.v;
        t.buf = (int)bb.b;
        if (tn_cli_parse(nrest + 1, (char **)rest, 0, &t, run_keys,
                         (int)(sizeof run_keys / sizeof run_keys[0]), h, NULL, err, sizeof err) ||
            tn_config_check(&t, err, sizeof err)) {
            double maxl = t.term / tn_capacity(&t);
            snprintf(msg, sizeof msg, "sweep: key 'loads': value '%s' (load %d of %d) is not "
                     "allowed; allowed: " LOADS_ALLOWED, tok[i], i + 1, nl, maxl, t.k, t.n,
                     t.term, maxl);
            return fail(h, EXIT_USAGE, "usage", msg);
        }
        if ((rc = run_config(h, nrest + 1, rest, &bb, "sweep", &cfg[i])))
            return rc;
    }
    int tty = isatty(STDERR_FILENO), bad = 0;
    if (!h->json) {
        printf("tnhost: sweep on %s: k=%d n=%d torus, vcs=%d buf=%d pkt=%d..%d, routing=%s "
               "selection=%s traffic=%s seed=%u, warmup=%ld measure=%ld\n", h->port, cfg[0].k,
               cfg[0].n, cfg[0].vcs, cfg[0].buf, cfg[0].pkt_min, cfg[0].pkt_max,
               tn_routing_name(cfg[0].routing), tn_selection_name(cfg[0].selection),
               tn_traffic_name(cfg[0].traffic), cfg[0].seed, cfg[0].warmup, cfg[0].measure);
        if (h->compare)
            printf("%8s %9s %9s %8s | %9s %9s %8s | %s\n", "offered", "accepted", "lat_avg",
                   "lat_max", "m_accept", "m_lat_avg", "m_latmax", "equal");
        else
            printf("%8s %9s %9s %8s %8s %s\n", "offered", "accepted", "lat_avg", "lat_max",
                   "packets", "saturated");
    }
    for (int i = 0; i < nl; i++) {
        if (tty)
            sweep_bar(i, nl, loads[i]);
        run_result rr;
        if ((rc = run_measure(h, &cfg[i], &bb, &rr))) {
            if (tty)
                sweep_bar(nl, nl, 0);
            return rc;
        }
        if (tty)
            sweep_bar(nl, nl, 0); /* the line cleared before a row is printed */
        const tn_stats *st = &rr.st, *cs = &rr.cs;
        int row_bad = rr.not_comparable || (rr.compared && (rr.ndiff || rr.model_rc)) ||
                      st->check_errors || st->router_errors;
        bad |= row_bad;
        if (h->json) {
            print_board_json(h, &cfg[i], st, &rr.bs);
            printf(", \"load_index\": %d, \"loads\": %d, \"comparable\": %s", i, nl,
                   rr.not_comparable ? "false" : "true");
            if (rr.compared)
                print_compare_json(&rr);
            printf("}\n");
        } else if (rr.not_comparable) {
            printf("%8.4f %9.4f %9.2f %8ld   %s\n", st->offered, st->accepted, st->latency_avg,
                   st->latency_max, rr.bs.ovf ? "a source FIFO overflowed (past saturation): "
                   "not comparable" : "a pattern is not built: not comparable");
        } else if (rr.compared) {
            printf("%8.4f %9.4f %9.2f %8ld | %9.4f %9.2f %8ld | %s\n", st->offered, st->accepted,
                   st->latency_avg, st->latency_max, cs->accepted, cs->latency_avg,
                   cs->latency_max, rr.ndiff ? "DIFFERS" : "yes");
        } else {
            printf("%8.4f %9.4f %9.2f %8ld %8ld %s\n", st->offered, st->accepted,
                   st->latency_avg, st->latency_max, st->packets, st->saturated ? "yes" : "no");
        }
        fflush(stdout);
        if (rr.compared && rr.ndiff)
            fprintf(stderr, "tnhost: sweep: load %s: %d of %d fields differ between the board "
                    "and the C model\n", tok[i], rr.ndiff, RUN_NFIELDS);
    }
    if (!h->json) {
        printf("offered, accepted: fraction of capacity (%.4g flits/node/cycle); latency: cycles, "
               "creation to tail ejection%s\n", tn_capacity(&cfg[0]),
               h->compare ? "; m_: the C model (tn_sim_run) on the same keys; equal: all 9 "
               "compared figures equal" : "");
    }
    return bad ? EXIT_BOARD : 0;
}

static const char *const rerr_names[7] = {"credit_ovf", "credit_unf", "buf_ovf", "order",
                                          "vc_reuse", "port", "cfg"};
static const char *const serr_names[4] = {"dst", "order", "src", "payload"};

static void bit_names(uint32_t v, const char *const *names, int n, char *out, size_t len)
{
    size_t u = 0;
    out[0] = 0;
    for (int i = 0; i < n; i++)
        if (v >> i & 1u)
            u += (size_t)snprintf(out + u, u < len ? len - u : 0, "%s%s", u ? " " : "",
                                  names[i]);
    if (!u)
        snprintf(out, len, "none");
}

static int cmd_errors(host *h)
{
    board_build bb;
    int rc = read_build(h, &bb);
    if (rc)
        return rc;
    unsigned nodes = 1;
    for (unsigned d = 0; d < bb.n; d++)
        nodes *= bb.k;
    uint32_t g[9];
    if ((rc = read_block(h, TN_B_STATUS, 9, g, "errors: status")))
        return rc;
    if (h->json) {
        json_head(h);
        printf(", \"status\": %u, \"router_errors\": %u, \"sink_errors\": %u, "
               "\"source_overflow\": %u, \"pattern_errors\": %u, \"nodes\": [", g[0], g[5], g[6],
               g[7], g[8]);
    } else {
        char a[128], b[128];
        bit_names(g[5], rerr_names, 7, a, sizeof a);
        bit_names(g[6], serr_names, 4, b, sizeof b);
        printf("routers (OR of all): %s; sinks: %s; source FIFO overflow at nodes 0x%x; "
               "pattern not built at nodes 0x%x\n", a, b, g[7], g[8]);
        printf("node  router (0x1000+16v+10)     sink (+11)        source (+12)\n");
    }
    for (unsigned v = 0; v < nodes; v++) {
        uint32_t x[3];
        if ((rc = read_block(h, TN_B_NODE + 16 * v + TN_BN_RERR, 3, x, "errors: node")))
            return rc;
        if (h->json) {
            printf("%s{\"node\": %u, \"router\": %u, \"sink\": %u, \"source\": %u}",
                   v ? ", " : "", v, x[0], x[1], x[2]);
        } else {
            char a[128], b[128];
            bit_names(x[0], rerr_names, 7, a, sizeof a);
            bit_names(x[1], serr_names, 4, b, sizeof b);
            printf("%4u  %-26s %-17s %s%s\n", v, a, b, x[2] & 1u ? "overflow " : "",
                   x[2] & 2u ? "pattern" : (x[2] & 1u ? "" : "none"));
        }
    }
    if (h->json)
        printf("]}\n");
    return (g[5] || g[6] || g[7] || g[8]) ? EXIT_BOARD : 0;
}

static const command commands[] = {
    {"ping", 0, 0, "ping", "the control plane's magic, version, build id and parameters",
     cmd_ping},
    {"regs", 0, 0, "regs", "the control plane's registers 0xff00..0xff07, with the run status",
     cmd_regs},
    {"read", 1, 1, "read ADDR", "one register (READ_REG)", cmd_read},
    {"write", 2, 2, "write ADDR VALUE", "one register (WRITE_REG)", cmd_write},
    {"block", 2, 2, "block ADDR COUNT", "COUNT (1..64) consecutive registers (READ_BLOCK)",
     cmd_block},
    {"start", 1, 1, "start CYCLES", "run the design for CYCLES cycles; --wait: until it ends",
     cmd_start},
    {"reset", 0, 0, "reset", "pulse the design's reset (RESET)", cmd_reset},
    {"run", 0, MAX_ARGS, "run [key=value ...]", "a measured run on the board core with "
     "tnsim's keys; --compare: also the C model, side by side", cmd_run},
    {"errors", 0, 0, "errors", "the routers' error vectors, the sinks' and sources' error bits",
     cmd_errors},
    {"sweep", 1, MAX_ARGS, "sweep loads=A,B,... [key=value ...]", "run once per load (same "
     "keys as run); a table, or with --json one line per load; --compare: also the C model",
     cmd_sweep},
    {"raw", 1, TN_REQ_MAX, "raw BYTE...", "send these bytes as they are, show the reply "
     "(protocol tests)", cmd_raw},
};
#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])
#define COMMAND_LIST "ping regs read write block start reset raw run errors sweep"

static void usage(FILE *f)
{
    fprintf(f, "usage: tnhost --port PATH [--baud N] [--timeout MS] [--wait] [--compare] "
               "[--json] [--config FILE] [key=value ...] COMMAND [ARGS]\n"
               "commands:\n");
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-18s %s\n", commands[i].synopsis, commands[i].help);
    fprintf(f, "keys (key=value, --key VALUE, or one per line in --config FILE):\n"
               "  port     -       the serial port, e.g. /dev/ttyUSB0, or the pty tnboard prints\n"
               "  baud     115200  " TN_BAUDS "\n"
               "  timeout  1000    1..600000 ms: the longest wait for any byte of a reply\n"
               "  wait     off     on off: start waits until the run has ended (--wait)\n"
               "numbers: decimal or 0x hex. --json: one JSON object on stdout.\n"
               "exit status: 0 done, 1 the port or the board failed, 2 bad command line\n");
}

static const command *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

int main(int argc, char **argv)
{
    host h;
    memset(&h, 0, sizeof h);
    h.baud = 115200;
    h.timeout_ms = 1000;
    h.hist_shift = 3;
    h.io.fd = -1;
    char err[ERRLEN], msg[ERRLEN + 64];
    const command *c = NULL;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--json")) {
            h.json = 1;
        } else if (!strcmp(a, "--wait")) {
            h.wait = 1;
        } else if (!strcmp(a, "--compare")) {
            h.compare = 1;
        } else if (!strcmp(a, "--port") || !strcmp(a, "--baud") || !strcmp(a, "--timeout") ||
                   !strcmp(a, "--config")) {
            if (i + 1 >= argc) {
                snprintf(msg, sizeof msg, "%s needs a value (see tnhost --help)", a);
                return fail(&h, EXIT_USAGE, "usage", msg);
            }
            const char *v = argv[++i];
            int rc = !strcmp(a, "--config") ? load_config(&h, v, err, sizeof err)
                                            : set_key(&h, a + 2, v, err, sizeof err);
            if (rc)
                return fail(&h, EXIT_USAGE, "usage", err);
        } else if (a[0] == '-' && a[1] == '-') {
            snprintf(msg, sizeof msg, "unknown option '%.64s'; allowed: --port PATH, --baud N, "
                     "--timeout MS, --wait, --compare, --json, --config FILE, --help", a);
            return fail(&h, EXIT_USAGE, "usage", msg);
        } else if (strchr(a, '=') && !c) {
            char key[64];
            const char *eq = strchr(a, '=');
            size_t kl = (size_t)(eq - a);
            if (kl == 0 || kl >= sizeof key) {
                snprintf(msg, sizeof msg, "argument '%.64s' is not key=value", a);
                return fail(&h, EXIT_USAGE, "usage", msg);
            }
            memcpy(key, a, kl);
            key[kl] = 0;
            if (set_key(&h, key, eq + 1, err, sizeof err))
                return fail(&h, EXIT_USAGE, "usage", err);
        } else if (!c) {
            c = find_command(a);
            if (!c) {
                snprintf(msg, sizeof msg, "unknown command '%.64s'; allowed: " COMMAND_LIST, a);
                return fail(&h, EXIT_USAGE, "usage", msg);
            }
            h.cmd = c->name;
        } else {
            if (h.nargs >= c->max_args) {
                snprintf(msg, sizeof msg, "%s takes %s; unexpected argument '%.64s'", c->name,
                         c->max_args ? "no more arguments" : "no arguments", a);
                return fail(&h, EXIT_USAGE, "usage", msg);
            }
            h.args[h.nargs++] = a;
        }
    }
    if (!c) {
        snprintf(msg, sizeof msg, "no command; allowed: " COMMAND_LIST " (see tnhost --help)");
        return fail(&h, EXIT_USAGE, "usage", msg);
    }
    if (h.nargs < c->min_args) {
        snprintf(msg, sizeof msg, "%s needs %s (usage: tnhost --port PATH %s)", c->name,
                 c->synopsis + strlen(c->name) + 1, c->synopsis);
        return fail(&h, EXIT_USAGE, "usage", msg);
    }
    if (!h.port[0])
        return fail(&h, EXIT_USAGE, "usage",
                    "no port given; use --port PATH (e.g. /dev/ttyUSB0, or the pty tnboard "
                    "prints)");
    int rc = c->run(&h);
    tn_port_close(&h.io);
    return rc;
}
