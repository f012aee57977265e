// SPDX-License-Identifier: MIT
// R19.4.2's salt: murmur3's 32-bit finaliser of (i + 1) * 0x9E3779B9 (C: tn_router_seed in
// cmodel/hw/select.c). Included inside the modules that seed a stream: tn_torus (the routers'
// RNG, i = node) and tb/verilator/tn_acor_lock_top.v (ACOR's streams, i = K^N + node*TERM + e,
// R23.3.1). A function, so no include guard: each including module gets its own copy;
// automatic, so that each call (one per generate copy) has its own h (no shared variable).
function automatic [31:0] tn_salt;
    input [31:0] i;
    reg [31:0] h;
    begin
        h = (i + 32'd1) * 32'h9E3779B9;
        h = h ^ (h >> 16);
        h = h * 32'h85EBCA6B;
        h = h ^ (h >> 13);
        h = h * 32'hC2B2AE35;
        tn_salt = h ^ (h >> 16);
    end
endfunction
