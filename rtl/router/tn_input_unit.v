// SPDX-License-Identifier: MIT
// Input unit of one port (cmodel/src/input_unit.c): V FIFOs of B flits, the VC state (IDLE /
// ACTIVE, output port and VC held while ACTIVE) and the credit register back to the upstream
// port. docs/microarchitecture.md sections 5 and 6. Storage: the flits of all V VCs share one
// RAM of V x 2^BW words (one write and one read a cycle: the arriving flit, the flit that
// leaves); beside it, per VC, a small RAM of each flit's head bit and the route the router
// computed for it as it arrived (RW bits), read at every VC's front for its request.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_input_unit #(
    parameter V    = 2,                               // VCs
    parameter B    = 8,                               // flits per VC
    parameter FW   = 40,                              // flit width (no vc, no valid)
    parameter RW   = 1,                               // route bits stored beside each flit
    parameter P    = 5,                               // ports
    parameter PW   = 3,                               // port index width
    parameter VW   = (V > 1) ? $clog2(V) : 1,         // VC index width
    parameter CNTW = (B > 0) ? $clog2(B + 1) : 1,     // occupancy width
    parameter BW   = (B > 1) ? $clog2(B) : 1          // slot index width
) (
    input  wire            clk_i,
    input  wire            rst_i,
    input  wire [CNTW-1:0] cfg_buf_i,  // flits used per VC, 1..B (stable while out of reset)
    // link in (6.1)
    input  wire            in_valid_i,
    input  wire [VW-1:0]   in_vc_i,
    input  wire [FW-1:0]   in_flit_i,
    input  wire [RW-1:0]   in_route_i,  // the route of in_flit_i (meaningful for a head)
    // switch grant (6.7): read the front flit of pop_vc_i; a head takes output VC
    // (alloc_op_i, alloc_ov_i) and the VC becomes ACTIVE unless the head is also the tail
    input  wire            pop_i,
    input  wire [VW-1:0]   pop_vc_i,
    input  wire            alloc_i,
    input  wire [PW-1:0]   alloc_op_i,
    input  wire [P-1:0]    alloc_op_oh_i,  // the same port, one-hot
    input  wire [VW-1:0]   alloc_ov_i,
    // state
    output wire [V-1:0]      front_head_o,  // the front flit of each VC is a head
    output wire [V*RW-1:0]   front_route_o, // and its route
    output wire [FW-1:0]     pop_flit_o,    // the front flit of VC pop_vc_i (read combinationally)
    output wire [V*CNTW-1:0] cnt_o,
    output wire [V-1:0]      active_o,
    output wire [V*PW-1:0]   oport_o,
    output wire [V*VW-1:0]   ovc_o,
    output wire [V*P-1:0]    oport_oh_o,   // oport and ovc one-hot (copies, for AND-OR muxes)
    output wire [V*V-1:0]    ovc_oh_o,
    // credit register back upstream
    output reg             crd_valid_o,
    output reg  [VW-1:0]   crd_vc_o,
    output wire            err_buf_ovf_o
);
    localparam TAIL = FW - 2;
    localparam HEAD = FW - 1;
    localparam integer BI = B;
    localparam integer BL = B - 1;
    localparam [CNTW:0]   BSUM = BI[CNTW:0];
    localparam [BW-1:0]   LAST = BL[BW-1:0];

    wire [V-1:0] ovf;
    assign err_buf_ovf_o = |ovf;
    wire [V-1:0]    push_v;
    wire [V*BW-1:0] slot_v, rd_v;

    // the shared flit RAM: word {vc, slot}
    localparam AWF = (V > 1) ? VW + BW : BW;   // address {vc, slot} (slot alone when V = 1)
    reg [FW-1:0] fmem [0:(1<<AWF)-1];
    reg [BW-1:0] wslot, rslot;
    integer k;
    always @(*) begin
        wslot = {BW{1'b0}};
        rslot = {BW{1'b0}};
        for (k = 0; k < V; k = k + 1) begin
            if (in_vc_i == k[VW-1:0]) wslot = slot_v[k*BW +: BW];
            if (pop_vc_i == k[VW-1:0]) rslot = rd_v[k*BW +: BW];
        end
    end
    wire [VW+BW-1:0] waddr_f = {in_vc_i, wslot};
    wire [VW+BW-1:0] raddr_f = {pop_vc_i, rslot};
    wire [AWF-1:0] waddr = waddr_f[AWF-1:0];
    wire [AWF-1:0] raddr = raddr_f[AWF-1:0];
    generate
        if (AWF < VW + BW) begin : g_v1
            wire unused_addr = &{1'b0, waddr_f[VW+BW-1:AWF], raddr_f[VW+BW-1:AWF]};
        end
    endgenerate
    always @(posedge clk_i)
        if (|push_v)
            fmem[waddr] <= in_flit_i;
    assign pop_flit_o = fmem[raddr];
    wire pop_tail = pop_flit_o[TAIL];
    reg [V-1:0] alloc_ov_oh;   // alloc_ov_i one-hot, for the copy ovc_oh_q
    integer kv;
    always @(*)
        for (kv = 0; kv < V; kv = kv + 1)
            alloc_ov_oh[kv] = (alloc_ov_i == kv[VW-1:0]);

    genvar gv;
    generate
        for (gv = 0; gv < V; gv = gv + 1) begin : g_vc
            localparam [VW-1:0] VI = gv;
            reg [RW:0]     mem [0:B-1];   // {route, head} of each flit
            reg [BW-1:0]   rd_q;
            reg [CNTW-1:0] cnt_q;
            reg            active_q;
            reg [PW-1:0]   oport_q;
            reg [VW-1:0]   ovc_q;
            reg [P-1:0]    oport_oh_q;
            reg [V-1:0]    ovc_oh_q;
            wire pop  = pop_i && (pop_vc_i == VI);
            wire wr   = in_valid_i && (in_vc_i == VI);
            wire full = (cnt_q == cfg_buf_i) && !pop;
            wire push = wr && !full;
            // write slot (rd + cnt) mod B
            wire [CNTW:0] sum  = {{(CNTW+1-BW){1'b0}}, rd_q} + {1'b0, cnt_q};
            wire [CNTW:0] slot = (sum >= BSUM) ? (sum - BSUM) : sum;
            assign ovf[gv] = wr && full;
            wire [RW:0] fr = mem[rd_q];
            assign front_head_o[gv]           = fr[0];
            assign front_route_o[gv*RW +: RW] = fr[RW:1];
            assign push_v[gv]                 = push;
            assign slot_v[gv*BW +: BW]        = slot[BW-1:0];
            assign rd_v[gv*BW +: BW]          = rd_q;
            assign cnt_o[gv*CNTW +: CNTW] = cnt_q;
            assign active_o[gv]           = active_q;
            assign oport_o[gv*PW +: PW]   = oport_q;
            assign ovc_o[gv*VW +: VW]     = ovc_q;
            assign oport_oh_o[gv*P +: P]  = oport_oh_q;
            assign ovc_oh_o[gv*V +: V]    = ovc_oh_q;
            always @(posedge clk_i) begin
                if (push)
                    mem[slot[BW-1:0]] <= {in_route_i, in_flit_i[HEAD]};
            end
            always @(posedge clk_i) begin
                if (rst_i) begin
                    rd_q     <= {BW{1'b0}};
                    cnt_q    <= {CNTW{1'b0}};
                    active_q <= 1'b0;
                    oport_q  <= {PW{1'b0}};
                    ovc_q    <= {VW{1'b0}};
                    oport_oh_q <= {P{1'b0}};
                    ovc_oh_q   <= {V{1'b0}};
                end else begin
                    if (push && !pop)
                        cnt_q <= cnt_q + 1'b1;
                    else if (pop && !push)
                        cnt_q <= cnt_q - 1'b1;
                    if (pop)
                        rd_q <= (rd_q == LAST) ? {BW{1'b0}} : rd_q + 1'b1;
                    if (pop && pop_tail) begin
                        active_q <= 1'b0;
                    end else if (pop && alloc_i) begin
                        active_q <= 1'b1;
                        oport_q  <= alloc_op_i;
                        ovc_q    <= alloc_ov_i;
                        oport_oh_q <= alloc_op_oh_i;
                        ovc_oh_q   <= alloc_ov_oh;
                    end
                end
            end
            wire unused_slot = &{1'b0, slot[CNTW:BW]};
        end
    endgenerate

    always @(posedge clk_i) begin
        if (rst_i) begin
            crd_valid_o <= 1'b0;
            crd_vc_o    <= {VW{1'b0}};
        end else begin
            crd_valid_o <= pop_i;
            crd_vc_o    <= pop_i ? pop_vc_i : {VW{1'b0}};
        end
    end
endmodule
