/* SPDX-License-Identifier: MIT */
/* The board's UART protocol: CRC-8, request frames, names of commands and error codes. */
#include <string.h>
#include "tn_proto.h"

uint8_t tn_crc8(uint8_t crc, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int b = 0; b < 8; b++)
            crc = (uint8_t)(crc & 0x80 ? (crc << 1) ^ 0x07 : crc << 1);
    }
    return crc;
}

size_t tn_frame(uint8_t *buf, uint8_t cmd, const uint8_t *payload, uint8_t len)
{
    buf[0] = TN_SYNC_REQ;
    buf[1] = cmd;
    buf[2] = len;
    if (len)
        memcpy(buf + 3, payload, len);
    buf[3 + len] = tn_crc8(0, buf + 1, 2u + len);
    return 4u + len;
}

const char *tn_cmd_name(unsigned cmd)
{
    switch (cmd) {
    case TN_CMD_PING: return "PING";
    case TN_CMD_WRITE: return "WRITE_REG";
    case TN_CMD_READ: return "READ_REG";
    case TN_CMD_BLOCK: return "READ_BLOCK";
    case TN_CMD_START: return "START";
    case TN_CMD_RESET: return "RESET";
    default: return "?";
    }
}

const char *tn_err_name(unsigned code)
{
    switch (code) {
    case TN_E_CHECKSUM: return "checksum";
    case TN_E_COMMAND: return "command";
    case TN_E_LENGTH: return "length";
    case TN_E_ADDRESS: return "address";
    case TN_E_ARGUMENT: return "argument";
    case TN_E_BUSY: return "busy";
    case TN_E_TIMEOUT: return "timeout";
    default: return "?";
    }
}

const char *tn_err_meaning(unsigned code)
{
    switch (code) {
    case TN_E_CHECKSUM: return "the request failed its CRC-8 on the board";
    case TN_E_COMMAND: return "the board does not know the command";
    case TN_E_LENGTH: return "wrong payload length for the command";
    case TN_E_ADDRESS: return "no register at this address takes this access (unmapped, or a "
                              "write to a read-only register)";
    case TN_E_ARGUMENT: return "READ_BLOCK count must be 1..64 and the block must end at or "
                               "below 0xFFFF";
    case TN_E_BUSY: return "a run is under way (wait for it to end, or RESET)";
    case TN_E_TIMEOUT: return "the request stopped mid-frame for longer than the board's "
                              "inter-byte timeout";
    default: return "unknown error code";
    }
}

uint32_t tn_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
