# SPDX-License-Identifier: MIT
# The board's control plane (issue 14, first slice), included by the Makefile: the host tool
# tnhost, and tnboard, the Verilated control plane (fpga/tn_ctrl.v under
# tb/verilator/tn_board_ctrl_top.v) on a pseudo-terminal. docs/board-guide.md describes both.

BOARD_RTL := fpga/tn_ctrl.v fpga/tn_uart_rx.v fpga/tn_uart_tx.v
TNHOST_SRC := $(wildcard fpga/host/*.c)
TNHOST_HDR := $(wildcard fpga/host/*.h)
# UART clock cycles per bit of the simulated board: the RTL parameter and tnboard's bit timing
BOARD_SIM_CPB := 4

build: build/bin/tnhost

.PHONY: board
board: setup-core build/bin/tnhost build/bin/tnboard ## build tnhost, tnboard (the control plane), tnboard-core (the whole board core), tnboard-ring (the ring build), tnboard-emu4x4 and tnboard-emu8x8 (the board core on the time-multiplexed engine), simulated on a pty

# tnhost links the C model (run: tnsim's keys and --compare)
build/bin/tnhost: $(TNHOST_SRC) $(TNHOST_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/bin
	$(CC) $(CFLAGS_PROG) $(INC) -Ifpga/host $(TNHOST_SRC) $(LIB_SRC) -lm -o $@

# the same with AddressSanitizer and UndefinedBehaviorSanitizer, for make test
build/san/tnhost: $(TNHOST_SRC) $(TNHOST_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/san
	$(CC) $(CFLAGS_SAN) $(INC) -Ifpga/host $(TNHOST_SRC) $(LIB_SRC) -lm -o $@

# tnhost's checks of a run against the board build, without a board (cmocka, sanitizers): the
# test links tnhost's sources with tnhost's main renamed
build/test/test_tnhost: tb/unit/test_tnhost.c tb/unit/tn_test.h $(TNHOST_SRC) $(TNHOST_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/test/tnhost_obj
	$(CC) $(CFLAGS_SAN) $(INC) -Ifpga/host -Dmain=tnhost_main -c fpga/host/tnhost.c -o build/test/tnhost_obj/tnhost.o
	$(CC) $(CFLAGS_SAN) $(INC) -Ifpga/host $< $(filter-out fpga/host/tnhost.c,$(TNHOST_SRC)) build/test/tnhost_obj/tnhost.o $(LIB_SRC) -lcmocka -lm -o $@

# VL_BOARD_DIR and VL_BOARD_SRC (the folder of BOARD_RTL's files) may be set on make's command
# line: make mutate's ctrl set builds each mutant's copy of fpga/ so (tb/checks/mutate.sh)
VL_BOARD_DIR ?= build/vl/board_ctrl
VL_BOARD_SRC ?= fpga
VL_BOARD_RTL := $(patsubst fpga/%,$(VL_BOARD_SRC)/%,$(BOARD_RTL))
VL_BOARD_DEPS := $(VL_BOARD_RTL) tb/verilator/tn_board_ctrl_top.v tb/verilator/tn_board_shim.cpp \
                 tb/verilator/tn_board_rtl.h tb/board/tnboard.c fpga/board.mk \
                 tb/verilator/tn_vl_model.h tb/verilator/tn_vl_context.h
build/bin/tnboard: $(VL_BOARD_DIR)/tnboard
	@mkdir -p build/bin
	cp $< $@
$(VL_BOARD_DIR)/tnboard: $(VL_BOARD_DEPS)
	@rm -rf $(VL_BOARD_DIR) && mkdir -p $(VL_BOARD_DIR)
	$(CC) $(CFLAGS_REL) -DTN_BOARD_CPB=$(BOARD_SIM_CPB) -Itb/verilator -c tb/board/tnboard.c \
	    -o $(VL_BOARD_DIR)/tnboard_main.o
	@rt=$$(bash tools/vlrt.sh "$(VL_UNIT_MK)") && verilator --cc --exe --build -O1 -j 2 -Wall $(VL_COV_V) $(VL_BOARD_VFLAGS) --top-module tn_board_ctrl_top \
	    -I$(VL_BOARD_SRC) -GCLKS_PER_BIT=$(BOARD_SIM_CPB) tb/verilator/tn_board_ctrl_top.v $(VL_BOARD_RTL) \
	    --Mdir $(VL_BOARD_DIR) -o tnboard \
	    -CFLAGS "-I$(CURDIR)/tb/verilator" \
	    -LDFLAGS "$(CURDIR)/$(VL_BOARD_DIR)/tnboard_main.o $(CURDIR)/$$rt" \
	    -MAKEFLAGS "$(VL_UNIT_MK) VK_GLOBAL_OBJS=$(VL_COV_O)" \
	    $(CURDIR)/tb/verilator/tn_board_shim.cpp > $(VL_BOARD_DIR).log 2>&1 || { tail -30 $(VL_BOARD_DIR).log >&2; exit 1; }

# The board core (fpga/tn_board.v: tn_ctrl, registers, tn_torus, a tn_source and tn_sink per node)
# Verilated whole as tnboard-core, tb/board/tnboard.c on a pty like tnboard. Simulation build:
# V=4 ROUTING=3 (DOR, MIN AD, VAL and GOAL at run time) with GAL's network interfaces (GAL=1,
# 16 packets per quadrant queue: tnhost asks gal_qdepth=16) and ACOR's level machines (ACOR=1),
# B=4 W=16, the UART at BOARD_SIM_CPB. tnboard-ring is the same at K=8 N=1 B=8 (the ring build).
BOARD_CORE_RTL := fpga/tn_board.v fpga/tn_board_emu.v fpga/tn_board_pick.v rtl/emu/tn_emu_torus.v rtl/ni/tn_source.v rtl/ni/tn_sink.v rtl/ni/tn_traffic.v \
                  rtl/ni/tn_gal_ni.v rtl/ni/tn_gal_quad.v rtl/ni/tn_gal_arb.v rtl/ni/tn_acor.v \
                  rtl/net/tn_torus.v $(wildcard rtl/router/*.v) rtl/common/tn_rng.v rtl/common/tn_ctx_reg.v rtl/common/tn_cut.v \
                  rtl/common/tn_rr_arbiter.v rtl/common/tn_defs.vh rtl/common/tn_salt.vh rtl/common/tn_faults.vh
BOARD_SIM_COMMON := -GV=4 -GW=16 -GROUTING=3 -GGAL=1 -GGQD=16 -GACOR=1 \
                    -GCLKS_PER_BIT=$(BOARD_SIM_CPB) -GTIMEOUT_CLKS=100000
BOARD_SIM_PARAMS := -GK=4 -GN=2 -GB=4 $(BOARD_SIM_COMMON)
# VL_CORE_DIR and VL_CORE_SRC (the folder of fpga/tn_board.v) may be set on make's command line:
# make mutate's board set builds each mutant's copy of tn_board.v so (tb/checks/mutate.sh)
VL_CORE_DIR ?= build/vl/board_core
VL_CORE_SRC ?= fpga
VL_CORE_DEPS := $(VL_CORE_SRC)/tn_board.v $(filter-out fpga/tn_board.v,$(BOARD_CORE_RTL)) $(BOARD_RTL) \
                tb/verilator/tn_board_shim.cpp tb/verilator/tn_board_rtl.h tb/board/tnboard.c \
                fpga/board.mk tb/verilator/tn_vl_model.h tb/verilator/tn_vl_context.h
# board_core_model DIR PARAMS: the Verilated board core DIR/tnboard-core at PARAMS
define board_core_model
	@rm -rf $(1) && mkdir -p $(1)
	$(CC) $(CFLAGS_REL) -DTN_BOARD_CPB=$(BOARD_SIM_CPB) -Itb/verilator -c tb/board/tnboard.c \
	    -o $(1)/tnboard_main.o
	@rt=$$(bash tools/vlrt.sh "$(VL_UNIT_MK)") && verilator --cc --exe --build -O1 -j 2 -Wall $(VL_COV_V) $(VL_CORE_VFLAGS) --top-module tn_board \
	    -I$(VL_CORE_SRC) -Ifpga -Irtl/common -Irtl/router -Irtl/ni -Irtl/net -Irtl/emu $(2) \
	    $(VL_CORE_SRC)/tn_board.v --Mdir $(1) -o tnboard-core \
	    -CFLAGS "-I$(CURDIR)/tb/verilator -DTN_BOARD_CORE" \
	    -LDFLAGS "$(CURDIR)/$(1)/tnboard_main.o $(CURDIR)/$$rt" \
	    -MAKEFLAGS "$(VL_UNIT_MK) VK_GLOBAL_OBJS=$(VL_COV_O)" \
	    $(CURDIR)/tb/verilator/tn_board_shim.cpp > $(1).log 2>&1 || { tail -30 $(1).log >&2; exit 1; }
endef
build/bin/tnboard-core: $(VL_CORE_DIR)/tnboard-core
	@mkdir -p build/bin
	cp $< $@
$(VL_CORE_DIR)/tnboard-core: $(VL_CORE_DEPS)
	$(call board_core_model,$(VL_CORE_DIR),$(BOARD_SIM_PARAMS))
# The 8-node ring build (K=8 N=1 and 8-flit buffers, otherwise the same parameters): the
# simulation of what `FREQ=18 K=8 N=1 B=8 V=4 ROUTING=3 GAL=1 ACOR=1 make fpga` puts on the
# board (docs/board-guide.md, "The ring build"); tb/checks/board_core_test.sh compares it with the
# C model too
build/bin/tnboard-ring: build/vl/board_ring/tnboard-core
	@mkdir -p build/bin
	cp $< $@
build/vl/board_ring/tnboard-core: $(VL_CORE_DEPS)
	$(call board_core_model,build/vl/board_ring,-GK=8 -GN=1 -GB=8 $(BOARD_SIM_COMMON))
board: build/bin/tnboard-core build/bin/tnboard-ring

# The ULX3S's parallel DOR build with PIPE=1 routers (K=4 N=2 V=2 ROUTING=0 B=4 W=16 PIPE=1: what
# `PIPE=1 make fpga` puts on the board, docs/board-guide.md "PIPE=1"); tb/checks/board_core_test.sh
# (BOARD_CORE_SET=pipe) compares it with the C model's pipe=1
build/bin/tnboard-pipe: build/vl/board_pipe/tnboard-core
	@mkdir -p build/bin
	cp $< $@
build/vl/board_pipe/tnboard-core: $(VL_CORE_DEPS)
	$(call board_core_model,build/vl/board_pipe,-GK=4 -GN=2 -GB=4 -GV=2 -GW=16 -GROUTING=0 -GPIPE=1 -GCLKS_PER_BIT=$(BOARD_SIM_CPB) -GTIMEOUT_CLKS=100000)
board: build/bin/tnboard-pipe

# The 4x4 board core on the time-multiplexed engine (tn_board's ENGINES = 2, STAGES = 2: two
# engines of 8 contexts, fpga/tn_board_emu.v), otherwise the parameters of tnboard-core: what
# `make fpga`'s emulator build puts on the ULX3S; tb/checks/board_core_test.sh compares it with the
# C model as it does tnboard-core (TNBOARD_CORE=build/bin/tnboard-emu4x4)
build/bin/tnboard-emu4x4: build/vl/board_emu4x4/tnboard-core
	@mkdir -p build/bin
	cp $< $@
build/vl/board_emu4x4/tnboard-core: $(VL_CORE_DEPS)
	$(call board_core_model,build/vl/board_emu4x4,$(BOARD_SIM_PARAMS) -GENGINES=2 -GSTAGES=2)
board: build/bin/tnboard-emu4x4
# The 8x8 (paper 000's network) on two engines of 32 contexts, GAL's queues of 8 packets: the
# simulation of `make fpga BUILD=emu8x8`'s parameters; make regress compares it with the C model
# (tb/checks/board_fuzz.py --emu8x8)
build/bin/tnboard-emu8x8: build/vl/board_emu8x8/tnboard-core
	@mkdir -p build/bin
	cp $< $@
build/vl/board_emu8x8/tnboard-core: $(VL_CORE_DEPS)
	$(call board_core_model,build/vl/board_emu8x8,-GK=8 -GN=2 -GB=4 -GV=4 -GW=16 -GROUTING=3 -GGAL=1 -GGQD=8 -GACOR=1 -GCLKS_PER_BIT=$(BOARD_SIM_CPB) -GTIMEOUT_CLKS=100000 -GENGINES=2 -GSTAGES=2)
board: build/bin/tnboard-emu8x8

# Verilated unit test of tn_source alone against the C model's generator (tb/unit/vl_source.c,
# TAP); tb/verilator/tn_source_shim.cpp its only C++. K=4 N=2 V=VL_SRC_V=4 (the simulated board's;
# the round robin over VCs is modular arithmetic that V=2 would not test) B=8 W=16 ROUTING=3 QD=64 NODE=5.
# VL_SRC_DIR and VL_SRC_RTL (the RTL's folder) may be set on make's command line: make mutate's
# source set builds each mutant's copy of rtl/ so (tb/checks/mutate.sh)
VL_SRC_DIR ?= build/vl/source
VL_SRC_RTL ?= rtl
VL_SRC_V := 4
VL_SRC_DEPS := $(VL_SRC_RTL)/ni/tn_source.v $(VL_SRC_RTL)/ni/tn_traffic.v $(VL_SRC_RTL)/common/tn_ctx_reg.v \
               $(VL_SRC_RTL)/common/tn_defs.vh $(VL_SRC_RTL)/common/tn_faults.vh \
               tb/verilator/tn_source_shim.cpp tb/verilator/tn_source_rtl.h tb/unit/vl_source.c tb/unit/vl_tap.h \
               build/obj/libtn.a $(LIB_HDR) fpga/board.mk tb/verilator/tn_vl_model.h \
               tb/verilator/tn_vl_context.h
$(VL_SRC_DIR)/vl_source: $(VL_SRC_DEPS)
	@rm -rf $(VL_SRC_DIR) && mkdir -p $(VL_SRC_DIR)
	$(CC) $(CFLAGS_REL) $(INC) -Itb/verilator -DTN_SRC_V=$(VL_SRC_V) -c tb/unit/vl_source.c -o $(VL_SRC_DIR)/vl_source_main.o
	@rt=$$(bash tools/vlrt.sh "$(VL_UNIT_MK)") && verilator --cc --exe --build -O1 -j 2 -Wall $(VL_COV_V) $(VL_SRC_VFLAGS) --top-module tn_source \
	    -I$(VL_SRC_RTL)/ni -I$(VL_SRC_RTL)/common \
	    -GK=4 -GN=2 -GV=$(VL_SRC_V) -GB=8 -GW=16 -GROUTING=3 -GQD=64 -GNODE=5 $(VL_SRC_RTL)/ni/tn_source.v \
	    --Mdir $(VL_SRC_DIR) -o vl_source \
	    -CFLAGS "-I$(CURDIR)/tb/verilator" \
	    -LDFLAGS "$(CURDIR)/$(VL_SRC_DIR)/vl_source_main.o $(CURDIR)/build/obj/libtn.a -lm $(CURDIR)/$$rt" \
	    -MAKEFLAGS "$(VL_UNIT_MK) VK_GLOBAL_OBJS=$(VL_COV_O)" \
	    $(CURDIR)/tb/verilator/tn_source_shim.cpp > $(VL_SRC_DIR).log 2>&1 || { tail -30 $(VL_SRC_DIR).log >&2; exit 1; }

# Verilated unit test of tn_sink alone (tb/unit/vl_sink.c, TAP): its statistics against figures
# worked out from the flits sent, and each error detector broken once; tb/verilator/tn_sink_shim.cpp
# its only C++. The bitstream's K=4 N=2 V=2 W=16 ROUTING=0, NODE=5. VL_SNK_DIR and VL_SNK_RTL may
# be set on make's command line (make mutate's sink set).
VL_SNK_DIR ?= build/vl/sink
VL_SNK_RTL ?= rtl
VL_SNK_DEPS := $(VL_SNK_RTL)/ni/tn_sink.v $(VL_SNK_RTL)/common/tn_ctx_reg.v $(VL_SNK_RTL)/common/tn_defs.vh $(VL_SNK_RTL)/common/tn_faults.vh \
               tb/verilator/tn_sink_shim.cpp tb/verilator/tn_sink_rtl.h tb/unit/vl_sink.c tb/unit/vl_tap.h \
               build/obj/libtn.a $(LIB_HDR) fpga/board.mk tb/verilator/tn_vl_model.h \
               tb/verilator/tn_vl_context.h
$(VL_SNK_DIR)/vl_sink: $(VL_SNK_DEPS)
	@rm -rf $(VL_SNK_DIR) && mkdir -p $(VL_SNK_DIR)
	$(CC) $(CFLAGS_REL) $(INC) -Itb/verilator -c tb/unit/vl_sink.c -o $(VL_SNK_DIR)/vl_sink_main.o
	@rt=$$(bash tools/vlrt.sh "$(VL_UNIT_MK)") && verilator --cc --exe --build -O1 -j 2 -Wall $(VL_COV_V) $(VL_SNK_VFLAGS) --top-module tn_sink \
	    -I$(VL_SNK_RTL)/ni -I$(VL_SNK_RTL)/common \
	    -GK=4 -GN=2 -GV=2 -GW=16 -GROUTING=0 -GNODE=5 $(VL_SNK_RTL)/ni/tn_sink.v \
	    --Mdir $(VL_SNK_DIR) -o vl_sink \
	    -CFLAGS "-I$(CURDIR)/tb/verilator" \
	    -LDFLAGS "$(CURDIR)/$(VL_SNK_DIR)/vl_sink_main.o $(CURDIR)/build/obj/libtn.a -lm $(CURDIR)/$$rt" \
	    -MAKEFLAGS "$(VL_UNIT_MK) VK_GLOBAL_OBJS=$(VL_COV_O)" \
	    $(CURDIR)/tb/verilator/tn_sink_shim.cpp > $(VL_SNK_DIR).log 2>&1 || { tail -30 $(VL_SNK_DIR).log >&2; exit 1; }
