/* SPDX-License-Identifier: MIT */
/* The serial port of tnhost: open with an exclusive lock, raw 8N1 at a baud rate, send a frame,
 * receive a reply, the whole of it within a timeout, and its CRC checked. */
#ifndef TN_PORT_H
#define TN_PORT_H

#include <stddef.h>
#include <stdint.h>
#include "tn_proto.h"

enum tn_port_rc {
    TN_PORT_OK = 0,
    TN_PORT_OPEN = -1,      /* the port cannot be opened (missing, no permission) */
    TN_PORT_BUSY = -2,      /* another program holds the port's lock */
    TN_PORT_NOTTY = -3,     /* not a serial port, or its settings cannot be set */
    TN_PORT_IO = -4,        /* read or write failed */
    TN_PORT_TIMEOUT = -5,   /* no byte within the timeout */
    TN_PORT_CRC = -6,       /* a reply failed its CRC */
    TN_PORT_MALFORMED = -7, /* a reply that is not a reply: bad status, length too long */
};

typedef struct tn_port {
    int fd;
    int timeout_ms; /* the longest wait for a whole reply (tn_port_recv) or request (send) */
    char path[256];
} tn_port;

/* Bytes skipped before a reply's sync byte, at most: a flood of other bytes ends the wait even
 * before the timeout (at 3 Mbaud, 1 MiB takes about 3.5 s) */
#define TN_PORT_SKIP_MAX (1L << 20)

/* Baud rates the port takes, as text for messages. */
#define TN_BAUDS "9600 19200 38400 57600 115200 230400 460800 921600 1000000 2000000 3000000"
/* 0 when baud is one of TN_BAUDS. */
int tn_baud_ok(unsigned baud);
/* Open path, lock it (flock, LOCK_EX | LOCK_NB), raw 8N1 at baud, discard stale input. Returns
 * TN_PORT_OK or a negative tn_port_rc with err. */
int tn_port_open(tn_port *p, const char *path, unsigned baud, int timeout_ms, char *err,
                 size_t errlen);
void tn_port_close(tn_port *p);
/* Write n bytes, all of them within the timeout. */
int tn_port_send(tn_port *p, const uint8_t *buf, size_t n, char *err, size_t errlen);
/* Receive one reply: bytes before its sync byte are skipped (at most TN_PORT_SKIP_MAX), and the
 * whole reply must come within the timeout of the call; a length beyond TN_REP_PAYLOAD_MAX is
 * refused before its payload is read; the CRC is checked. Total: every call ends, by the
 * deadline at the latest, and at the end of file of a pipe or a port that went away (TN_PORT_IO);
 * each call reads at most TN_PORT_SKIP_MAX + 1 bytes before a reply's start and the reply's
 * 5 + TN_REP_PAYLOAD_MAX. */
int tn_port_recv(tn_port *p, tn_reply *r, char *err, size_t errlen);
/* Milliseconds of the monotonic clock. */
long long tn_now_ms(void);
#endif
