// SPDX-License-Identifier: MIT
// VAL's phase on the flits leaving a router (docs/microarchitecture.md 20.1): a head leaving at
// its intermediate node (its mid field is this node's coordinate) carries phase 1 from here on,
// when VAL is in force. Without a routing header (VAL not built: XW = 0) the flits pass as they
// are. Pure function.
module tn_val_phase #(
    parameter P     = 5,    // ports
    parameter FW    = 40,   // flit bits (without valid and VC)
    parameter AW    = 4,    // packed address bits
    parameter XW    = 0,    // routing header bits: 0 when VAL is not built
    parameter MID   = 0,    // the flit's fields (rtl/common/tn_defs.vh): LSB of mid,
    parameter PHASE = 0,    // of the phase bit,
    parameter HEAD  = 0     // of the head flag
) (
    input  wire            val_i,    // VAL is the routing in force
    input  wire [AW-1:0]   coord_i,  // this node
    input  wire [P*FW-1:0] flit_i,   // per output port, the flit leaving
    output wire [P*FW-1:0] flit_o    // the same with the phase set
);
    genvar go;
    generate
        for (go = 0; go < P; go = go + 1) begin : g_ph
            if (XW > 0) begin : g_val
                wire [FW-1:0] f = flit_i[go*FW +: FW];
                wire set = val_i && f[HEAD] && (f[MID +: AW] == coord_i);
                wire [FW-1:0] phase_bit = {{(FW-1){1'b0}}, set} << PHASE;
                assign flit_o[go*FW +: FW] = f | phase_bit;
            end else begin : g_noval
                assign flit_o[go*FW +: FW] = flit_i[go*FW +: FW];
            end
        end
        if (XW == 0) begin : g_unused
            wire unused_val = &{1'b0, val_i, coord_i};
        end
    endgenerate
endmodule
