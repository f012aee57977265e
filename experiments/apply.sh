#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A measured variant, ready to run: a scratch git worktree at the commit the variant's patch was
# kept at (experiments/patches.txt), with the patch applied. The patches are not in the tree: each
# stays in the history at the commit it applies to, so no change of today's code has to carry
# them along. Usage:
#   bash experiments/apply.sh NOTE/NAME [DIR]    e.g. router-v2/wavefront (DIR: build/exp/NAME)
#   bash experiments/apply.sh --show NOTE/NAME   print the patch
#   bash experiments/apply.sh --list             every variant and its commit
# Then run, inside DIR, what the variant's design note says (make build/bin/tnsim, a script of
# experiments/NOTE/ ...). Remove the worktree with: git worktree remove --force DIR
set -euo pipefail
cd "$(dirname "$0")/.."
INDEX=experiments/patches.txt
usage() { sed -n '3,11p' "$0" >&2; exit 2; }
commit_of() { # commit_of NOTE/NAME: its commit, or a message and exit 2
    local c
    c=$(awk -v n="$1" '$1 == n { print $2 }' "$INDEX")
    [ -n "$c" ] || { echo "apply.sh: no variant '$1' in $INDEX; allowed: $(awk '!/^#/ { printf "%s ", $1 }' "$INDEX")" >&2; exit 2; }
    echo "$c"
}
[ $# -ge 1 ] || usage
case $1 in
--list) grep -v '^#' "$INDEX"; exit 0 ;;
--show) [ $# -eq 2 ] || usage; c=$(commit_of "$2"); git show "$c:experiments/$2.patch"; exit 0 ;;
-*) usage ;;
esac
name=$1
c=$(commit_of "$name")
dir=${2:-build/exp/${name//\//_}}
[ ! -e "$dir" ] || { echo "apply.sh: '$dir' exists; remove it first (git worktree remove --force $dir)" >&2; exit 2; }
git cat-file -e "$c^{commit}" 2>/dev/null ||
    { echo "apply.sh: commit $c is not in this clone (a shallow clone? git fetch --unshallow)" >&2; exit 1; }
mkdir -p "$(dirname "$dir")"
git worktree add --detach --quiet "$dir" "$c"
git show "$c:experiments/$name.patch" | git -C "$dir" apply -
echo "apply.sh: $name applied in $dir (at commit $c); see its design note for what to run there"
