/* SPDX-License-Identifier: MIT */
/* The board's UART protocol (docs/board-reference.md, Protocol), as fpga/tn_ctrl.v implements it:
 * requests 0xA5 cmd len payload[len] crc, replies 0x5A status len_lo len_hi payload crc, CRC-8
 * (polynomial 0x07, initial value 0, MSB first) over every byte after the sync byte,
 * little-endian fields. */
#ifndef TN_PROTO_H
#define TN_PROTO_H

#include <stddef.h>
#include <stdint.h>

#define TN_SYNC_REQ 0xA5
#define TN_SYNC_REP 0x5A

enum tn_cmd {
    TN_CMD_PING = 0x01,  /* -> the control plane's registers 0xFF00..0xFF04 */
    TN_CMD_WRITE = 0x02, /* addr u16, value u32 -> nothing */
    TN_CMD_READ = 0x03,  /* addr u16 -> value u32 */
    TN_CMD_BLOCK = 0x04, /* addr u16, count u8 (1..64) -> count values */
    TN_CMD_START = 0x05, /* cycles u32 -> nothing */
    TN_CMD_RESET = 0x06, /* -> nothing */
};

enum tn_status { TN_ST_OK = 0x00, TN_ST_ERROR = 0x01 };

enum tn_proto_err { /* ERROR reply codes (tn_err is the router error vector) */
    TN_E_CHECKSUM = 0x01, /* the request failed its CRC */
    TN_E_COMMAND = 0x02,  /* unknown command */
    TN_E_LENGTH = 0x03,   /* wrong payload length for the command */
    TN_E_ADDRESS = 0x04,  /* no register at the address takes this access */
    TN_E_ARGUMENT = 0x05, /* READ_BLOCK count 0 or above 64, or past 0xFFFF */
    TN_E_BUSY = 0x06,     /* START while a run is under way */
    TN_E_TIMEOUT = 0x07,  /* the request stopped mid-frame for longer than the timeout */
};

#define TN_MAGIC 0x01436E74u    /* register 0xFF00: bytes 't' 'n' 'C', protocol version 1 */
#define TN_BLOCK_MAX 64         /* registers per READ_BLOCK */
#define TN_REQ_MAX (4 + 255)    /* longest request frame */
#define TN_REP_PAYLOAD_MAX (4 * TN_BLOCK_MAX)

/* the control plane's registers (read-only) */
enum tn_cp_reg {
    TN_CP_MAGIC = 0xFF00,
    TN_CP_ID = 0xFF01,
    TN_CP_CLKS_PER_BIT = 0xFF02,
    TN_CP_TIMEOUT_CLKS = 0xFF03,
    TN_CP_BLOCK_MAX = 0xFF04,
    TN_CP_STATUS = 0xFF05,      /* bit 0 running, bit 1 done, bit 2 design reset active */
    TN_CP_CYCLES_LEFT = 0xFF06,
    TN_CP_FRAME_ERRORS = 0xFF07, /* [15:0] frames refused (checksum, command, length),
                                    [31:16] frames abandoned at the timeout */
    TN_CP_NREGS = 8,
};

typedef struct tn_reply {
    uint8_t status;
    uint16_t len;
    uint8_t payload[TN_REP_PAYLOAD_MAX];
} tn_reply;

/* CRC-8 of n bytes continuing from crc (start with 0). */
uint8_t tn_crc8(uint8_t crc, const uint8_t *p, size_t n);
/* A request frame into buf (TN_REQ_MAX bytes); returns its length. */
size_t tn_frame(uint8_t *buf, uint8_t cmd, const uint8_t *payload, uint8_t len);
/* Name of a command, of an error code, and a one-line meaning of the error ("?" if unknown). */
const char *tn_cmd_name(unsigned cmd);
const char *tn_err_name(unsigned code);
const char *tn_err_meaning(unsigned code);
/* Little-endian 32-bit value at p. */
uint32_t tn_le32(const uint8_t *p);
#endif
