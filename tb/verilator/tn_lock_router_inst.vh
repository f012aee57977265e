// SPDX-License-Identifier: MIT
// The tn_router of a lockstep top (tn_gal_lock_top, tn_acor_lock_top), wired to the top's router
// ports (tn_lock_router_ports.vh); its free adaptive ports go to the wire afree, which the top
// declares. Harness only.
    tn_router #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(TERM), .TOPO(TOPO),
                .ROUTING(ROUTING), .SEL(SEL), .PIPE(PIPE)) tn_router (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .ctx_i           (1'b0),
        .wctx_i          (1'b0),
        .nctx_i          (1'b0),
        .ctx_we_i        (1'b0),
        .coord_i         (coord_i),
        .cfg_buf_i       (cfg_buf_i),
        .cfg_acrd_i      (cfg_acrd_i),
        .cfg_route_i     (cfg_route_i),
        .cfg_sel_i       (cfg_sel_i),
        .cfg_dateline_i  (cfg_dateline_i),
        .cfg_transit_i   (cfg_transit_i),
        .seed_i          (seed_i),
        .in_valid_i      (in_valid_i),
        .in_vc_i         (in_vc_i),
        .in_flit_i       (in_flit_i),
        .in_crd_valid_o  (in_crd_valid_o),
        .in_crd_vc_o     (in_crd_vc_o),
        .out_valid_o     (out_valid_o),
        .out_vc_o        (out_vc_o),
        .out_flit_o      (out_flit_o),
        .out_crd_valid_i (out_crd_valid_i),
        .out_crd_vc_i    (out_crd_vc_i),
        .err_o           (err_o),
        .afree_o         (afree),
        .obs_o           (obs_o)
    );
