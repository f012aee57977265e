# SPDX-License-Identifier: MIT
# tn: every entry point. `make help` lists the targets.
SHELL := /bin/bash
CC ?= gcc
CSTD := -std=c11 -Wall -Wextra -Werror
CFLAGS_REL := $(CSTD) -O2 -g
CFLAGS_SAN := $(CSTD) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
INC := -Icmodel/include -Icmodel/src

LIB_SRC := $(wildcard cmodel/src/*.c)
LIB_HDR := $(wildcard cmodel/include/*.h cmodel/src/*.h)
TEST_SRC := $(wildcard tb/unit/test_*.c)
TEST_BIN := $(patsubst tb/unit/%.c,build/test/%,$(TEST_SRC))

.PHONY: help setup build run test bench clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | awk -F'\t' '{printf "  make %-8s %s\n", $$1, $$2}'

setup: ## install what is missing (Debian packages, Python modules); quiet when present
	@bash scripts/setup.sh

build: build/bin/tnsim ## build every program into build/bin/

build/bin/tnsim: cmodel/cli/tnsim.c $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/bin
	$(CC) $(CFLAGS_REL) $(INC) cmodel/cli/tnsim.c $(LIB_SRC) -lm -o $@

build/san/tnsim: cmodel/cli/tnsim.c $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/san
	$(CC) $(CFLAGS_SAN) $(INC) cmodel/cli/tnsim.c $(LIB_SRC) -lm -o $@

build/test/%: tb/unit/%.c tb/unit/tn_test.h $(LIB_SRC) $(LIB_HDR)
	@mkdir -p build/test
	$(CC) $(CFLAGS_SAN) $(INC) $< $(LIB_SRC) -lcmocka -lm -o $@

run: setup build ## main job: DOR on 4x4 and 8x8 tori, uniform and tornado; table, CSV and plot in results/
	@bash scripts/run.sh

test: setup ## unit tests and simulator checks (ASan+UBSan); ends with "N passed, N failed"
	@$(MAKE) --no-print-directory $(TEST_BIN) build/san/tnsim build/bin/tnsim >/dev/null
	@bash scripts/run_tests.sh $(TEST_BIN)

bench: setup build ## simulated cycles/s and flit-hops/s of tnsim (median of runs); never fails on time
	@bash scripts/bench.sh

clean: ## remove build/ and results/
	rm -rf build results
