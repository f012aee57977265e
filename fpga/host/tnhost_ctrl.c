/* SPDX-License-Identifier: MIT */
/* tnhost: the control plane's commands (ping, regs, read, write, block, start, reset, raw);
 * docs/board-reference.md, "Protocol". */
#include "tnhost_cmd.h"

/* ---- commands ---- */

int cmd_ping(host *h)
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
        char port[300];
        printf("tn control plane on %s: protocol version %u, build id 0x%08x\n",
               safe_str(h->port, port, sizeof port), magic >> 24, id);
        printf("clks_per_bit %u (clock = %u x baud), timeout_clks %u, block_max %u\n", cpb, cpb,
               tmo, bmax);
    }
    return 0;
}

static const char *const cp_names[TN_CP_NREGS] = {
    "magic", "id", "clks_per_bit", "timeout_clks", "block_max", "status", "cycles_left",
    "frame_errors",
};

int cmd_regs(host *h)
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

int cmd_read(host *h)
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

int cmd_block(host *h)
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
    if ((rc = read_block_frame(h, (unsigned)a, (unsigned)c, v, what)))
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

int cmd_write(host *h)
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

int cmd_start(host *h)
{
    uint64_t n;
    tn_reply r;
    int rc = arg_num(h, 0, "CYCLES", 0xffffffffu, U32_ALLOWED, &n);
    if (rc)
        return rc;
    uint8_t p[4] = {(uint8_t)n, (uint8_t)(n >> 8), (uint8_t)(n >> 16), (uint8_t)(n >> 24)};
    if ((rc = request(h, TN_CMD_START, p, 4, "start", &r)) || (rc = expect_len(h, &r, 0, "start")))
        return rc;
    /* --wait: until the run has ended; cycles left (0xFF06) that stand still for the timeout (at
     * least 1 s) with the run under way are a control plane that does not count: reported */
    unsigned polls = 0;
    uint32_t sv[2] = {0, 0}, st = 0, first = 0;
    still_watch w = {0, -1};
    const long long t0 = tn_now_ms();
    while (h->wait) {
        if ((rc = read_block(h, TN_CP_STATUS, 2, sv, "start: status")))
            return rc;
        st = sv[0];
        if (!polls++)
            first = sv[1];
        if (!(st & 1u))
            break;
        if (still_poll(h, &w, sv[1])) {
            char msg[300];
            snprintf(msg, sizeof msg, "start: STATUS (0xff05) never showed the run ended (0x%x, "
                     "bit 0 still set); CYCLES_LEFT (0xff06) stayed at %u for %lld ms: the board "
                     "does not count", st, sv[1], still_ms(h));
            return fail(h, EXIT_BOARD, "board", msg);
        }
        if (past_deadline(h, t0)) {
            char msg[300];
            snprintf(msg, sizeof msg, "start: STATUS (0xff05) never showed the run ended within "
                     "the deadline of %ld ms (0x%x, bit 0 still set); CYCLES_LEFT (0xff06) went "
                     "from %u to %u (a longer run needs deadline=MS, at most %d)",
                     h->deadline_ms, st, first, sv[1], DEADLINE_MAX_MS);
            return fail(h, EXIT_BOARD, "board", msg);
        }
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

int cmd_reset(host *h)
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
int cmd_raw(host *h)
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
    if (r.status == TN_ST_ERROR)
        snprintf(msg, sizeof msg, "raw: the board answered ERROR 0x%02x %s: %s", r.payload[0],
                 tn_err_name(r.payload[0]), tn_err_meaning(r.payload[0]));
    if (h->json) {
        json_head(h);
        printf(", \"status\": %u, \"payload\": [", r.status);
        for (unsigned i = 0; i < r.len; i++)
            printf("%s%u", i ? ", " : "", r.payload[i]);
        printf("]");
        if (r.status == TN_ST_ERROR) { /* as every command reports a refusal, and its name */
            printf(", \"error\": \"board\", \"board_error\": ");
            json_str(tn_err_name(r.payload[0]));
            printf(", \"message\": ");
            json_str(msg);
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
        fprintf(stderr, "tnhost: %s\n", msg);
        return EXIT_BOARD;
    }
    return 0;
}
