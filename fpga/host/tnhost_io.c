/* SPDX-License-Identifier: MIT */
/* tnhost's driver, the lowest of its layers (tnhost.h lists them): numbers and the host's keys
 * (port baud timeout deadline wait: tnhost.c's command line and --config, run's and sweep's keys),
 * the output every command shares (a failure, JSON strings and head, text made safe to print) and
 * the requests to the board over tn_port.c and tn_proto.c, each reply checked. It calls no other
 * tnhost file. */
#include "tnhost_io.h"

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
    char v[300];
    snprintf(err, len, "key '%s': value '%s' is not allowed; allowed: %s", key,
             safe_str(val, v, sizeof v), allowed);
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
                           "1..600000 (milliseconds: for a whole reply, from the request sent "
                           "to its last byte)", err, len);
        h->timeout_ms = (int)x;
    } else if (!strcmp(key, "deadline")) {
        if (parse_num(val, DEADLINE_MAX_MS, &x) || x < 1)
            return bad_key(key, val, "1..86400000 (milliseconds: for a run to end: start "
                           "--wait, run, each run of sweep)", err, len);
        h->deadline_ms = (long)x;
    } else if (!strcmp(key, "wait")) {
        if (!strcmp(val, "on"))
            h->wait = 1;
        else if (!strcmp(val, "off"))
            h->wait = 0;
        else
            return bad_key(key, val, "on off", err, len);
    } else {
        char k[200], v[200];
        snprintf(err, len, "unknown key '%s' (value '%s'); allowed keys: port baud timeout "
                 "deadline wait", safe_str(key, k, sizeof k), safe_str(val, v, sizeof v));
        return -1;
    }
    return 0;
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

const char *safe_str(const char *s, char *out, size_t outlen)
{
    if (!outlen)
        return out;
    size_t total = 0, room = outlen - 1, u = 0;
    for (const char *t = s; *t; t++)
        total += (unsigned char)*t < 0x20 || *t == 0x7f ? 4 : 1;
    if (total > room) /* cut: room for "..." at the end */
        room = room >= 3 ? room - 3 : 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        size_t need = c < 0x20 || c == 0x7f ? 4 : 1;
        if (u + need > room)
            break;
        if (need == 4)
            snprintf(out + u, outlen - u, "\\x%02x", c);
        else
            out[u] = (char)c;
        u += need;
    }
    if (total > outlen - 1)
        for (int i = 0; i < 3 && u < outlen - 1; i++)
            out[u++] = '.';
    out[u] = 0;
    return out;
}

void json_head(const host *h)
{
    printf("{\"command\": ");
    json_str(h->cmd);
    printf(", \"port\": ");
    json_str(h->port);
}

/* An error: one line on stderr (control bytes escaped); with --json also an object on stdout.
 * Returns status. */
int fail(const host *h, int status, const char *kind, const char *msg)
{
    char safe[4 * ERRLEN];
    fprintf(stderr, "tnhost: %s\n", safe_str(msg, safe, sizeof safe));
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

int past_deadline(const host *h, long long t0_ms)
{
    return tn_now_ms() - t0_ms > h->deadline_ms;
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
