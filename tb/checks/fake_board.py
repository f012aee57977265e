#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A board that misbehaves, on a pseudo-terminal, for tnhost's tests (tb/checks/board_ctrl_test.sh).

tnboard and tnboard-core run the real RTL, which answers every request by the protocol
(docs/board-reference.md, "Protocol"). What tnhost must survive beside a real board is what they
never do: a reply of the wrong length, a device that is not the board, a board core whose cycle
counter stands still. This program speaks the protocol's frames itself (requests 0xA5 cmd len
payload crc, replies 0x5A status len_lo len_hi payload crc, CRC-8 polynomial 0x07 over every
byte after the sync byte) over a register map that holds what is written to it, and breaks it
in one chosen way:

  --babble          never answer: stream 0x00 0xA5 (never 0x5A), a burst a millisecond
  --extra-byte CMD  the OK reply to command CMD (1 PING .. 6 RESET) carries one payload byte
                    more than the protocol's
  --frozen          a board that does not count: its control plane shows a run under way
                    (0xFF05 bit 0) with 77 cycles left (0xFF06) for ever, and its board core
                    (register 0x0003 reads "tnB1", the build registers as --build gives
                    them) a STATUS (0x0020) that never shows the run ended and a cycle
                    counter (0x0021) that stays at 5
  --build V0,V1,V2,V3,V4  the build registers 0x0000..0x0004 (0x0003 reads "tnB1" whatever
                    V3 is); without --frozen or --crawl a board core that serves: its STATUS
                    (0x0020) shows every run ended (0x7), its statistics read as --set gives
                    them (0 otherwise)
  --set ADDR=VALUE  a register's value (repeatable; with --build: a board core's statistics)
  --crawl           like --frozen, but the counters move and never settle: the cycle counter
                    (0x0021) goes up by one and the cycles left (0xff06) down by one at every
                    read, and the run never ends
  --dribble MS      every reply byte MS milliseconds after the one before
  --silent-after N  answer the first N requests, then none (a board unplugged mid-command)

It prints its pty's path on the first line of stdout, then serves until killed or for
--wall-limit seconds (300).
"""
import argparse
import os
import sys
import time
import tty

SYNC_REQ, SYNC_REP = 0xA5, 0x5A
TN_MAGIC = 0x01436E74
BOARD_MAGIC = 0x31426E74
B_STATUS = 0x0020


def crc8(data, crc=0):
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


def reply(status, payload):
    body = bytes([status, len(payload) & 0xFF, len(payload) >> 8]) + payload
    return bytes([SYNC_REP]) + body + bytes([crc8(body)])


def le32(vals):
    return b"".join((v & 0xFFFFFFFF).to_bytes(4, "little") for v in vals)


class Board:
    def __init__(self, a):
        self.a = a
        self.regs = {0xFF00: TN_MAGIC, 0xFF01: 0x46414B45, 0xFF02: 4, 0xFF03: 100000,
                     0xFF04: 64}
        if a.frozen or a.crawl or a.build is not None:
            for i, v in enumerate(a.build or [0] * 5):
                self.regs[i] = v
            self.regs[0x0003] = BOARD_MAGIC
        if a.frozen or a.crawl:
            self.regs[B_STATUS + 1] = 5
            self.regs[0xFF05] = 1
            self.regs[0xFF06] = 77 if a.frozen else 1000000
        elif a.build is not None:
            self.regs[B_STATUS] = 0x7  # started, sources stopped, run ended
        for addr, v in a.set:
            self.regs[addr] = v

    def answer(self, cmd, p):
        """The reply to one request that passed its CRC."""
        payload = None
        if cmd == 0x01 and not p:
            payload = le32([self.regs.get(0xFF00 + i, 0) for i in range(5)])
        elif cmd == 0x02 and len(p) == 6:
            self.regs[p[0] | p[1] << 8] = int.from_bytes(p[2:6], "little")
            payload = b""
        elif cmd == 0x03 and len(p) == 2:
            payload = le32([self.read(p[0] | p[1] << 8)])
        elif cmd == 0x04 and len(p) == 3 and 1 <= p[2] <= 64:
            a = p[0] | p[1] << 8
            payload = le32([self.read(a + i) for i in range(p[2])])
        elif cmd in (0x05, 0x06):
            payload = b""
        if payload is None:
            return reply(0x01, bytes([0x03, cmd]))  # ERROR length
        if cmd == self.a.extra_byte:
            payload += b"\x00"
        return reply(0x00, payload)

    def read(self, a):
        if (self.a.frozen or self.a.crawl) and a == B_STATUS:
            return 0x1  # started; never ended
        if self.a.crawl and a in (B_STATUS + 1, 0xFF06):
            self.regs[a] += 1 if a == B_STATUS + 1 else -1
        return self.regs.get(a, 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--babble", action="store_true")
    ap.add_argument("--extra-byte", type=int, default=0, choices=range(1, 7), metavar="CMD")
    ap.add_argument("--frozen", action="store_true")
    ap.add_argument("--build", default=None,
                    type=lambda s: [int(x, 0) for x in s.split(",")])
    ap.add_argument("--set", action="append", default=[], metavar="ADDR=VALUE",
                    type=lambda s: tuple(int(x, 0) for x in s.split("=", 1)))
    ap.add_argument("--crawl", action="store_true")
    ap.add_argument("--dribble", type=float, default=0, metavar="MS")
    ap.add_argument("--silent-after", type=int, default=-1, metavar="N")
    ap.add_argument("--wall-limit", type=float, default=300)
    a = ap.parse_args()
    if a.build is not None and len(a.build) != 5:
        ap.error("--build: 5 values, the registers 0x0000..0x0004")
    if any(len(kv) != 2 for kv in a.set):
        ap.error("--set: ADDR=VALUE")
    board = Board(a)
    m, s = os.openpty()
    # raw from the start, as a serial device is once tnhost has opened it: no echo of the
    # replies back into the requests and no line buffering, whatever the order of tnhost's own
    # termios setup and the first bytes
    tty.setraw(s)
    print(os.ttyname(s), flush=True)
    os.set_blocking(m, False)
    buf = b""
    answered = 0
    end = time.time() + a.wall_limit
    while time.time() < end:
        try:
            buf += os.read(m, 4096)
        except BlockingIOError:
            pass
        if a.babble:
            try:
                os.write(m, b"\x00\xa5" * 4)
            except BlockingIOError:
                pass
            buf = b""
        while buf:
            i = buf.find(bytes([SYNC_REQ]))
            if i < 0:
                buf = b""
                break
            buf = buf[i:]
            if len(buf) < 3 or len(buf) < 4 + buf[2]:
                break
            n = buf[2]
            frame, buf = buf[: 4 + n], buf[4 + n:]
            if crc8(frame[1:3 + n]) != frame[3 + n]:
                out = reply(0x01, bytes([0x01, frame[1]]))  # ERROR checksum
            else:
                out = board.answer(frame[1], frame[3:3 + n])
            if 0 <= a.silent_after <= answered:
                continue
            answered += 1
            if a.dribble > 0:
                for i in range(len(out)):
                    time.sleep(a.dribble / 1000)
                    os.write(m, out[i:i + 1])
            else:
                os.write(m, out)
        time.sleep(0.001)
    return 0


if __name__ == "__main__":
    sys.exit(main())
