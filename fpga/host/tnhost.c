/* SPDX-License-Identifier: MIT */
/* tnhost: the host tool of the board (docs/board-guide.md). Talks to the control plane
 * (fpga/tn_ctrl.v) over a serial port, or over the pty of the simulated board (tnboard):
 *   tnhost --port PATH [--baud N] [--timeout MS] [--json] COMMAND [ARGS]
 * Options are also keys of the project's grammar: port=PATH baud=N timeout=MS wait=on|off, on
 * the command line or one per line in --config FILE. Every request is checked before the port
 * is opened; a reply's start (bytes before it skipped) and each later byte of it are waited for
 * at most the timeout; a failed CRC, a timeout or an ERROR reply is reported, never retried.
 * Exit status: 0 done, 1 the port or the board failed, 2 bad command line. This file holds the
 * keys, the output, the requests and main; the commands are in tnhost_ctrl.c (the control
 * plane), tnhost_run.c (run, errors) and tnhost_sweep.c (tnhost.h declares what they share). */
#include "tnhost.h"

/* ---- numbers and keys ---- */

/* Decimal or 0x hex, 0..max; no sign, no other characters. */
int parse_num(const char *s, uint64_t max, uint64_t *out)
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

int set_key(host *h, const char *key, const char *val, char *err, size_t len)
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
            return bad_key(key, val,
                           "1..600000 (milliseconds: for a reply to start, for each of its bytes)",
                           err, len);
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
    while ((errno = 0, fgets(line, sizeof line, f))) {
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
    if (!rc && ferror(f)) { /* a directory, an I/O error: not an empty file */
        snprintf(err, len, "--config: %s:%d: read error: %s", path, lineno + 1, strerror(errno));
        rc = -1;
    }
    fclose(f);
    return rc;
}

/* ---- output ---- */

void json_str(const char *s)
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

void json_head(const host *h)
{
    printf("{\"command\": ");
    json_str(h->cmd);
    printf(", \"port\": ");
    json_str(h->port);
}

/* An error: one line on stderr; with --json also an object on stdout. Returns status. */
int fail(const host *h, int status, const char *kind, const char *msg)
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

const char *port_kind(int rc)
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
int ensure_open(host *h)
{
    if (h->io.fd >= 0)
        return 0;
    char err[ERRLEN];
    int rc = tn_port_open(&h->io, h->port, h->baud, h->timeout_ms, err, sizeof err);
    return rc ? fail(h, EXIT_BOARD, port_kind(rc), err) : 0;
}

/* Send one request and receive its reply; an ERROR reply is reported as a failure naming what
 * was asked (what). Returns 0 or an exit status. */
int request(host *h, uint8_t cmd, const uint8_t *payload, uint8_t len, const char *what,
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
int expect_len(host *h, const tn_reply *r, unsigned want, const char *what)
{
    if (r->len == want)
        return 0;
    char msg[256];
    snprintf(msg, sizeof msg, "%s: malformed reply: %u payload bytes, %u expected", what, r->len,
             want);
    return fail(h, EXIT_BOARD, "malformed", msg);
}

/* count registers from addr by READ_BLOCK, or by READ_REG when count is 1 and block is 0 */
static int read_regs(host *h, unsigned addr, unsigned count, uint32_t *v, const char *what,
                     int block)
{
    tn_reply r;
    uint8_t p[3] = {(uint8_t)addr, (uint8_t)(addr >> 8), (uint8_t)count};
    int rc = count == 1 && !block ? request(h, TN_CMD_READ, p, 2, what, &r)
                                  : request(h, TN_CMD_BLOCK, p, 3, what, &r);
    if (!rc)
        rc = expect_len(h, &r, 4 * count, what);
    for (unsigned i = 0; !rc && i < count; i++)
        v[i] = tn_le32(r.payload + 4 * i);
    return rc;
}

int read_block(host *h, unsigned addr, unsigned count, uint32_t *v, const char *what)
{
    return read_regs(h, addr, count, v, what, 0);
}

int read_block_frame(host *h, unsigned addr, unsigned count, uint32_t *v, const char *what)
{
    return read_regs(h, addr, count, v, what, 1);
}

long long still_ms(const host *h)
{
    return h->timeout_ms > 1000 ? h->timeout_ms : 1000;
}

int still_poll(const host *h, still_watch *w, uint32_t v)
{
    long long t = tn_now_ms();
    if (w->since < 0 || v != w->last) {
        w->last = v;
        w->since = t;
        return 0;
    }
    return t - w->since > still_ms(h);
}

/* An argument of a command as a number 0..max; on failure the message names it. */
int arg_num(host *h, int i, const char *name, uint64_t max, const char *allowed,
                   uint64_t *out)
{
    if (!parse_num(h->args[i], max, out))
        return 0;
    char msg[256];
    snprintf(msg, sizeof msg, "%s: %s '%s' is not allowed; allowed: %s", h->cmd, name,
             h->args[i], allowed);
    return fail(h, EXIT_USAGE, "usage", msg);
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
     "tnsim's keys; --compare: also the C model, side by side; seeds=N: N replications and their "
     "mean", cmd_run},
    {"errors", 0, 0, "errors", "the routers' error vectors, the sinks' and sources' error bits",
     cmd_errors},
    {"sweep", 1, MAX_ARGS, "sweep loads=A,B,...|windows=N [key=value ...]", "run once per "
     "load, or once per window of one run (same keys as run); a table, or with --json one line "
     "per run; --compare: also the C model", cmd_sweep},
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
    fprintf(f, "keys (key=value before the command, --port/--baud/--timeout VALUE, --wait as a flag,\n"
               "or one per line in --config FILE; run --help and sweep --help list theirs):\n"
               "  port     -       the serial port, e.g. /dev/ttyUSB0, or the pty tnboard prints\n"
               "  baud     115200  " TN_BAUDS "\n"
               "  timeout  1000    1..600000 ms: the longest wait for a reply to start, and for\n"
               "                   each of its bytes\n"
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
            /* after run or sweep: the command's own keys (tnsim's, with their ranges) */
            if (c && (!strcmp(c->name, "run") || !strcmp(c->name, "sweep")) &&
                h.nargs < c->max_args) {
                h.args[h.nargs++] = a;
                continue;
            }
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
    if (h.compare && strcmp(c->name, "run") && strcmp(c->name, "sweep")) {
        snprintf(msg, sizeof msg, "--compare applies to run and sweep only, not to %s", c->name);
        return fail(&h, EXIT_USAGE, "usage", msg);
    }
    /* run and sweep read port= among their keys, and check it themselves */
    if (!h.port[0] && strcmp(c->name, "run") && strcmp(c->name, "sweep"))
        return fail(&h, EXIT_USAGE, "usage",
                    "no port given; use --port PATH (e.g. /dev/ttyUSB0, or the pty tnboard "
                    "prints)");
    int rc = c->run(&h);
    tn_port_close(&h.io);
    return rc;
}
