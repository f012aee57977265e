/* SPDX-License-Identifier: MIT */
/* tnboard: the board's control plane, simulated. The Verilated tn_board_ctrl_top (fpga/tn_ctrl.v
 * and a test register file, tb/verilator/tn_board_ctrl_top.v) with its UART exposed on a
 * pseudo-terminal: bytes written to the pty are serialised bit by bit (8N1, TN_BOARD_CPB clock
 * cycles per bit) into uart_rx_i, and uart_tx_o is deserialised back to the pty, so that
 * `tnhost --port PTY` talks to it as to the board. Prints the pty's path on stdout (one line),
 * then serves until a signal (SIGINT, SIGTERM, SIGHUP), --cycles-limit or --wall-limit.
 * tnboard keeps the pty's slave side open itself, so that clients can open and close it in turn
 * without hanging up the master. docs/board-guide.md describes it. */
#define _GNU_SOURCE /* posix_openpt, grantpt, unlockpt, ptsname, cfmakeraw */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "tn_board_rtl.h"

#ifndef TN_BOARD_CPB
#error "TN_BOARD_CPB (the RTL's CLKS_PER_BIT) must be defined by the build"
#endif

#define QUEUE_SIZE 4096
#define QUIET_CYCLES (64 * TN_BOARD_CPB) /* idle this long (cycles) before blocking on the pty */

/* Set by the signal handler only; the one piece of state outside main's structs. */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

typedef struct opts {
    uint64_t cycles_limit;  /* 0: none */
    uint64_t corrupt_reply; /* 0: none; else the reply (counted from 1) whose CRC byte is flipped */
    int silent;             /* never answer */
    int noisy_line;         /* line noise before every request (noise_level) */
    uint64_t byte_gap;      /* idle clock cycles on the line between the bytes of a request */
    uint64_t gap_before;    /* 0: before every byte of a request but the first; K: the Kth only */
    int bit_skew;           /* 0; N > 0: bit N-1 of every byte a cycle longer; N < 0: shorter */
    double wall_limit;      /* seconds; 0: none */
} opts;

/* bytes from the pty waiting to be serialised into uart_rx_i */
typedef struct queue {
    unsigned char buf[QUEUE_SIZE];
    size_t head, len;
} queue;

/* the host's side of uart_rx_i: 8N1, LSB first */
typedef struct serialiser {
    int busy;
    unsigned frame; /* bit 0 start, 1..8 data, 9 stop */
    int bit, cnt;
    int in_burst;   /* the byte before came straight from the queue: no idle line since */
    int noise_pos;  /* --noisy-line: cycles of noise put on the line before this burst */
    uint64_t gap_pos; /* --byte-gap: idle cycles put on the line since the byte before */
    uint64_t nth;     /* bytes of this burst sent so far */
} serialiser;

/* --noisy-line: before every burst of bytes (a request: tnhost writes a frame at once) the line
 * carries, in clock cycles of C = TN_BOARD_CPB per bit: a byte 0xA5 (the request's sync byte)
 * whose stop bit is 0 (a framing error: the receiver drops it), 12 bit times high (a receiver
 * that restarted on the low stop bit has finished that byte), a glitch (low for C/2 cycles: the
 * longest pulse that has ended by the middle of the would-be start bit, where the receiver checks
 * it), then 2 bit times high before the request's first byte. A receiver that kept the framing
 * error's byte, or took the glitch for a start bit (it would still be in that byte when the
 * request's start bit comes), breaks the request. */
#define NOISE_LEN (24 * TN_BOARD_CPB + TN_BOARD_CPB / 2)
static int noise_level(int pos)
{
    if (pos < 10 * TN_BOARD_CPB) /* start 0, data 0xA5, stop 0 */
        return (int)((0xa5u << 1) >> (pos / TN_BOARD_CPB) & 1u);
    return pos < 22 * TN_BOARD_CPB || pos >= 22 * TN_BOARD_CPB + TN_BOARD_CPB / 2;
}

/* the host's side of uart_tx_o: every bit sampled at its middle */
typedef struct deserialiser {
    int active;
    int cnt;        /* cycles since the start bit's first cycle */
    unsigned bits;  /* bits sampled so far, bit k at k */
} deserialiser;

/* Where a byte of the board's output is in its reply frame (for --corrupt-reply). */
typedef struct reply_tracker {
    int state;      /* 0 sync, 1 status, 2 len low, 3 len high, 4 payload, 5 CRC */
    unsigned left;  /* payload bytes still to come */
    uint64_t index; /* replies so far, counting this one once its sync byte is seen */
} reply_tracker;

static int ser_level(serialiser *s, queue *q, const opts *o)
{
    if (!s->busy) {
        if (!q->len) {
            s->in_burst = 0;
            s->nth = 0;
            return 1;
        }
        if (o->noisy_line && !s->in_burst && s->noise_pos < NOISE_LEN)
            return noise_level(s->noise_pos++);
        if (s->in_burst && s->gap_pos < o->byte_gap && (!o->gap_before || s->nth + 1 == o->gap_before)) {
            s->gap_pos++;
            return 1;
        }
        s->nth++;
        s->in_burst = 1;
        s->noise_pos = 0;
        s->gap_pos = 0;
        unsigned b = q->buf[q->head];
        q->head = (q->head + 1) % QUEUE_SIZE;
        q->len--;
        s->frame = (1u << 9) | (b << 1);
        s->busy = 1;
        s->bit = 0;
        s->cnt = 0;
    }
    int level = (int)((s->frame >> s->bit) & 1u);
    int len = TN_BOARD_CPB; /* --bit-skew: a host whose baud rate is off by 1/(C*|N|) of a bit */
    if (o->bit_skew && s->bit % abs(o->bit_skew) == abs(o->bit_skew) - 1)
        len += o->bit_skew > 0 ? 1 : -1;
    if (++s->cnt >= len) {
        s->cnt = 0;
        if (++s->bit == 10)
            s->busy = 0;
    }
    return level;
}

/* Feed the line after one clock edge; returns 1 with *byte when a byte with a good stop bit ends. */
static int deser_feed(deserialiser *d, int tx, unsigned char *byte)
{
    if (!d->active) {
        if (tx)
            return 0;
        d->active = 1;
        d->cnt = 0;
        d->bits = 0;
    }
    int off = d->cnt - TN_BOARD_CPB / 2;
    if (off >= 0 && off % TN_BOARD_CPB == 0) {
        int k = off / TN_BOARD_CPB;
        d->bits |= (unsigned)(tx & 1) << k;
        if (k == 0 && tx) {
            d->active = 0; /* a glitch, not a start bit */
            return 0;
        }
        if (k == 9) {
            d->active = 0;
            if (!(d->bits >> 9 & 1u))
                return 0; /* framing error: dropped, as the RTL's receiver does */
            *byte = (unsigned char)(d->bits >> 1);
            return 1;
        }
    }
    d->cnt++;
    return 0;
}

/* Returns 1 when this byte is the CRC byte of a reply, and sets *index to the reply's number. */
static int track_reply(reply_tracker *t, unsigned char b, uint64_t *index)
{
    switch (t->state) {
    case 0:
        if (b == 0x5a) {
            t->index++;
            t->state = 1;
        }
        return 0;
    case 1: t->state = 2; return 0;
    case 2: t->left = b; t->state = 3; return 0;
    case 3:
        t->left |= (unsigned)b << 8;
        t->state = t->left ? 4 : 5;
        return 0;
    case 4:
        if (--t->left == 0)
            t->state = 5;
        return 0;
    default:
        t->state = 0;
        *index = t->index;
        return 1;
    }
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Read what the pty holds into q (non-blocking). Returns -1 when the pty failed. */
static int pull(int fd, queue *q)
{
    while (q->len < QUEUE_SIZE) {
        size_t tail = (q->head + q->len) % QUEUE_SIZE;
        size_t room = tail >= q->head ? QUEUE_SIZE - tail : q->head - tail;
        ssize_t n = read(fd, q->buf + tail, room);
        if (n > 0) {
            q->len += (size_t)n;
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
            return 0;
        return -1;
    }
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: tnboard [--cycles-limit N] [--wall-limit S] [--corrupt-reply N] [--silent]\n"
            "               [--noisy-line] [--byte-gap N [--gap-before K]] [--bit-skew N]\n"
            "  the board's control plane (fpga/tn_ctrl.v + a test register file), Verilated,\n"
            "  with its UART on a pseudo-terminal; prints the pty's path, then serves\n"
            "  --cycles-limit N   stop after N simulated clock cycles (1..2^63; default: none)\n"
            "  --wall-limit S     stop after S seconds of wall-clock time (default: none)\n"
            "  --corrupt-reply N  flip bit 0 of the CRC byte of the Nth reply (counted from 1)\n"
            "  --silent           never answer: the board's output is dropped\n"
            "  --noisy-line       before every request a glitch and a byte with a framing\n"
            "                     error on the line, which the board's receiver must ignore\n"
            "  --byte-gap N       N idle clock cycles on the line between the bytes of a\n"
            "                     request (a slow host; the inter-byte timeout, 0..2^63)\n"
            "  --gap-before K     the gap only before the Kth byte of a request (2..2^63)\n"
            "  --bit-skew N       every Nth bit of a byte (bits N-1, 2N-1, ...; start bit 0) one\n"
            "                     cycle longer, or with -N shorter: a host's baud rate off by\n"
            "                     one cycle every N bits (2..10 or -10..-2)\n"
            "UART: 8N1, %d clock cycles per bit\n",
            TN_BOARD_CPB);
}

static int parse_u64(const char *opt, const char *v, uint64_t lo, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long x = v ? strtoull(v, &end, 0) : 0;
    if (!v || errno || end == v || *end || *v == '-' || x < lo || x > (uint64_t)INT64_MAX) {
        fprintf(stderr, "tnboard: %s: value '%s' is not allowed; allowed: an integer %llu..%lld\n",
                opt, v ? v : "(missing)", (unsigned long long)lo, (long long)INT64_MAX);
        return -1;
    }
    *out = x;
    return 0;
}

static int parse_opts(int argc, char **argv, opts *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "--silent")) {
            o->silent = 1;
        } else if (!strcmp(a, "--noisy-line")) {
            o->noisy_line = 1;
        } else if (!strcmp(a, "--byte-gap")) {
            if (parse_u64(a, v, 0, &o->byte_gap))
                return -1;
            i++;
        } else if (!strcmp(a, "--bit-skew")) {
            char *end;
            errno = 0;
            long x = v ? strtol(v, &end, 10) : 0;
            if (!v || errno || end == v || *end || labs(x) < 2 || labs(x) > 10) {
                fprintf(stderr, "tnboard: --bit-skew: value '%s' is not allowed; allowed: 2..10 "
                        "or -10..-2\n", v ? v : "(missing)");
                return -1;
            }
            o->bit_skew = (int)x;
            i++;
        } else if (!strcmp(a, "--gap-before")) {
            if (parse_u64(a, v, 2, &o->gap_before))
                return -1;
            i++;
        } else if (!strcmp(a, "--cycles-limit")) {
            if (parse_u64(a, v, 1, &o->cycles_limit))
                return -1;
            i++;
        } else if (!strcmp(a, "--corrupt-reply")) {
            if (parse_u64(a, v, 1, &o->corrupt_reply))
                return -1;
            i++;
        } else if (!strcmp(a, "--wall-limit")) {
            char *end;
            double x = v ? strtod(v, &end) : 0;
            if (!v || end == v || *end || !(x > 0 && x <= 1e6)) {
                fprintf(stderr, "tnboard: --wall-limit: value '%s' is not allowed; allowed: "
                        "seconds, more than 0 up to 1e6\n", v ? v : "(missing)");
                return -1;
            }
            o->wall_limit = x;
            i++;
        } else {
            fprintf(stderr, "tnboard: unknown option '%s'; allowed: --cycles-limit N, "
                    "--wall-limit S, --corrupt-reply N, --silent, --noisy-line, --byte-gap N, --gap-before K, "
                    "--bit-skew N, --help\n", a);
            return -1;
        }
    }
    if (o->gap_before && !o->byte_gap) {
        fprintf(stderr, "tnboard: --gap-before: value '%llu' needs --byte-gap N (N > 0): there is "
                "no gap to place\n", (unsigned long long)o->gap_before);
        return -1;
    }
    return 0;
}

/* The pty: master non-blocking, slave raw and held open. Returns the master or -1. */
static int open_pty(int *slave, char *path, size_t pathlen)
{
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0) {
        fprintf(stderr, "tnboard: posix_openpt: %s\n", strerror(errno));
        return -1;
    }
    const char *name = NULL;
    if (grantpt(m) || unlockpt(m) || !(name = ptsname(m))) {
        fprintf(stderr, "tnboard: cannot set up the pty: %s\n", strerror(errno));
        close(m);
        return -1;
    }
    snprintf(path, pathlen, "%s", name);
    int s = open(path, O_RDWR | O_NOCTTY);
    struct termios t;
    if (s < 0 || tcgetattr(s, &t)) {
        fprintf(stderr, "tnboard: cannot open %s: %s\n", path, strerror(errno));
        if (s >= 0)
            close(s);
        close(m);
        return -1;
    }
    cfmakeraw(&t);
    cfsetispeed(&t, B115200);
    cfsetospeed(&t, B115200);
    if (tcsetattr(s, TCSANOW, &t) || fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK)) {
        fprintf(stderr, "tnboard: cannot set %s raw: %s\n", path, strerror(errno));
        close(s);
        close(m);
        return -1;
    }
    *slave = s;
    return m;
}

int main(int argc, char **argv)
{
    opts o;
    if (parse_opts(argc, argv, &o))
        return 2;

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal; /* no SA_RESTART: poll() returns at once */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    char path[256];
    int slave = -1;
    int master = open_pty(&slave, path, sizeof path);
    if (master < 0)
        return 1;
    tn_board_rtl *r = tn_board_rtl_new();
    if (!r) {
        fprintf(stderr, "tnboard: out of memory for the model\n");
        return 1;
    }
    printf("%s\n", path);
    fflush(stdout);

    queue q = {0};
    serialiser ser = {0};
    deserialiser des = {0};
    reply_tracker trk = {0};
    uint64_t cycles = 0, bytes_in = 0, bytes_out = 0, dropped = 0;
    unsigned quiet = 0;
    double t0 = now_s();
    const char *why = NULL;
    int rc = 0;

    while (!stop_signal) {
        if (o.wall_limit > 0 && (cycles & 0xffff) == 0 && now_s() - t0 >= o.wall_limit) {
            why = "--wall-limit reached";
            break;
        }
        if (quiet >= QUIET_CYCLES && !q.len) {
            /* nothing under way: wait for the host (the clock stops meanwhile) */
            struct pollfd p = {.fd = master, .events = POLLIN};
            int n = poll(&p, 1, 100);
            if (n < 0 && errno != EINTR) {
                why = "poll failed";
                rc = 1;
                break;
            }
            if (o.wall_limit > 0 && now_s() - t0 >= o.wall_limit) {
                why = "--wall-limit reached";
                break;
            }
            if (n > 0) {
                size_t before = q.len;
                if (pull(master, &q)) {
                    why = "the pty failed";
                    rc = 1;
                    break;
                }
                bytes_in += q.len - before;
                if (q.len)
                    quiet = 0;
            }
            continue;
        }
        if ((cycles & 0xff) == 0) {
            size_t before = q.len;
            if (pull(master, &q)) {
                why = "the pty failed";
                rc = 1;
                break;
            }
            bytes_in += q.len - before;
        }
        int level = ser_level(&ser, &q, &o);
        int tx = tn_board_rtl_cycle(r, level);
        cycles++;
        unsigned char b;
        if (deser_feed(&des, tx, &b)) {
            uint64_t idx;
            if (track_reply(&trk, b, &idx) && idx == o.corrupt_reply)
                b ^= 1u;
            if (!o.silent) {
                if (write(master, &b, 1) == 1)
                    bytes_out++;
                else
                    dropped++;
            }
        }
        unsigned st = tn_board_rtl_state(r);
        if ((st & TN_BOARD_IDLE) && !ser.busy && !des.active && !q.len)
            quiet = quiet < QUIET_CYCLES ? quiet + 1 : quiet;
        else
            quiet = 0;
        if (o.cycles_limit && cycles >= o.cycles_limit) {
            why = "--cycles-limit reached";
            break;
        }
    }
    if (!why)
        why = stop_signal == SIGINT ? "SIGINT" : stop_signal == SIGHUP ? "SIGHUP" : "SIGTERM";
    fprintf(stderr,
            "tnboard: %s: stopped after %llu cycles; %llu bytes in, %llu bytes out (%llu "
            "replies), %llu dropped\n",
            path, (unsigned long long)cycles, (unsigned long long)bytes_in,
            (unsigned long long)bytes_out, (unsigned long long)trk.index,
            (unsigned long long)dropped);
    fprintf(stderr, "tnboard: %s\n", why);
    tn_board_rtl_free(r);
    close(slave);
    close(master);
    return rc;
}
