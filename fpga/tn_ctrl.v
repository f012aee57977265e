// SPDX-License-Identifier: MIT
// The board's control plane (docs/board-reference.md, Protocol, Register map): a UART (tn_uart_rx,
// tn_uart_tx), the frame parser and its replies, a register bus for the design's registers, the
// run counter (run_o high for exactly N cycles after START N) and the design reset pulse.
// Requests: 0xA5 cmd len payload[len] crc; replies: 0x5A status len_lo len_hi payload crc, with
// CRC-8 (polynomial 0x07, initial value 0) over every byte after the sync byte. One request at a
// time: bytes that arrive while a request executes or its reply is sent are dropped.
// Register bus: one access at a time. bus_re_o or bus_we_o is high for one cycle with bus_addr_o
// (and bus_wdata_o); the register answers on the next cycle with bus_rdata_i (reads) and
// bus_err_i (1: no register at that address takes this access; a refused write has no effect).
// Reads must have no side effect: READ_BLOCK reads each address twice, once to check that every
// address is mapped before the reply starts, once for its value. Addresses 0xFF00..0xFFFF are
// the control plane's own and never reach the bus.
module tn_ctrl #(
    parameter CLKS_PER_BIT = 217,     // UART clock cycles per bit, 4..65535 (25 MHz/115200 = 217)
    parameter TIMEOUT_CLKS = 2500000, // inter-byte timeout in a frame, >= 20 bit times, < 2^31
    parameter ID           = 0,       // build identifier reported by PING and register 0xFF01
    parameter RST_CYCLES   = 4        // cycles of design_rst_o after RESET and after rst_i, 1..255
) (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire        uart_rx_i,     // serial line from the host, asynchronous
    output wire        uart_tx_o,     // serial line to the host
    output wire        bus_we_o,
    output wire        bus_re_o,
    output wire [15:0] bus_addr_o,
    output wire [31:0] bus_wdata_o,
    input  wire [31:0] bus_rdata_i,
    input  wire        bus_err_i,
    output wire        run_o,         // high for exactly N cycles after START N
    output wire [31:0] cycles_left_o, // cycles of the run still to come
    output wire        done_o,        // a run has ended (cleared by START and RESET)
    output wire        design_rst_o,  // synchronous reset for the design, RST_CYCLES long
    output wire        idle_o         // no frame, reply, run or reset under way
);
    // ---- elaboration checks: an undefined module whose name states the rule ----
    generate
        if (CLKS_PER_BIT < 4 || CLKS_PER_BIT > 65535) begin : g_chk_cpb
            tn_error_CLKS_PER_BIT_must_be_4_to_65535 u_err ();
        end
        if (TIMEOUT_CLKS < 20 * CLKS_PER_BIT || TIMEOUT_CLKS > 2147483647) begin : g_chk_tmo
            tn_error_TIMEOUT_CLKS_must_be_20_bit_times_to_2pow31_minus_1 u_err ();
        end
        if (RST_CYCLES < 1 || RST_CYCLES > 255) begin : g_chk_rst
            tn_error_RST_CYCLES_must_be_1_to_255 u_err ();
        end
    endgenerate

    // ---- protocol constants (docs/board-reference.md) ----
    localparam [7:0] SYNC_REQ = 8'hA5, SYNC_REP = 8'h5A;
    localparam [7:0] CMD_PING = 8'h01, CMD_WRITE = 8'h02, CMD_READ = 8'h03, CMD_BLOCK = 8'h04,
                     CMD_START = 8'h05, CMD_RESET = 8'h06;
    localparam [7:0] ST_OK = 8'h00, ST_ERROR = 8'h01;
    localparam [7:0] E_CHECKSUM = 8'h01, E_COMMAND = 8'h02, E_LENGTH = 8'h03, E_ADDRESS = 8'h04,
                     E_ARGUMENT = 8'h05, E_BUSY = 8'h06, E_TIMEOUT = 8'h07;
    localparam [31:0] MAGIC = 32'h01436E74;  // bytes 't' 'n' 'C' 1 (protocol version 1)
    localparam [7:0]  BLOCK_MAX = 8'd64;     // registers per READ_BLOCK
    localparam [7:0]  CP_PAGE = 8'hFF;       // addresses 0xFF00..0xFFFF: the control plane's
    localparam [7:0]  CP_NREGS = 8'd8;       // 0xFF00..0xFF07 are mapped
    localparam [6:0]  PING_WORDS = 7'd5;     // PING answers registers 0xFF00..0xFF04

    localparam integer TMO_M1 = TIMEOUT_CLKS - 1;
    localparam TW = $clog2(TIMEOUT_CLKS);
    localparam [TW-1:0] TMO_LAST = TMO_M1[TW-1:0];
    localparam [31:0] CPB32 = CLKS_PER_BIT, TMO32 = TIMEOUT_CLKS, ID32 = ID;
    localparam integer RST_I = RST_CYCLES;
    localparam [7:0]  RST_LEN = RST_I[7:0];

    localparam [3:0] S_HUNT = 4'd0, S_CMD = 4'd1, S_LEN = 4'd2, S_PAY = 4'd3, S_CHK = 4'd4,
                     S_EXEC = 4'd5, S_SCAN = 4'd6, S_SCAN_W = 4'd7, S_WR = 4'd8, S_WR_W = 4'd9,
                     S_HDR = 4'd10, S_ERR = 4'd11, S_FETCH = 4'd12, S_FETCH_W = 4'd13,
                     S_WORD = 4'd14, S_CRC = 4'd15;

    // CRC-8, polynomial x^8 + x^2 + x + 1 (0x07), MSB first: crc after one more byte
    function [7:0] crc8;
        input [7:0] crc;
        input [7:0] b;
        integer i;
        reg [7:0] c;
        begin
            c = crc ^ b;
            for (i = 0; i < 8; i = i + 1)
                c = c[7] ? ({c[6:0], 1'b0} ^ 8'h07) : {c[6:0], 1'b0};
            crc8 = c;
        end
    endfunction

    // ---- the UART ----
    wire       rx_valid;
    wire [7:0] rx_data;
    wire       tx_ready;
    reg        tx_valid;
    reg  [7:0] tx_data;
    tn_uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_rx (
        .clk_i(clk_i), .rst_i(rst_i), .rx_i(uart_rx_i), .valid_o(rx_valid), .data_o(rx_data)
    );
    tn_uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_tx (
        .clk_i(clk_i), .rst_i(rst_i), .valid_i(tx_valid), .data_i(tx_data), .ready_o(tx_ready),
        .tx_o(uart_tx_o)
    );

    // ---- state ----
    reg [3:0]    state_q, state_d;
    reg [7:0]    cmd_q, cmd_d;      // command of the frame
    reg [7:0]    len_q, len_d;      // payload length of the frame
    reg [7:0]    cnt_q, cnt_d;      // payload bytes received so far
    reg [47:0]   arg_q, arg_d;      // the last 6 payload bytes, the newest at [47:40]
    reg [7:0]    crc_q, crc_d;      // CRC of the request, then of the reply
    reg          chk_ok_q, chk_ok_d;
    reg [TW-1:0] tmo_q, tmo_d;      // cycles since the last byte of an unfinished frame
    reg [7:0]    status_q, status_d;  // reply status
    reg [15:0]   rlen_q, rlen_d;      // reply payload length
    reg [7:0]    ecode_q, ecode_d;    // error code of an ERROR reply
    reg [15:0]   addr_q, addr_d;      // register address (bus_addr_o)
    reg [15:0]   base_q, base_d;      // first address of a read
    reg [6:0]    left_q, left_d;      // registers still to check or send (0..64)
    reg [6:0]    count_q, count_d;    // registers of the read
    reg [31:0]   word_q, word_d;      // register value being sent, next byte at [7:0]; write data
    reg [1:0]    byte_q, byte_d;      // byte index in the header, error payload or word
    reg          run_q, run_d;
    reg [31:0]   cyc_q, cyc_d;        // cycles of the run still to come
    reg          done_q, done_d;
    reg [7:0]    rst_q, rst_d;        // cycles of design reset still to come
    reg [15:0]   nbad_q, nbad_d;      // frames refused: checksum, command, length (wraps)
    reg [15:0]   ntmo_q, ntmo_d;      // frames abandoned at the inter-byte timeout (wraps)

    // ---- the control plane's registers (0xFF00..0xFF07, read-only) ----
    wire addr_cp = (addr_q[15:8] == CP_PAGE);
    wire cp_mapped = addr_q[7:0] < CP_NREGS;
    reg [31:0] cp_rdata;
    always @* begin
        case (addr_q[2:0])
            3'd0: cp_rdata = MAGIC;
            3'd1: cp_rdata = ID32;
            3'd2: cp_rdata = CPB32;
            3'd3: cp_rdata = TMO32;
            3'd4: cp_rdata = {24'd0, BLOCK_MAX};
            3'd5: cp_rdata = {29'd0, rst_q != 8'd0, done_q, run_q};
            3'd6: cp_rdata = cyc_q;
            default: cp_rdata = {ntmo_q, nbad_q};
        endcase
    end

    assign bus_re_o      = ((state_q == S_SCAN) || (state_q == S_FETCH)) && (left_q != 7'd0) &&
                           !addr_cp;
    assign bus_we_o      = (state_q == S_WR);
    assign bus_addr_o    = addr_q;
    assign bus_wdata_o   = word_q;
    assign run_o         = run_q;
    assign cycles_left_o = cyc_q;
    assign done_o        = done_q;
    assign design_rst_o  = (rst_q != 8'd0);
    assign idle_o        = (state_q == S_HUNT) && tx_ready && !run_q && (rst_q == 8'd0);

    // arguments of the frame (little-endian), where a payload of the command's length leaves them
    wire [15:0] w_addr  = arg_q[15:0];   // WRITE_REG: address, value
    wire [31:0] w_value = arg_q[47:16];
    wire [15:0] r_addr  = arg_q[47:32];  // READ_REG: address
    wire [15:0] b_addr  = arg_q[39:24];  // READ_BLOCK: address, count
    wire [7:0]  b_count = arg_q[47:40];
    wire [31:0] s_n     = arg_q[47:16];  // START: cycles
    wire [16:0] b_end   = {1'b0, b_addr} + {9'd0, b_count};  // one past the block's last address

    always @* begin
        state_d  = state_q;
        cmd_d    = cmd_q;
        len_d    = len_q;
        cnt_d    = cnt_q;
        arg_d    = arg_q;
        crc_d    = crc_q;
        chk_ok_d = chk_ok_q;
        tmo_d    = tmo_q;
        status_d = status_q;
        rlen_d   = rlen_q;
        ecode_d  = ecode_q;
        addr_d   = addr_q;
        base_d   = base_q;
        left_d   = left_q;
        count_d  = count_q;
        word_d   = word_q;
        byte_d   = byte_q;
        run_d    = run_q;
        cyc_d    = cyc_q;
        done_d   = done_q;
        rst_d    = (rst_q != 8'd0) ? rst_q - 8'd1 : 8'd0;
        nbad_d   = nbad_q;
        ntmo_d   = ntmo_q;
        tx_valid = 1'b0;
        tx_data  = 8'd0;

        // the run counter
        if (run_q) begin
            cyc_d = cyc_q - 32'd1;
            if (cyc_q == 32'd1) begin
                run_d  = 1'b0;
                done_d = 1'b1;
            end
        end

        // inter-byte timeout of an unfinished frame
        if (state_q == S_CMD || state_q == S_LEN || state_q == S_PAY || state_q == S_CHK)
            tmo_d = rx_valid ? {TW{1'b0}} : tmo_q + 1'b1;

        case (state_q)
            S_HUNT: begin
                if (rx_valid && rx_data == SYNC_REQ) begin
                    state_d = S_CMD;
                    cmd_d   = 8'd0;
                    crc_d   = 8'd0;
                    cnt_d   = 8'd0;
                    tmo_d   = {TW{1'b0}};
                end
            end
            S_CMD: if (rx_valid) begin
                cmd_d   = rx_data;
                crc_d   = crc8(crc_q, rx_data);
                state_d = S_LEN;
            end
            S_LEN: if (rx_valid) begin
                len_d   = rx_data;
                crc_d   = crc8(crc_q, rx_data);
                state_d = (rx_data == 8'd0) ? S_CHK : S_PAY;
            end
            S_PAY: if (rx_valid) begin
                arg_d = {rx_data, arg_q[47:8]};
                crc_d = crc8(crc_q, rx_data);
                cnt_d = cnt_q + 8'd1;
                if (cnt_d == len_q)
                    state_d = S_CHK;
            end
            S_CHK: if (rx_valid) begin
                chk_ok_d = (rx_data == crc_q);
                state_d  = S_EXEC;
            end
            S_EXEC: begin
                // defaults: an empty OK reply
                status_d = ST_OK;
                rlen_d   = 16'd0;
                left_d   = 7'd0;
                count_d  = 7'd0;
                state_d  = S_HDR;
                byte_d   = 2'd0;
                crc_d    = 8'd0;
                ecode_d  = 8'd0;
                if (!chk_ok_q) begin
                    ecode_d = E_CHECKSUM;
                end else begin
                    case (cmd_q)
                        CMD_PING: if (len_q != 8'd0) ecode_d = E_LENGTH; else begin
                            base_d  = {CP_PAGE, 8'd0};
                            count_d = PING_WORDS;
                        end
                        CMD_WRITE: if (len_q != 8'd6) ecode_d = E_LENGTH;
                            else if (w_addr[15:8] == CP_PAGE) ecode_d = E_ADDRESS;
                            else begin
                                addr_d  = w_addr;
                                word_d  = w_value;
                                state_d = S_WR;
                            end
                        CMD_READ: if (len_q != 8'd2) ecode_d = E_LENGTH; else begin
                            base_d  = r_addr;
                            count_d = 7'd1;
                        end
                        CMD_BLOCK: if (len_q != 8'd3) ecode_d = E_LENGTH;
                            else if (b_count == 8'd0 || b_count > BLOCK_MAX ||
                                     b_end > 17'h10000) ecode_d = E_ARGUMENT;
                            else begin
                                base_d  = b_addr;
                                count_d = b_count[6:0];
                            end
                        CMD_START: if (len_q != 8'd4) ecode_d = E_LENGTH;
                            else if (run_q) ecode_d = E_BUSY;
                            else begin
                                cyc_d  = s_n;
                                run_d  = (s_n != 32'd0);
                                done_d = (s_n == 32'd0);
                            end
                        CMD_RESET: if (len_q != 8'd0) ecode_d = E_LENGTH; else begin
                            rst_d  = RST_LEN;
                            run_d  = 1'b0;
                            cyc_d  = 32'd0;
                            done_d = 1'b0;
                        end
                        default: ecode_d = E_COMMAND;
                    endcase
                end
                if (ecode_d == E_CHECKSUM || ecode_d == E_COMMAND || ecode_d == E_LENGTH)
                    nbad_d = nbad_q + 16'd1;
                if (ecode_d != 8'd0) begin
                    status_d = ST_ERROR;
                    rlen_d   = 16'd2;
                    state_d  = S_HDR;
                end else if (count_d != 7'd0) begin
                    addr_d  = base_d;
                    left_d  = count_d;
                    state_d = S_SCAN;
                end
            end
            // every address of a read must be mapped before the reply starts
            S_SCAN: begin
                if (left_q == 7'd0) begin
                    addr_d  = base_q;
                    left_d  = count_q;
                    rlen_d  = {7'd0, count_q, 2'd0};
                    state_d = S_HDR;
                end else if (addr_cp) begin
                    if (cp_mapped) begin
                        addr_d = addr_q + 16'd1;
                        left_d = left_q - 7'd1;
                    end else begin
                        status_d = ST_ERROR;
                        ecode_d  = E_ADDRESS;
                        rlen_d   = 16'd2;
                        state_d  = S_HDR;
                    end
                end else begin
                    state_d = S_SCAN_W;  // bus_re_o is high in this cycle
                end
            end
            S_SCAN_W: begin
                if (bus_err_i) begin
                    status_d = ST_ERROR;
                    ecode_d  = E_ADDRESS;
                    rlen_d   = 16'd2;
                    state_d  = S_HDR;
                end else begin
                    addr_d  = addr_q + 16'd1;
                    left_d  = left_q - 7'd1;
                    state_d = S_SCAN;
                end
            end
            S_WR: state_d = S_WR_W;  // bus_we_o is high in this cycle
            S_WR_W: begin
                if (bus_err_i) begin
                    status_d = ST_ERROR;
                    ecode_d  = E_ADDRESS;
                    rlen_d   = 16'd2;
                end
                state_d = S_HDR;
            end
            // the reply: sync, status, length (2 bytes), then the error payload or the words
            S_HDR: begin
                case (byte_q)
                    2'd0: tx_data = SYNC_REP;
                    2'd1: tx_data = status_q;
                    2'd2: tx_data = rlen_q[7:0];
                    default: tx_data = rlen_q[15:8];
                endcase
                if (tx_ready) begin
                    tx_valid = 1'b1;
                    if (byte_q != 2'd0)
                        crc_d = crc8(crc_q, tx_data);
                    byte_d = byte_q + 2'd1;
                    if (byte_q == 2'd3)
                        state_d = (status_q != ST_OK) ? S_ERR : S_FETCH;
                end
            end
            S_ERR: begin
                tx_data = (byte_q == 2'd0) ? ecode_q : cmd_q;
                if (tx_ready) begin
                    tx_valid = 1'b1;
                    crc_d    = crc8(crc_q, tx_data);
                    byte_d   = byte_q + 2'd1;
                    if (byte_q == 2'd1) begin
                        byte_d  = 2'd0;
                        state_d = S_CRC;
                    end
                end
            end
            S_FETCH: begin
                if (left_q == 7'd0) begin
                    state_d = S_CRC;
                end else if (addr_cp) begin
                    word_d  = cp_rdata;
                    state_d = S_WORD;
                end else begin
                    state_d = S_FETCH_W;  // bus_re_o is high in this cycle
                end
            end
            S_FETCH_W: begin
                word_d  = bus_rdata_i;
                state_d = S_WORD;
            end
            S_WORD: begin
                tx_data = word_q[7:0];
                if (tx_ready) begin
                    tx_valid = 1'b1;
                    crc_d    = crc8(crc_q, tx_data);
                    word_d   = {8'd0, word_q[31:8]};
                    byte_d   = byte_q + 2'd1;
                    if (byte_q == 2'd3) begin
                        addr_d  = addr_q + 16'd1;
                        left_d  = left_q - 7'd1;
                        state_d = S_FETCH;
                    end
                end
            end
            default: begin  // S_CRC
                tx_data = crc_q;
                if (tx_ready) begin
                    tx_valid = 1'b1;
                    state_d  = S_HUNT;
                end
            end
        endcase

        // a frame left unfinished for TIMEOUT_CLKS cycles is abandoned with an ERROR reply
        if ((state_q == S_CMD || state_q == S_LEN || state_q == S_PAY || state_q == S_CHK) &&
            !rx_valid && tmo_q == TMO_LAST) begin
            status_d = ST_ERROR;
            ecode_d  = E_TIMEOUT;
            rlen_d   = 16'd2;
            byte_d   = 2'd0;
            crc_d    = 8'd0;
            state_d  = S_HDR;
            ntmo_d   = ntmo_q + 16'd1;
        end
    end

    always @(posedge clk_i) begin
        if (rst_i) begin
            state_q  <= S_HUNT;
            cmd_q    <= 8'd0;
            len_q    <= 8'd0;
            cnt_q    <= 8'd0;
            arg_q    <= 48'd0;
            crc_q    <= 8'd0;
            chk_ok_q <= 1'b0;
            tmo_q    <= {TW{1'b0}};
            status_q <= ST_OK;
            rlen_q   <= 16'd0;
            ecode_q  <= 8'd0;
            addr_q   <= 16'd0;
            base_q   <= 16'd0;
            left_q   <= 7'd0;
            count_q  <= 7'd0;
            word_q   <= 32'd0;
            byte_q   <= 2'd0;
            run_q    <= 1'b0;
            cyc_q    <= 32'd0;
            done_q   <= 1'b0;
            rst_q    <= RST_LEN;
            nbad_q   <= 16'd0;
            ntmo_q   <= 16'd0;
        end else begin
            state_q  <= state_d;
            cmd_q    <= cmd_d;
            len_q    <= len_d;
            cnt_q    <= cnt_d;
            arg_q    <= arg_d;
            crc_q    <= crc_d;
            chk_ok_q <= chk_ok_d;
            tmo_q    <= tmo_d;
            status_q <= status_d;
            rlen_q   <= rlen_d;
            ecode_q  <= ecode_d;
            addr_q   <= addr_d;
            base_q   <= base_d;
            left_q   <= left_d;
            count_q  <= count_d;
            word_q   <= word_d;
            byte_q   <= byte_d;
            run_q    <= run_d;
            cyc_q    <= cyc_d;
            done_q   <= done_d;
            rst_q    <= rst_d;
            nbad_q   <= nbad_d;
            ntmo_q   <= ntmo_d;
        end
    end
endmodule
