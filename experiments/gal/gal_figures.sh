#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every figure of paper 000 that issue 6 asks for, from the C model (tnsim): the 8-node ring
# under tornado (Fig. 4), the 8-ary 2-cube report card (Table IV, with COUNT random
# permutations), the throughput-over-time runs (Figs. 13 and 14) and the latency/hop histograms
# of the three pairs (Figs. 10-12). Markdown tables in results/gal/*.md, plots as PNG beside
# them. Usage: bash experiments/gal/gal_figures.sh [COUNT] (default 8; 1000 is the paper's sample, about
# a day on 2 cores). Figures only, never pass/fail.
set -euo pipefail
cd "$(dirname "$0")/../.."
COUNT=${1:-8}
mkdir -p results/gal
echo "== 8-node ring, tornado (term=2 transit=on) =="
bash experiments/gal/gal_ring.sh | tee results/gal/ring.md
echo "== report card, 8-ary 2-cube ($COUNT permutations) =="
bash experiments/gal/report_card.sh "$COUNT" | tee results/gal/report_card.md
echo "== throughput over time =="
bash experiments/gal/gal_stability.sh | tee results/gal/stability.md
echo "== pairs at uniform 0.2 =="
bash experiments/gal/gal_pairs.sh | tee results/gal/pairs.md
