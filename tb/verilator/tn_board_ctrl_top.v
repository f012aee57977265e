// SPDX-License-Identifier: MIT
// The board's control plane alone, for simulation (tb/board/tnboard.c via
// tb/verilator/tn_board_shim.cpp): fpga/tn_ctrl.v with its UART and a small test register file
// on its bus (docs/board-reference.md, Register map, "simulated control plane"):
//   0x0000       ID, read-only: the parameter ID (also PING's build identifier)
//   0x0001       CYCLES, read-only: cycles with run_o high since the last design reset
//   0x0002       READS, read-only: bus read strobes (bus_re) since rst_i, this read's not yet
//   0x0003       RSTLEN, read-only: cycles of the last design reset pulse (design_rst_o), 0
//                until one has ended; both kept through a design reset (cleared by rst_i only),
//                so that a test sees how many reads a request makes and how long RESET holds
//   0x0010-001F  SCRATCH0..15, read-write, 0 after a design reset
// Every other address below 0xFF00 is unmapped (bus_err_i).
module tn_board_ctrl_top #(
    parameter CLKS_PER_BIT = 4,       // UART clock cycles per bit, 4..65535
    parameter TIMEOUT_CLKS = 100000,  // inter-byte timeout, >= 20 bit times
    parameter ID           = 32'h54455354  // "TEST"
) (
    input  wire clk_i,
    input  wire rst_i,
    input  wire uart_rx_i,
    output wire uart_tx_o,
    output wire run_o,
    output wire done_o,
    output wire design_rst_o,
    output wire idle_o
);
    wire        bus_we, bus_re;
    wire [15:0] bus_addr;
    wire [31:0] bus_wdata;
    reg  [31:0] bus_rdata_q;
    reg         bus_err_q;
    wire [31:0] cycles_left;

    tn_ctrl #(
        .CLKS_PER_BIT(CLKS_PER_BIT), .TIMEOUT_CLKS(TIMEOUT_CLKS), .ID(ID), .RST_CYCLES(4)
    ) u_ctrl (
        .clk_i(clk_i), .rst_i(rst_i), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .bus_we_o(bus_we), .bus_re_o(bus_re), .bus_addr_o(bus_addr), .bus_wdata_o(bus_wdata),
        .bus_rdata_i(bus_rdata_q), .bus_err_i(bus_err_q),
        .run_o(run_o), .cycles_left_o(cycles_left), .done_o(done_o),
        .design_rst_o(design_rst_o), .idle_o(idle_o)
    );

    localparam [31:0] ID32 = ID;
    reg [31:0] scratch_q [0:15];
    reg [31:0] cycles_q;
    reg [31:0] reads_q;
    reg [7:0]  rst_run_q, rstlen_q;  // cycles of the design reset pulse so far; the last one's
    reg        drst_q;               // design_rst_o in the cycle before
    wire is_id      = (bus_addr == 16'h0000);
    wire is_cycles  = (bus_addr == 16'h0001);
    wire is_reads   = (bus_addr == 16'h0002);
    wire is_rstlen  = (bus_addr == 16'h0003);
    wire is_scratch = (bus_addr[15:4] == 12'h001);

    integer r;
    always @(posedge clk_i) begin
        if (rst_i || design_rst_o) begin
            for (r = 0; r < 16; r = r + 1)
                scratch_q[r] <= 32'd0;
            cycles_q <= 32'd0;
        end else begin
            if (run_o)
                cycles_q <= cycles_q + 32'd1;
            if (bus_we && is_scratch)
                scratch_q[bus_addr[3:0]] <= bus_wdata;
        end
    end

    // the test's monitors: cleared by rst_i only
    always @(posedge clk_i) begin
        if (rst_i) begin
            reads_q   <= 32'd0;
            rst_run_q <= 8'd0;
            rstlen_q  <= 8'd0;
            drst_q    <= 1'b0;
        end else begin
            if (bus_re)
                reads_q <= reads_q + 32'd1;
            drst_q <= design_rst_o;
            if (design_rst_o)
                rst_run_q <= drst_q ? rst_run_q + 8'd1 : 8'd1;
            else if (drst_q)
                rstlen_q <= rst_run_q;
        end
    end

    // the bus answers on the cycle after the strobe
    always @(posedge clk_i) begin
        bus_err_q   <= (bus_re && !(is_id || is_cycles || is_reads || is_rstlen || is_scratch)) ||
                       (bus_we && !is_scratch);
        bus_rdata_q <= is_id ? ID32 : is_cycles ? cycles_q : is_reads ? reads_q :
                       is_rstlen ? {24'd0, rstlen_q} :
                       is_scratch ? scratch_q[bus_addr[3:0]] : 32'd0;
    end

    wire unused_ok = &{1'b0, cycles_left};
endmodule
