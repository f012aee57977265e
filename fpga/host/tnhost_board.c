/* SPDX-License-Identifier: MIT */
/* tnhost's board core layer (tnhost.h lists the layers), under run, errors, sweep and run
 * seeds=N on the board core (fpga/tn_board.v): the build's parameters (checked against the C
 * model's and tnhost's limits before any use), run's keys and a run's configuration, the
 * refusals, the registers written, the run and its deadline, the statistics read back (checked
 * against their physical bounds) in tnsim's terms and, with --compare, the C model on the same
 * keys; docs/board-guide.md, "tnhost run and errors". It calls only the driver (tnhost_io.c). */
#include "tnhost_board.h"

/* One field of a build register out of its range: the message names the register, its
 * address and value, the field, its value and what is allowed. */
static int build_refuse(char *err, size_t errlen, int reg, uint32_t rv, const char *field,
                        unsigned long val, const char *allowed)
{
    static const char *const names[5] = {"BUILD0", "BUILD1", "BUILD2", "MAGIC", "BUILD3"};
    static const unsigned addrs[5] = {TN_B_BUILD0, TN_B_BUILD1, TN_B_BUILD2, TN_B_MAGIC,
                                      TN_B_BUILD3};
    snprintf(err, errlen, "the board's build register %s (0x%04x) = 0x%08x: %s = %lu is not "
             "allowed; allowed: %s", names[reg], addrs[reg], (unsigned)rv, field, val, allowed);
    return -1;
}

#define TN_BF_KNOWN (TN_BF_GAL | TN_BF_ACOR | TN_BF_TORUS | TN_BF_PATTERNS | TN_BF_GAL_ADAPT | \
                     TN_BF_SWITCH | TN_BF_PIPE)

int tnhost_build_check(const uint32_t v[5], board_build *bb, char *err, size_t errlen)
{
    char a[160];
    memset(bb, 0, sizeof *bb);
    bb->k = v[0] >> 24;
    bb->n = v[0] >> 16 & 0xffu;
    bb->v = v[0] >> 8 & 0xffu;
    bb->b = v[0] & 0xffu;
    bb->w = v[1] >> 24;
    bb->routing = v[1] >> 16 & 0xffu;
    bb->sel = (int)(v[1] >> 8 & 0xffu) - 1;
    bb->term = v[1] & 0xffu;
    bb->qd = v[2] >> 16;
    unsigned bins = v[2] >> 8 & 0xffu;
    bb->features = v[2] & 0xffu;
    bb->gqd = v[4];
    if (v[3] != TN_BOARD_MAGIC) {
        snprintf(a, sizeof a, "0x%08x (\"tnB1\", a tn board core)", TN_BOARD_MAGIC);
        return build_refuse(err, errlen, 3, v[3], "MAGIC", v[3], a);
    }
    /* K: the C model's radix (2..TN_MAX_K); tn_board.v builds powers of two (g_chk_k) */
    if (bb->k < 2 || bb->k > TN_MAX_K || (bb->k & (bb->k - 1))) {
        snprintf(a, sizeof a, "a power of two 2..%d (tn_board.v's K; the C model's TN_MAX_K)",
                 TN_MAX_K);
        return build_refuse(err, errlen, 0, v[0], "K (bits 31..24)", bb->k, a);
    }
    if (bb->n < 1 || bb->n > TN_MAX_N) {
        snprintf(a, sizeof a, "1..%d (the C model's TN_MAX_N)", TN_MAX_N);
        return build_refuse(err, errlen, 0, v[0], "N (bits 23..16)", bb->n, a);
    }
    /* K^N without overflow: at most 64^4 = 2^24 here, and saturated at UINT32_MAX whatever
     * K and N are */
    uint64_t nodes = 1;
    for (unsigned d = 0; d < bb->n; d++)
        nodes = nodes > UINT32_MAX / bb->k ? UINT32_MAX : nodes * bb->k;
    if (nodes > TNHOST_MAX_NODES) {
        char f[64];
        snprintf(f, sizeof f, "K^N (%u^%u nodes)", bb->k, bb->n);
        snprintf(a, sizeof a, "at most %d nodes (tn_board.v's K^N: at most 32 on the parallel "
                 "torus, %d on the engine)", TNHOST_MAX_NODES, TNHOST_MAX_NODES);
        return build_refuse(err, errlen, 0, v[0], f, nodes, a);
    }
    if (bb->v < 1 || bb->v > TN_MAX_V) {
        snprintf(a, sizeof a, "1..%d (the C model's TN_MAX_V)", TN_MAX_V);
        return build_refuse(err, errlen, 0, v[0], "V (bits 15..8)", bb->v, a);
    }
    if (bb->b < 1 || bb->b > TN_MAX_BUF) {
        snprintf(a, sizeof a, "1..%d (the C model's TN_MAX_BUF)", TN_MAX_BUF);
        return build_refuse(err, errlen, 0, v[0], "B (bits 7..0)", bb->b, a);
    }
    if (bb->w < 16 || bb->w > 64)
        return build_refuse(err, errlen, 1, v[1], "W (bits 31..24)", bb->w,
                            "16..64 (tn_board.v's W)");
    if (bb->routing > TN_ROUTE_GOAL)
        return build_refuse(err, errlen, 1, v[1], "ROUTING (bits 23..16)", bb->routing,
                            "0..3 (dor minad val goal: the most capable algorithm built)");
    if (bb->sel + 1 > TN_SEL_LAST) {
        snprintf(a, sizeof a, "0..%d (0: chosen at run time; 1..%d: selection 0..%d fixed)",
                 TN_SEL_LAST, TN_SEL_LAST, TN_SEL_LAST - 1);
        return build_refuse(err, errlen, 1, v[1], "SEL + 1 (bits 15..8)",
                            (unsigned long)(bb->sel + 1), a);
    }
    if (bb->term != 1)
        return build_refuse(err, errlen, 1, v[1], "TERM (bits 7..0)", bb->term,
                            "1 (tn_board.v builds one terminal channel per node)");
    if (bb->qd < 2 || bb->qd > 1024 || (bb->qd & (bb->qd - 1)))
        return build_refuse(err, errlen, 2, v[2], "QD (bits 31..16)", bb->qd,
                            "a power of two 2..1024 (tn_source.v's QD)");
    if (bins != TN_BOARD_BINS) {
        snprintf(a, sizeof a, "%d (TN_BOARD_BINS: tnhost reads that many histogram bins)",
                 TN_BOARD_BINS);
        return build_refuse(err, errlen, 2, v[2], "histogram bins (bits 15..8)", bins, a);
    }
    if (bb->features & ~TN_BF_KNOWN) {
        snprintf(a, sizeof a, "bits 0..6 (0x%02x: GAL ACOR TORUS PATTERNS GAL_ADAPT SWITCH PIPE); "
                 "unknown bits 0x%02x set", TN_BF_KNOWN, bb->features & ~TN_BF_KNOWN);
        return build_refuse(err, errlen, 2, v[2], "features (bits 7..0)", bb->features, a);
    }
    if (!(bb->features & TN_BF_TORUS))
        return build_refuse(err, errlen, 2, v[2], "features (bits 7..0)", bb->features,
                            "bit 2 TORUS set (a board core is always a torus)");
    if ((bb->features & TN_BF_GAL) && (bb->routing < TN_ROUTE_GOAL || bb->v < 4))
        return build_refuse(err, errlen, 2, v[2], "features (bits 7..0)", bb->features,
                            "bit 0 GAL only with ROUTING 3 and V >= 4 (tn_board.v's g_chk_gal)");
    if ((bb->features & TN_BF_ACOR) && (bb->routing < TN_ROUTE_VAL || bb->v < 4))
        return build_refuse(err, errlen, 2, v[2], "features (bits 7..0)", bb->features,
                            "bit 1 ACOR only with ROUTING >= 2 and V >= 4 (tn_board.v's "
                            "g_chk_acor)");
    if ((bb->features & TN_BF_GAL_ADAPT) && !(bb->features & TN_BF_GAL))
        return build_refuse(err, errlen, 2, v[2], "features (bits 7..0)", bb->features,
                            "bit 4 GAL_ADAPT only with bit 0 GAL");
    /* GQD: the C model's gal_qdepth (its range), reported also by a build without GAL */
    if (bb->gqd < 1 || bb->gqd > 1024)
        return build_refuse(err, errlen, 4, v[4], "GQD", bb->gqd,
                            "1..1024 (the C model's gal_qdepth)");
    return 0;
}

int read_build(host *h, board_build *bb)
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
        snprintf(msg, sizeof msg, "%s: the board is not a tn board core (register 0x0003 "
                 "holds 0x%08x, expected 0x%08x): load the board build or use tnboard-core",
                 h->cmd, v[3], TN_BOARD_MAGIC);
        return fail(h, EXIT_BOARD, "board", msg);
    }
    /* a build outside what the C model and tnhost handle is refused before any use of it */
    if (tnhost_build_check(v, bb, err, sizeof err)) {
        snprintf(msg, sizeof msg, "%s: %s", h->cmd, err);
        return fail(h, EXIT_USAGE, "board", msg);
    }
    /* BUILD4: the engine, {engines, stages, contexts per engine} (0: the parallel torus);
     * engines a power of two dividing K, contexts K^N / engines, stages 1 or 2 */
    uint32_t b4;
    if ((rc = read_block(h, TN_B_BUILD4, 1, &b4, "build register BUILD4")))
        return rc;
    unsigned e = b4 >> 24, st = b4 >> 16 & 0xffu, cx = b4 & 0xffffu, nodes = 1;
    for (unsigned d = 0; d < bb->n; d++)
        nodes *= bb->k;
    if (b4 != 0 && (bb->features & TN_BF_PIPE)) {
        snprintf(msg, sizeof msg, "%s: the board's build register BUILD4 (0x%04x) = 0x%08x "
                 "(engines %u) is not allowed with BUILD2's feature bit 6 PIPE; allowed: 0 (the "
                 "parallel torus: PIPE=1 routers hold one context, tn_board.v's g_chk_pipe)",
                 h->cmd, TN_B_BUILD4, (unsigned)b4, e);
        return fail(h, EXIT_BOARD, "board", msg);
    }
    if (b4 != 0 && (e == 0 || (e & (e - 1)) || bb->k % e || st < 1 || st > 2 ||
                    cx * e != nodes)) {
        snprintf(msg, sizeof msg, "%s: the board's build register BUILD4 (0x%04x) = 0x%08x "
                 "(engines %u, stages %u, contexts %u) is not allowed; allowed: 0 (the parallel "
                 "torus), or engines a power of two dividing K = %u, stages 1 or 2, contexts "
                 "K^N / engines = %u / engines", h->cmd, TN_B_BUILD4, (unsigned)b4, e, st, cx,
                 bb->k, nodes);
        return fail(h, EXIT_BOARD, "board", msg);
    }
    bb->engines = e;
    bb->stages = st;
    bb->contexts = cx;
    return 0;
}

/* Whether the board's traffic generators lack pattern t (randperm and hotspot: BUILD2's
 * PATTERNS; trace never), and the message naming key and value. */
static int pattern_refused(int t, unsigned features)
{
    return t > TN_TR_HOTSPOT || (t > TN_TR_NEIGHBOR && !(features & TN_BF_PATTERNS));
}

static void pattern_refusal(char *m, size_t len, const char *key, int t, unsigned features)
{
    snprintf(m, len, "key '%s': value '%s': not built into %s traffic generators (allowed: "
             "uniform tornado bitcomp bitrev shuffle butterfly transpose neighbor%s)", key,
             tn_traffic_name(t), (features & TN_BF_PATTERNS) ? "the board's" : "this board build's",
             (features & TN_BF_PATTERNS) ? " randperm hotspot" : "");
}

/* A configuration the board build cannot run: the message names the key, the value and what
 * the build allows. Returns 0 when it can. */
static int board_refuses(const tn_config *c, const board_build *bb, char *m, size_t len)
{
    static const char *const routing_ok[] = {"dor", "dor minad", "dor minad val",
                                             "dor minad val goal", "dor minad val goal gal"};
    char rok[64];
    int acor_ok = (bb->features & TN_BF_ACOR) && bb->routing >= 2;
    snprintf(rok, sizeof rok, "%s%s",
             routing_ok[bb->routing < 3 ? bb->routing : (bb->features & TN_BF_GAL) ? 4 : 3],
             acor_ok ? " acor" : "");
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
    else if (c->pipe != ((bb->features & TN_BF_PIPE) ? 1 : 0))
        snprintf(m, len, "key 'pipe': value '%d': the board's routers are built with PIPE=%d "
                 "(allowed: %d)", c->pipe, c->pipe ? 0 : 1, c->pipe ? 0 : 1);
    else if ((unsigned)c->term != bb->term)
        snprintf(m, len, "key 'term': value '%d': the board has %u terminal channel per node",
                 c->term, bb->term);
    else if (c->routing == TN_ROUTE_GAL && !(bb->features & TN_BF_GAL))
        snprintf(m, len, "key 'routing': value 'gal': this board build has no GAL network "
                 "interface (allowed: %s)", rok);
    else if (c->routing == TN_ROUTE_GAL && c->gal_sets == TN_GAL_SDST)
        snprintf(m, len, "key 'gal_sets': value 'dst': the board's GAL network interface builds "
                 "one set per class only (allowed: 1 2 dir)");
    else if (c->routing == TN_ROUTE_GAL && c->gal_adapt && !(bb->features & TN_BF_GAL_ADAPT))
        snprintf(m, len, "key 'gal_adapt': value 'on': this board build's GAL network interface "
                 "has the fixed threshold only (allowed: off)");
    else if (c->routing == TN_ROUTE_GAL && (unsigned)c->gal_qdepth != bb->gqd)
        snprintf(m, len, "key 'gal_qdepth': value '%d': the board's GAL queues hold %u packets "
                 "(allowed: %u)", c->gal_qdepth, bb->gqd, bb->gqd);
    else if (c->routing == TN_ROUTE_ACOR && !acor_ok)
        snprintf(m, len, "key 'routing': value 'acor': this board build has no ACOR network "
                 "interface (allowed: %s)", rok);
    else if (c->routing != TN_ROUTE_GAL && c->routing != TN_ROUTE_ACOR &&
             (c->routing > TN_ROUTE_GOAL || (unsigned)c->routing > bb->routing))
        snprintf(m, len, "key 'routing': value '%s': not built into this board (allowed: %s)",
                 tn_routing_name(c->routing), rok);
    else if (bb->sel >= 0 && c->selection != bb->sel)
        snprintf(m, len, "key 'selection': value '%s': this board build fixes selection=%s",
                 tn_selection_name(c->selection), tn_selection_name(bb->sel));
    else if (pattern_refused(c->traffic, bb->features))
        pattern_refusal(m, len, "traffic", c->traffic, bb->features);
    else if (c->hot_others && (c->traffic == TN_TR_HOTSPOT ||
                              (c->switch_at && tn_switch_traffic(c) == TN_TR_HOTSPOT)))
        snprintf(m, len, "key 'hot_others': value 'on': the board's hotspot generator sends to "
                 "any node, its own included (hot_others=on is the C model's only; allowed: off)");
    else if (c->switch_at && !(bb->features & TN_BF_SWITCH))
        snprintf(m, len, "key 'switch_at': value '%ld': this board build has no mid-run traffic "
                 "switch (allowed: 0)", c->switch_at);
    else if (c->switch_at && pattern_refused(tn_switch_traffic(c), bb->features))
        pattern_refusal(m, len, "switch_traffic", tn_switch_traffic(c), bb->features);
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


/* randperm's and hotspot's registers, computed by the C model's own tn_traffic_init (the
 * permutation from perm_seed; hot_thresh from hot_frac) for the pattern before and after a
 * mid-run switch (the model builds both from the same keys, so one set serves both): {address,
 * value} pairs into regs, at most nodes + 3 + 16 of them. Returns their number, or -1 (message
 * in err). */
static int pattern_regs(const tn_config *c, unsigned nodes, uint32_t (*regs)[2], char *err,
                        size_t errlen)
{
    int n = 0;
    int t2 = c->switch_at ? tn_switch_traffic(c) : c->traffic;
    for (int t = TN_TR_RANDPERM; t <= TN_TR_HOTSPOT; t++) {
        if (c->traffic != t && t2 != t)
            continue;
        tn_config ct = *c;
        ct.traffic = t;
        tn_geom g;
        tn_traffic_gen tg;
        if (tn_geom_init(&g, &ct)) {
            snprintf(err, errlen, "the C model's geometry: out of memory");
            return -1;
        }
        if (tn_traffic_init(&tg, &ct, &g, err, errlen)) {
            tn_geom_free(&g);
            return -1;
        }
        if (t == TN_TR_RANDPERM) {
            for (unsigned v = 0; v < nodes; v++) {
                regs[n][0] = TN_B_PERM + v;
                regs[n++][1] = (uint32_t)tn_traffic_perm(&tg, &g, (int)v);
            }
        } else {
            regs[n][0] = TN_B_HOT_THRESH;
            regs[n++][1] = (uint32_t)tg.hot_thresh;
            regs[n][0] = TN_B_HOT_THRESH_HI;
            regs[n++][1] = (uint32_t)(tg.hot_thresh >> 32);
            regs[n][0] = TN_B_N_HOT;
            regs[n++][1] = (uint32_t)tg.n_hot;
            for (int j = 0; j < tg.n_hot; j++) {
                regs[n][0] = TN_B_HOT + (unsigned)j;
                regs[n++][1] = (uint32_t)tg.hot[j];
            }
        }
        tn_traffic_free(&tg);
        tn_geom_free(&g);
    }
    return n;
}

/* A statistic the board could not have counted: the register, its address and value, and the
 * bound it broke. A board that counts wrong failed (exit 1, as a malformed reply). */
static int impossible(host *h, const char *reg, unsigned addr, uint64_t val, const char *allowed)
{
    char msg[ERRLEN];
    snprintf(msg, sizeof msg, "%s: the board's statistics are impossible: %s (0x%04x) = %llu; "
             "allowed: %s", h->cmd, reg, addr, (unsigned long long)val, allowed);
    return fail(h, EXIT_BOARD, "board", msg);
}

static int board_run(host *h, const tn_config *c, unsigned nodes, unsigned features,
                     board_stats *bs)
{
    /* the pattern's registers first: nothing is written when they cannot be computed */
    uint32_t pregs[TN_MAX_HOT + 3 + 1024][2];
    char perr[TN_ERRLEN];
    int npregs = nodes <= 1024 ? pattern_regs(c, nodes, pregs, perr, sizeof perr) : -1;
    if (npregs < 0) {
        char msg[TN_ERRLEN + 64];
        snprintf(msg, sizeof msg, "%s: traffic=%s%s%s: %s", h->cmd, tn_traffic_name(c->traffic),
                 c->switch_at ? " switch_traffic=" : "",
                 c->switch_at ? tn_traffic_name(tn_switch_traffic(c)) : "",
                 nodes <= 1024 ? perr : "more than 1024 nodes");
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    uint64_t thr = tn_inject_thresh(c, tn_rate_flits(c));
    uint64_t thr2 = c->switch_at ? tn_inject_thresh(c, tn_switch_rate_flits(c)) : 0;
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
    /* ACOR's registers exist only in a build with its level machines (BUILD2 bit 1) */
    const uint32_t acor_regs[][2] = {
        {TN_B_ACOR_SEQ, (uint32_t)c->acor_seq}, {TN_B_ACOR_MODE, (uint32_t)c->acor_mode},
        {TN_B_ACOR_HI, (uint32_t)c->acor_hi},   {TN_B_ACOR_IT1, (uint32_t)c->acor_it1},
        {TN_B_ACOR_IT2, (uint32_t)c->acor_it2}, {TN_B_ACOR_DT1, (uint32_t)c->acor_dt1},
        {TN_B_ACOR_DT2, (uint32_t)c->acor_dt2},
    };
    int rc = 0;
    for (size_t i = 0; !rc && i < sizeof regs / sizeof regs[0]; i++)
        rc = write_reg(h, regs[i][0], regs[i][1]);
    for (size_t i = 0; !rc && (features & TN_BF_ACOR) && i < sizeof acor_regs / sizeof acor_regs[0];
         i++)
        rc = write_reg(h, acor_regs[i][0], acor_regs[i][1]);
    /* the switch's registers exist only in a build with it (BUILD2's SWITCH); SWITCH_AT is
     * written also when off, as a register keeps its value from run to run */
    const uint32_t sw_regs[][2] = {
        {TN_B_SWITCH_AT, (uint32_t)c->switch_at},
        {TN_B_SWITCH_THRESH, (uint32_t)thr2},
        {TN_B_SWITCH_THRESH_HI, thr2 >= 0x100000000ull},
        {TN_B_SWITCH_PATTERN, (uint32_t)(c->switch_at ? tn_switch_traffic(c) : c->traffic)},
    };
    for (size_t i = 0; !rc && (features & TN_BF_SWITCH) && i < sizeof sw_regs / sizeof sw_regs[0];
         i++)
        rc = write_reg(h, sw_regs[i][0], sw_regs[i][1]);
    for (unsigned v = 0; !rc && v < nodes; v++)
        rc = write_reg(h, TN_B_SEED + v, tn_seed_stream(c->seed, TN_STREAM_TRAFFIC, v));
    for (int i = 0; !rc && i < npregs; i++)
        rc = write_reg(h, pregs[i][0], pregs[i][1]);
    tn_reply r;
    if (!rc && !(rc = request(h, TN_CMD_RESET, NULL, 0, "run: reset", &r)))
        rc = expect_len(h, &r, 0, "run: reset");
    uint8_t one[4] = {1, 0, 0, 0};
    if (!rc && !(rc = request(h, TN_CMD_START, one, 4, "run: start", &r)))
        rc = expect_len(h, &r, 0, "run: start");
    /* wait for the end: the sources stop as tnsim's do, then the network drains */
    uint64_t limit = (uint64_t)c->warmup + (uint64_t)c->measure + (uint64_t)c->drain + 200000u;
    /* and a cycle counter that stands still for the timeout (at least 1 s) is a board core that
     * does not run, one that moves but never ends the run within the deadline a board core that
     * does not stop: reported, never waited on */
    uint32_t st[2] = {0, 0}, first = 0;
    still_watch w = {0, -1};
    const long long t0 = tn_now_ms();
    for (int polls = 0; !rc; polls++) {
        if ((rc = read_block(h, TN_B_STATUS, 2, st, "run: status")))
            break;
        if (st[0] & 4u)
            break;
        if (!polls)
            first = st[1];
        if (st[1] > limit) {
            char msg[240];
            snprintf(msg, sizeof msg, "run: the network did not drain: CYCLE (0x0021) = %u, "
                     "beyond warmup + measure + drain + 200000 = %llu (see tnhost errors)", st[1],
                     (unsigned long long)limit);
            return fail(h, EXIT_BOARD, "board", msg);
        }
        if (still_poll(h, &w, st[1])) {
            char msg[300];
            snprintf(msg, sizeof msg, "run: STATUS (0x0020) never showed the run ended (0x%x, "
                     "bit 2 clear); CYCLE (0x0021) stayed at %u for %lld ms: the board core does "
                     "not run (see tnhost read 0x20 and tnhost errors)", st[0], st[1],
                     still_ms(h));
            return fail(h, EXIT_BOARD, "board", msg);
        }
        if (past_deadline(h, t0)) {
            char msg[300];
            snprintf(msg, sizeof msg, "run: STATUS (0x0020) never showed the run ended within "
                     "the deadline of %ld ms (0x%x, bit 2 clear); CYCLE (0x0021) went from %u to "
                     "%u (a longer run needs deadline=MS, at most %d)", h->deadline_ms, st[0],
                     first, st[1], DEADLINE_MAX_MS);
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
    /* every count has a physical bound: checked before any is used */
    char a[200], reg[64];
    uint64_t cyc = g[1], pmin = (uint64_t)c->pkt_min, pmax = (uint64_t)c->pkt_max;
    if (!(g[0] & 4u))
        return impossible(h, "STATUS", TN_B_STATUS, g[0], "bit 2 set (the run ended, as it "
                          "read a moment before)");
    if (cyc > limit) {
        snprintf(a, sizeof a, "0..%llu (warmup + measure + drain + 200000)",
                 (unsigned long long)limit);
        return impossible(h, "CYCLE", TN_B_CYCLE, cyc, a);
    }
    if (g[2] > cyc) {
        snprintf(a, sizeof a, "0..%llu (CYCLE: the sources stop within the run)",
                 (unsigned long long)cyc);
        return impossible(h, "STOP_CYCLE", TN_B_STOP_CYCLE, g[2], a);
    }
    /* a node creates at most one packet a cycle; the window is measure cycles */
    uint64_t cmax = (uint64_t)nodes * (uint64_t)c->measure;
    if (g[9] > cmax) {
        snprintf(a, sizeof a, "0..%llu (one packet a node a cycle: %u nodes x measure %ld)",
                 (unsigned long long)cmax, nodes, c->measure);
        return impossible(h, "CREATED", TN_B_CREATED, g[9], a);
    }
    if ((uint64_t)g[9] * pmax <= UINT32_MAX && (g[10] < g[9] * pmin || g[10] > g[9] * pmax)) {
        snprintf(a, sizeof a, "%llu..%llu (CREATED = %u packets of %d..%d flits)",
                 (unsigned long long)(g[9] * pmin), (unsigned long long)(g[9] * pmax), g[9],
                 c->pkt_min, c->pkt_max);
        return impossible(h, "CREATED_FLITS", TN_B_CREATED_FLITS, g[10], a);
    }
    for (unsigned v = 0; v < nodes; v++) {
        uint32_t x[TN_BN_INJECTED + 1]; /* the first eight: the statistics */
        unsigned base = TN_B_NODE + TN_BOARD_NODE_REGS * v;
        if ((rc = read_block(h, base, TN_BN_INJECTED + 1, x, "run: node statistics")))
            return rc;
        uint64_t pk = x[TN_BN_PACKETS], lsum = x[TN_BN_LAT_SUM_LO] |
                                               (uint64_t)x[TN_BN_LAT_SUM_HI] << 32;
        /* a node's sink takes at most one flit a cycle (ACCEPTED: the flits it took in the
         * window) and delivers at most one packet a cycle, its source starts at most one packet
         * a cycle; a marked packet's latency is at most the run */
        static const struct {
            int idx;
            const char *name;
        } per_cycle[] = {{TN_BN_ACCEPTED, "ACCEPTED"}, {TN_BN_DELIVERED, "DELIVERED"},
                         {TN_BN_INJECTED, "INJECTED"}, {TN_BN_PACKETS, "PACKETS"}};
        for (size_t i = 0; i < sizeof per_cycle / sizeof per_cycle[0]; i++)
            if (x[per_cycle[i].idx] > cyc) {
                snprintf(reg, sizeof reg, "node %u's %s", v, per_cycle[i].name);
                snprintf(a, sizeof a, "0..%llu (CYCLE: one a cycle)", (unsigned long long)cyc);
                return impossible(h, reg, base + (unsigned)per_cycle[i].idx, x[per_cycle[i].idx],
                                  a);
            }
        if (pk && x[TN_BN_LAT_MAX] > cyc) {
            snprintf(reg, sizeof reg, "node %u's LAT_MAX", v);
            snprintf(a, sizeof a, "0..%llu (CYCLE)", (unsigned long long)cyc);
            return impossible(h, reg, base + TN_BN_LAT_MAX, x[TN_BN_LAT_MAX], a);
        }
        if (pk && x[TN_BN_LAT_MIN] > x[TN_BN_LAT_MAX]) {
            snprintf(reg, sizeof reg, "node %u's LAT_MIN", v);
            snprintf(a, sizeof a, "0..%u (LAT_MAX)", x[TN_BN_LAT_MAX]);
            return impossible(h, reg, base + TN_BN_LAT_MIN, x[TN_BN_LAT_MIN], a);
        }
        if (x[TN_BN_LAT_SUM_HI] > 0xffffu || lsum > pk * cyc) {
            snprintf(reg, sizeof reg, "node %u's LAT_SUM (HI:LO)", v);
            snprintf(a, sizeof a, "0..%llu (PACKETS x CYCLE = %llu x %llu; 48 bits)",
                     (unsigned long long)(pk * cyc), (unsigned long long)pk,
                     (unsigned long long)cyc);
            return impossible(h, reg, base + TN_BN_LAT_SUM_LO, lsum, a);
        }
        bs->packets += pk;
        bs->accepted += x[TN_BN_ACCEPTED];
        bs->lat_sum += lsum;
        if (pk && x[TN_BN_LAT_MAX] > bs->lat_max)
            bs->lat_max = x[TN_BN_LAT_MAX];
        if (pk && x[TN_BN_LAT_MIN] < bs->lat_min)
            bs->lat_min = x[TN_BN_LAT_MIN];
        bs->delivered += x[TN_BN_DELIVERED];
        bs->injected += x[TN_BN_INJECTED];
    }
    if (!bs->packets)
        bs->lat_min = 0;
    /* the marked packets delivered are among those created, and each is in one bin */
    if (bs->packets > g[9]) {
        snprintf(a, sizeof a, "at least the nodes' PACKETS summed, %llu (a delivered marked "
                 "packet was created)", (unsigned long long)bs->packets);
        return impossible(h, "CREATED", TN_B_CREATED, g[9], a);
    }
    uint64_t hsum = 0;
    for (int i = 0; i < TN_BOARD_BINS; i++)
        hsum += bs->hist[i];
    if (hsum != bs->packets) {
        snprintf(a, sizeof a, "bins summing to the nodes' PACKETS, %llu (each marked packet in "
                 "one bin)", (unsigned long long)bs->packets);
        return impossible(h, "HIST 0..15 summed", TN_B_HIST, hsum, a);
    }
    return 0;
}

/* The board's figures as tn_stats (the fields it has; the others stay 0). */
static void board_to_stats(const tn_config *c, unsigned nodes, const board_stats *bs,
                           tn_stats *st)
{
    memset(st, 0, sizeof *st);
    double win = (double)c->measure, cap = tn_capacity(c);
    st->offered_flits = tn_offered_flits(c);
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
static int run_set_deadline(void *ctx, const char *v, char *e, size_t l)
{
    return run_set_hostkey(ctx, "deadline", v, e, l);
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

const tn_cli_key run_keys[] = {
    {"hist_shift", "0..15", "3", "board histogram: 16 bins of 2^hist_shift cycles", run_set_hist},
    {"compare", "on off", "off", "also run the C model and compare (--compare)", run_set_compare},
    {"port", "a path", NULL, "the serial port", run_set_port},
    {"baud", TN_BAUDS, "115200", "baud rate", run_set_baud},
    {"timeout", "1..600000", "1000", "ms for a whole reply", run_set_timeout},
    {"deadline", "1..86400000", "3600000", "ms for the run to end", run_set_deadline},
};
const int run_nkeys = (int)(sizeof run_keys / sizeof run_keys[0]);

/* run's and sweep's usage: the key table with the board's build shown where a key left out
 * takes it (read_config below) */
void run_usage(const char *synopsis)
{
    static const char *const over[] = {"k=build", "n=build", "vcs=build", "buf=build",
                                       "gal_qdepth=build", "gal_sets=dir|dst", "pipe=build", NULL};
    char syn[1024];
    snprintf(syn, sizeof syn, "%s\n  keys left out take the board's build where the default "
             "column says build (gal_sets: dir on a build with the GAL NI, which builds no dst; "
             "a selection the build fixes), tnsim's defaults otherwise", synopsis);
    tn_cli_usage_head(stdout, syn, "keys (key=value on the command line; --config FILE holds only "
                      "port baud timeout deadline wait):", run_keys, run_nkeys, over);
}

/* The configuration of one run: tnsim's keys over the board build's k, n, vcs and buf (tnsim's
 * defaults are for an 8-ary 2-cube), its GAL queue depth, gal_sets=dir (tnsim's default dst is
 * not built on the board) and its selection when the build fixes one; checked as tnsim checks it
 * and against the build. what prefixes the messages. Returns 0 or an exit status (the message
 * printed). */
int run_config(host *h, int nargs, const char **args, const board_build *bb,
                      const char *what, tn_config *c)
{
    char err[TN_CLI_ERRLEN];
    tn_config_default(c);
    c->k = (int)bb->k;
    c->n = (int)bb->n;
    c->vcs = (int)bb->v;
    c->buf = (int)bb->b;
    if (bb->features & TN_BF_GAL) {
        c->gal_qdepth = (int)bb->gqd;
        c->gal_sets = TN_GAL_SDIR;
    }
    if (bb->sel >= 0)
        c->selection = bb->sel;
    c->pipe = (bb->features & TN_BF_PIPE) ? 1 : 0; /* the routers' PIPE (R6.8) */
    /* the keys' syntax; then what the build cannot run, before tnsim's check: on the V=2
     * bitstream routing=gal is refused because the build has no GAL interface, not because
     * tnsim's check finds 2 VCs too few for GAL */
    if (tn_cli_parse(nargs, (char **)args, 0, c, run_keys, run_nkeys, h, NULL, err, sizeof err) ||
        board_refuses(c, bb, err, sizeof err) || tn_config_check(c, err, sizeof err)) {
        char full[TN_CLI_ERRLEN + 16];
        snprintf(full, sizeof full, "%s: %s", what, err);
        return fail(h, EXIT_USAGE, "usage", full);
    }
    return 0;
}


/* The model's histogram, binned from each delivered packet as the board's sinks bin theirs:
 * a packet created in the measurement window (R17's marked packets), latency = ejection -
 * creation. */
typedef struct hist_binner {
    long lo, hi;      /* the window [warmup, warmup + measure) */
    unsigned shift;   /* hist_shift */
    uint64_t *bins;   /* [TN_BOARD_BINS] */
} hist_binner;

static void bin_delivery(void *user, const tn_pkt_record *p)
{
    const hist_binner *hb = user;
    if (p->created < hb->lo || p->created >= hb->hi)
        return;
    long bin = (p->ejected - p->created) >> hb->shift;
    hb->bins[bin < TN_BOARD_BINS - 1 ? bin : TN_BOARD_BINS - 1]++;
}

/* Returns 0 (the figures are in rr, whatever they say) or an exit status (the port, the board
 * or the C model failed; the message printed). */
int run_measure(host *h, const tn_config *c, const board_build *bb, run_result *rr)
{
    memset(rr, 0, sizeof *rr);
    unsigned nodes = 1;
    for (unsigned d = 0; d < bb->n; d++)
        nodes *= bb->k;
    int rc = board_run(h, c, nodes, bb->features, &rr->bs);
    if (rc)
        return rc;
    rr->bs.engines = bb->engines;
    rr->bs.contexts = bb->contexts;
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
    hist_binner hb = {c->warmup, c->warmup + c->measure, rr->bs.hist_shift, rr->mhist};
    tn_sim_on_deliver(s, bin_delivery, &hb);
    rr->model_rc = tn_sim_run(s, &rr->cs);
    tn_sim_free(s);
    const tn_stats *cs = &rr->cs;
    const board_stats *bs = &rr->bs;
    const char *names[RUN_NFIELDS] = {"packets", "accepted_flits", "latency_sum",
                                      "latency_max", "latency_min", "created", "created_flits",
                                      "injected", "delivered", "cycles", "stop_cycle"};
    uint64_t b[RUN_NFIELDS] = {bs->packets, bs->accepted, bs->lat_sum, bs->lat_max, bs->lat_min,
                               bs->created, bs->created_flits, bs->injected, bs->delivered, bs->cycles,
                               bs->stop_cycle};
    uint64_t m[RUN_NFIELDS] = {
        (uint64_t)cs->packets, c_count(cs->accepted_flits, nodes, c->measure),
        (uint64_t)(cs->latency_avg * (double)cs->packets + 0.5), (uint64_t)cs->latency_max,
        (uint64_t)cs->latency_min, (uint64_t)cs->created_packets,
        c_count(cs->created_flits, nodes, c->measure),
        (uint64_t)cs->injected, (uint64_t)cs->delivered, (uint64_t)cs->cycles,
        (uint64_t)cs->stop_cycle};
    rr->compared = 1;
    for (int i = 0; i < RUN_NFIELDS; i++) {
        rr->f[i].name = names[i];
        rr->f[i].board = b[i];
        rr->f[i].model = m[i];
        rr->ndiff += b[i] != m[i];
    }
    for (int i = 0; i < TN_BOARD_BINS; i++)
        rr->hist_differs |= bs->hist[i] != rr->mhist[i];
    rr->ndiff += rr->hist_differs;
    return 0;
}
