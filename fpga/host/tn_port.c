/* SPDX-License-Identifier: MIT */
/* The serial port of tnhost (tn_port.h): POSIX termios, flock, poll. */
#define _DEFAULT_SOURCE /* cfmakeraw, flock */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "tn_port.h"

static const struct {
    unsigned baud;
    speed_t speed;
} bauds[] = {
    {9600, B9600},       {19200, B19200},     {38400, B38400},     {57600, B57600},
    {115200, B115200},   {230400, B230400},   {460800, B460800},   {921600, B921600},
    {1000000, B1000000}, {2000000, B2000000}, {3000000, B3000000},
};

static int find_baud(unsigned baud, speed_t *speed)
{
    for (size_t i = 0; i < sizeof bauds / sizeof bauds[0]; i++)
        if (bauds[i].baud == baud) {
            *speed = bauds[i].speed;
            return 0;
        }
    return -1;
}

int tn_baud_ok(unsigned baud)
{
    speed_t s;
    return find_baud(baud, &s);
}

int tn_port_open(tn_port *p, const char *path, unsigned baud, int timeout_ms, char *err,
                 size_t errlen)
{
    p->fd = -1;
    p->timeout_ms = timeout_ms;
    snprintf(p->path, sizeof p->path, "%s", path);
    speed_t speed;
    if (find_baud(baud, &speed)) {
        snprintf(err, errlen, "baud rate %u is not supported; allowed: %s", baud, TN_BAUDS);
        return TN_PORT_NOTTY;
    }
    int fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open port '%s': %s", path, strerror(errno));
        return TN_PORT_OPEN;
    }
    if (flock(fd, LOCK_EX | LOCK_NB)) {
        int e = errno;
        close(fd);
        if (e == EWOULDBLOCK)
            snprintf(err, errlen, "port '%s' is busy: another program holds its lock (is another "
                     "tnhost running?)", path);
        else
            snprintf(err, errlen, "cannot lock port '%s': %s", path, strerror(e));
        return TN_PORT_BUSY;
    }
    struct termios t;
    if (tcgetattr(fd, &t)) {
        snprintf(err, errlen, "'%s' is not a serial port (tcgetattr: %s)", path, strerror(errno));
        close(fd);
        return TN_PORT_NOTTY;
    }
    cfmakeraw(&t);
    t.c_cflag |= CLOCAL | CREAD;
    t.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    if (cfsetispeed(&t, speed) || cfsetospeed(&t, speed) || tcsetattr(fd, TCSANOW, &t)) {
        snprintf(err, errlen, "cannot set port '%s' to raw 8N1 at %u baud: %s", path, baud,
                 strerror(errno));
        close(fd);
        return TN_PORT_NOTTY;
    }
    tcflush(fd, TCIOFLUSH); /* a late reply to an earlier, abandoned request */
    p->fd = fd;
    return TN_PORT_OK;
}

void tn_port_close(tn_port *p)
{
    if (p->fd >= 0)
        close(p->fd); /* releases the lock */
    p->fd = -1;
}

int tn_port_send(tn_port *p, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    size_t done = 0;
    const long long end = tn_now_ms() + p->timeout_ms;
    while (done < n) {
        long long left = end - tn_now_ms();
        struct pollfd pf = {.fd = p->fd, .events = POLLOUT};
        int k = left > 0 ? poll(&pf, 1, (int)left) : 0;
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0) {
            snprintf(err, errlen, "poll on '%s': %s", p->path, strerror(errno));
            return TN_PORT_IO;
        }
        if (k == 0) {
            snprintf(err, errlen, "cannot write to '%s' within %d ms (%zu of %zu bytes sent)",
                     p->path, p->timeout_ms, done, n);
            return TN_PORT_TIMEOUT;
        }
        ssize_t w = write(p->fd, buf + done, n - done);
        if (w < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        if (w < 0) {
            snprintf(err, errlen, "write to '%s': %s", p->path, strerror(errno));
            return TN_PORT_IO;
        }
        done += (size_t)w;
    }
    return TN_PORT_OK;
}

long long tn_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* One byte by the deadline end (tn_now_ms): TN_PORT_OK, TN_PORT_TIMEOUT (nothing in err: the
 * caller says what did not come) or TN_PORT_IO (err). A wait of 0 still takes a byte already
 * there; end of file (a pipe's writer gone) and every read error end the reply. */
static int get_byte(tn_port *p, uint8_t *b, long long end, char *err, size_t errlen)
{
    for (;;) {
        long long left = end - tn_now_ms();
        struct pollfd pf = {.fd = p->fd, .events = POLLIN};
        int k = poll(&pf, 1, left > 0 ? (int)left : 0);
        if (k < 0 && errno == EINTR) {
            if (left <= 0)
                return TN_PORT_TIMEOUT;
            continue;
        }
        if (k < 0) {
            snprintf(err, errlen, "poll on '%s': %s", p->path, strerror(errno));
            return TN_PORT_IO;
        }
        if (k == 0)
            return TN_PORT_TIMEOUT;
        ssize_t r = read(p->fd, b, 1);
        if (r == 1)
            return TN_PORT_OK;
        /* readable but nothing to read: again, until the deadline */
        if (r < 0 && (errno == EAGAIN || errno == EINTR)) {
            if (left <= 0)
                return TN_PORT_TIMEOUT;
            continue;
        }
        snprintf(err, errlen, "read from '%s': %s", p->path,
                 r < 0 ? strerror(errno) : "end of file (the port went away)");
        return TN_PORT_IO;
    }
}

int tn_port_recv(tn_port *p, tn_reply *r, char *err, size_t errlen)
{
    uint8_t b = 0, hdr[3];
    int rc;
    r->status = 0;
    r->len = 0;
    /* the whole reply within the timeout of the call: its start, however many other bytes
     * arrive before it (a device that is not the board, streaming on this port, must not hold
     * tnhost; at most TN_PORT_SKIP_MAX of them), and every later byte (a board dribbling its
     * reply a byte at a time must not either) */
    const long long t0 = tn_now_ms(), end = t0 + (p->timeout_ms > 0 ? p->timeout_ms : 0);
    long skipped = 0;
    for (;;) {
        rc = tn_now_ms() > end ? TN_PORT_TIMEOUT : get_byte(p, &b, end, err, errlen);
        if (rc == TN_PORT_TIMEOUT || (rc == TN_PORT_OK && b != TN_SYNC_REP &&
                                      skipped >= TN_PORT_SKIP_MAX)) {
            if (rc == TN_PORT_OK)
                snprintf(err, errlen, "timeout: no reply from the board on '%s': more than %ld "
                         "bytes arrived, none the start of a reply (0x%02X), at most %ld skipped "
                         "(another device on this port, or a baud rate that is not the board's?)",
                         p->path, skipped, TN_SYNC_REP, TN_PORT_SKIP_MAX);
            else if (skipped)
                snprintf(err, errlen, "timeout: no reply from the board on '%s' within %d ms: "
                         "%ld bytes arrived, none the start of a reply (0x%02X) (another device "
                         "on this port, or a baud rate that is not the board's?)",
                         p->path, p->timeout_ms, skipped, TN_SYNC_REP);
            else
                snprintf(err, errlen, "timeout: no reply from the board on '%s' within %d ms "
                         "(is it powered, programmed, on this port, at this baud rate?)",
                         p->path, p->timeout_ms);
            return TN_PORT_TIMEOUT;
        }
        if (rc)
            return rc;
        if (b == TN_SYNC_REP)
            break;
        skipped++;
    }
    /* got: the reply's bytes so far; want: all of them once the length is known (0 before) */
    size_t got = 1, want = 0;
    uint8_t crc = 0;
    for (;;) {
        uint8_t *dst = got < 4 ? &hdr[got - 1] : got - 4 < r->len ? &r->payload[got - 4] : &crc;
        rc = tn_now_ms() > end ? TN_PORT_TIMEOUT : get_byte(p, dst, end, err, errlen);
        if (rc == TN_PORT_TIMEOUT) {
            if (want)
                snprintf(err, errlen, "timeout: the reply on '%s' was not complete within %d ms: "
                         "%zu of its %zu bytes arrived", p->path, p->timeout_ms, got, want);
            else
                snprintf(err, errlen, "timeout: the reply on '%s' was not complete within %d ms: "
                         "it stopped after %zu bytes, in its header", p->path, p->timeout_ms,
                         got);
            return TN_PORT_TIMEOUT;
        }
        if (rc)
            return rc;
        got++;
        if (got == 4) {
            r->status = hdr[0];
            r->len = (uint16_t)(hdr[1] | hdr[2] << 8);
            if (r->len > TN_REP_PAYLOAD_MAX) {
                snprintf(err, errlen, "malformed reply: payload length %u, at most %d allowed",
                         r->len, TN_REP_PAYLOAD_MAX);
                r->len = 0;
                return TN_PORT_MALFORMED;
            }
            want = 5u + r->len;
        }
        if (want && got == want)
            break;
    }
    uint8_t expect = tn_crc8(tn_crc8(0, hdr, 3), r->payload, r->len);
    if (crc != expect) {
        snprintf(err, errlen, "corrupted reply: checksum (CRC-8) mismatch: 0x%02x received, "
                 "0x%02x computed over its %u bytes; the reply is discarded and the command not "
                 "retried", crc, expect, 3u + r->len);
        return TN_PORT_CRC;
    }
    if (r->status != TN_ST_OK && r->status != TN_ST_ERROR) {
        snprintf(err, errlen, "malformed reply: status 0x%02x, allowed: 0x00 OK, 0x01 ERROR",
                 r->status);
        return TN_PORT_MALFORMED;
    }
    if (r->status == TN_ST_ERROR && r->len != 2) {
        snprintf(err, errlen, "malformed reply: ERROR with %u payload bytes, 2 expected", r->len);
        return TN_PORT_MALFORMED;
    }
    return TN_PORT_OK;
}
