/* SPDX-License-Identifier: MIT */
/* libFuzzer target: tnhost's reply decoder (tn_port_recv, fpga/host/tn_port.c) on the bytes a
 * board would send. The input goes into a pipe (at most PIPE_IN bytes, below the pipe's 64 KiB,
 * so that one write never blocks), its write end closed; tn_port_recv reads replies from the
 * read end until it returns an error (the end of the input, at the latest: TN_PORT_IO). A
 * small timeout bounds a wait that the end of the input would not end.
 * Checks beyond the sanitizers (fuzz_util.h): every error has a terminated message without
 * control bytes; every reply accepted keeps tn_port.h's and tn_proto.h's promise (status OK or
 * ERROR, a payload within TN_REP_PAYLOAD_MAX, an ERROR of 2 bytes); one call takes at least a
 * reply's 5 bytes, so the loop ends. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "tn_port.h"
#include "tn_proto.h"
#include "fuzz_util.h"

#define PIPE_IN 60000 /* input bytes used */
#define REPLY_TIMEOUT_MS 20

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > PIPE_IN)
        size = PIPE_IN;
    int fds[2];
    if (pipe(fds)) {
        perror("fuzz_reply: pipe");
        abort();
    }
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(fds[1], data + done, size - done);
        if (w <= 0) {
            perror("fuzz_reply: write");
            abort();
        }
        done += (size_t)w;
    }
    close(fds[1]);
    tn_port p;
    memset(&p, 0, sizeof p);
    p.fd = fds[0];
    p.timeout_ms = REPLY_TIMEOUT_MS;
    snprintf(p.path, sizeof p.path, "fuzz-pipe");
    tn_reply r;
    char err[1024];
    long replies = 0;
    for (;;) {
        fuzz_err_reset(err, sizeof err);
        int rc = tn_port_recv(&p, &r, err, sizeof err);
        if (rc) {
            fuzz_check_msg("tn_port_recv", err, sizeof err);
            break;
        }
        replies++;
        if (fuzz_checks_on() &&
            ((r.status != TN_ST_OK && r.status != TN_ST_ERROR) || r.len > TN_REP_PAYLOAD_MAX ||
             (r.status == TN_ST_ERROR && r.len != 2)))
            fuzz_fail("tn_port_recv accepted reply %ld: status 0x%02x, %u payload bytes",
                      replies, r.status, r.len);
        if (replies * 5 > (long)size)
            fuzz_fail("tn_port_recv accepted %ld replies from %zu bytes", replies, size);
    }
    close(fds[0]);
    return 0;
}
