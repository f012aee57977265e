/* SPDX-License-Identifier: MIT */
/* Scripted per-link selection state sequence (docs/microarchitecture.md section 19.3), shared
 * by the C model test (tb/unit/test_select.c) and the Verilated RTL test (tb/unit/vl_sel_state.c).
 * From reset (both registers 0), each row drives (sent, held) for reps cycles; ldsf and age are
 * the register values after the row's last cycle, worked out by hand from the table of 19.3:
 *   ldsf_cnt: min(255, cnt+1) if sent; else cnt if held; else max(0, cnt-1)
 *   lru_age:  0 if sent; else min(255, age+1)          (held does not matter)
 * (cross-checked with a 10-line Python transcription of those two rules). */
#ifndef TN_SEL_SCRIPT_H
#define TN_SEL_SCRIPT_H

typedef struct tn_sel_script_row {
    int sent, held, reps;
    int ldsf, age; /* expected after the row */
} tn_sel_script_row;

static const tn_sel_script_row tn_sel_script[] = {
    {0, 0, 1, 0, 1},       /* idle at 0: the counter stays at its floor */
    {0, 1, 1, 0, 2},       /* held at 0 */
    {1, 0, 1, 1, 0},       /* send: +1, age back to 0 */
    {1, 0, 1, 2, 0},
    {0, 1, 1, 2, 1},       /* blocked worm: counter kept */
    {0, 0, 1, 1, 2},       /* idle: -1 */
    {1, 1, 1, 2, 0},       /* sent wins over held */
    {0, 0, 2, 0, 2},       /* decay to 0 */
    {0, 0, 1, 0, 3},       /* and hold at 0 */
    {1, 0, 300, 255, 0},   /* 300 sends saturate at 255 (no wrap to 300 mod 256 = 44) */
    {1, 0, 1, 255, 0},     /* send at 255 */
    {1, 1, 1, 255, 0},
    {0, 1, 5, 255, 5},     /* held at 255 */
    {0, 0, 1, 254, 6},
    {1, 0, 1, 255, 0},
    {0, 0, 1, 254, 1},
    {0, 0, 1, 253, 2},
    {0, 1, 1, 253, 3},
    {0, 0, 200, 53, 203},  /* long decay */
    {1, 0, 1, 54, 0},
    {0, 1, 3, 54, 3},
    {0, 0, 60, 0, 63},     /* decays past 0: stays 0 (no underflow to 255) */
    {0, 0, 1, 0, 64},
    {0, 1, 1, 0, 65},
    {1, 1, 1, 1, 0},
    {0, 0, 1, 0, 1},
    {0, 0, 1, 0, 2},
    {0, 0, 254, 0, 255},   /* age saturates at 255 after 253 of these */
    {0, 1, 1, 0, 255},
    {0, 0, 1, 0, 255},
    {1, 0, 1, 1, 0},
    {0, 0, 1, 0, 1},
};
#define TN_SEL_SCRIPT_ROWS ((int)(sizeof tn_sel_script / sizeof tn_sel_script[0]))

#endif
