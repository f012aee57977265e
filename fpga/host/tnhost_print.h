/* SPDX-License-Identifier: MIT */
/* tnhost's printers (tnhost_print.c; tnhost.h lists the layers): a run on the board core as
 * JSON or text, its comparison with the C model as JSON, error bits by name. They take the board
 * layer's types (tnhost_board.h) but call only the driver (tnhost_io.h). */
#ifndef TNHOST_PRINT_H
#define TNHOST_PRINT_H

#include "tnhost_board.h"

/* a run as the head of a JSON object (json_head, then the keys and the board's figures; the
 * caller adds to it and closes it) or as text */
void print_board_json(const host *h, const tn_config *c, const tn_stats *st,
                      const board_stats *bs);
void print_board_text(const host *h, const tn_config *c, const tn_stats *st,
                      const board_stats *bs);
void print_compare_json(const run_result *rr);
/* the names of v's bits set (names[0..n)), space-separated, or "none", into out */
void bit_names(uint32_t v, const char *const *names, int n, char *out, size_t len);

#endif
