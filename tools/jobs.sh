#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs a command's independent jobs on an engine and merges their results into what the command
# prints on one machine (docs/cluster.md).
#   tools/jobs.sh [OPTIONS] local|parallel|slurm -- COMMAND...
# COMMAND is one that lists, runs and merges its jobs: tnsim (run, sweep, sat: job=list,
# job=I jobdir=DIR, job=merge jobdir=DIR) or tb/checks/lockstep.sh LIST (--list, --job I --dir DIR,
# --merge DIR); a command with a word whose name starts with "tnsim" takes the first form, any
# other the second (--style kv|opt to say). The merge's standard output is this script's and its
# exit status this script's; the jobs' own output goes to DIR/job-I.log (slurm:
# DIR/slurm-ARRAYID_TASK.log, TASK = I less the part's offset).
# A job exits 0 when it wrote its result (a tnsim job also 1 when its run failed, as the run
# would): the merge, not the job's status, judges.
# Engines:
#   local     the jobs here, -j N at once (xargs; default 1)
#   parallel  GNU parallel, -j N at once a host (default: its cores), on this machine or, with
#             --sshlogin HOST (repeatable, passed through; ":" is this machine), over ssh: every
#             host must see this folder and DIR at the same paths (a shared file system)
#   slurm     one array job (sbatch --array=0-(N-1)), waited for (squeue polled every
#             TN_SLURM_POLL seconds, default 1), then merged;
#             --partition P, --time T, --cpus-per-task C, --max-running M (the array's %M),
#             --sbatch-arg ARG (repeatable) or TN_SLURM_PARTITION, TN_SLURM_TIME, TN_SLURM_CPUS,
#             TN_SLURM_MAX_RUNNING; arrays larger than TN_SLURM_MAX_ARRAY (1000, Slurm's default
#             MaxArraySize is 1001) are submitted in parts
# Options: --dir DIR (the results; default build/jobs/DATE-PID under this folder: on Slurm or
# over ssh it must be shared), -j N, --style kv|opt, --keep (keep DIR after a successful merge;
# by default it is kept, --clean removes it then).
# Exit status: the merge's (0; 1 when a run failed, as on one machine; 2 when a job has no usable
# result, each named on stderr), 2 for bad usage or a failed submission.
set -uo pipefail
me=jobs.sh
die() { echo "$me: error: $*" >&2; exit 2; }
usage() {
    sed -n '3,/^set /p' "$0" | sed -n 's/^# \{0,1\}//p' >&2
    exit 2
}
dir= par=1 par_set=0 style= clean=0
partition=${TN_SLURM_PARTITION:-} time_lim=${TN_SLURM_TIME:-} cpus=${TN_SLURM_CPUS:-1}
maxrun=${TN_SLURM_MAX_RUNNING:-} maxarray=${TN_SLURM_MAX_ARRAY:-1000}
sshlogins=() sbatch_args=()
while [ $# -gt 0 ]; do
    case $1 in
        --dir) dir=${2:?}; shift 2 ;;
        -j) par=${2:?}; par_set=1; shift 2 ;;
        --style) style=${2:?}; shift 2 ;;
        --clean) clean=1; shift ;;
        --keep) clean=0; shift ;;
        --partition) partition=${2:?}; shift 2 ;;
        --time) time_lim=${2:?}; shift 2 ;;
        --cpus-per-task) cpus=${2:?}; shift 2 ;;
        --max-running) maxrun=${2:?}; shift 2 ;;
        --sbatch-arg) sbatch_args+=("${2:?}"); shift 2 ;;
        --sshlogin|-S) sshlogins+=("${2:?}"); shift 2 ;;
        -h|--help) usage ;;
        -*) die "unknown option '$1'; allowed: --dir, -j, --style, --clean, --keep, --partition, --time, --cpus-per-task, --max-running, --sbatch-arg, --sshlogin (--help)" ;;
        *) break ;;
    esac
done
engine=${1:-}
case $engine in local|parallel|slurm) ;; *) die "the engine '${engine}' is not one of local, parallel, slurm (--help)" ;; esac
shift
[ "${1:-}" = -- ] || die "'--' must come before the command: $me $engine -- COMMAND..."
shift
[ $# -gt 0 ] || die "no command after '--'"
cmd=("$@")
[[ "$par" =~ ^[1-9][0-9]*$ ]] || die "-j '$par' is not allowed; allowed: a count 1, 2, ..."
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || die "--cpus-per-task '$cpus' is not allowed; allowed: 1, 2, ..."
[ -z "$maxrun" ] || [[ "$maxrun" =~ ^[1-9][0-9]*$ ]] || die "--max-running '$maxrun' is not allowed; allowed: 1, 2, ..."
if [ -z "$style" ]; then
    style=opt
    for w in "${cmd[@]}"; do
        case $(basename -- "$w") in tnsim*) style=kv; break ;; esac
    done
fi
case $style in kv|opt) ;; *) die "--style '$style' is not allowed; allowed: kv (tnsim) or opt (lockstep.sh)" ;; esac
# the job arguments of each form
list_args() { if [ $style = kv ]; then echo job=list; else echo --list; fi; }
job_args() { if [ $style = kv ]; then printf '%s\n' "job=$1" "jobdir=$2"; else printf '%s\n' --job "$1" --dir "$2"; fi; }
merge_args() { if [ $style = kv ]; then printf '%s\n' job=merge "jobdir=$1"; else printf '%s\n' --merge "$1"; fi; }

[ -n "$dir" ] || dir="$PWD/build/jobs/$(date +%Y%m%d-%H%M%S)-$$"
case $dir in /*) ;; *) dir="$PWD/$dir" ;; esac
mkdir -p "$dir" || die "cannot make the results folder '$dir'"

# the jobs: one line each, from the command itself
"${cmd[@]}" $(list_args) > "$dir/jobs.txt" 2> "$dir/list.err"
lrc=$?
if [ $lrc -ne 0 ]; then
    cat "$dir/list.err" >&2
    die "the command refused to list its jobs (exit $lrc): ${cmd[*]} $(list_args)"
fi
njobs=$(grep -c . "$dir/jobs.txt")
echo "$me: $njobs jobs of: ${cmd[*]}; engine $engine; results in $dir" >&2

# the command of job I as one shell line (each word quoted), for xargs, parallel and sbatch
q() { printf '%q ' "$@"; }
job_line() {
    local a
    mapfile -t a < <(job_args "$1" "$dir")
    printf 'cd %q && %s> %q 2>&1' "$PWD" "$(q "${cmd[@]}" "${a[@]}")" "$dir/job-$1.log"
}

ran=0
case $engine in
local)
    if [ "$njobs" -gt 0 ]; then
        for ((i = 0; i < njobs; i++)); do job_line "$i"; echo; done > "$dir/commands.sh"
        # each line a job; its exit status is in its log's job, the merge judges the results
        tr '\n' '\0' < "$dir/commands.sh" | xargs -0 -P "$par" -n 1 bash -c 'eval "$1"; true' _
    fi
    ran=1
    ;;
parallel)
    command -v parallel >/dev/null || die "GNU parallel is not installed (apt-get install parallel)"
    if [ "$njobs" -gt 0 ]; then
        for ((i = 0; i < njobs; i++)); do job_line "$i"; echo; done > "$dir/commands.sh"
        pargs=(--will-cite --halt never --joblog "$dir/parallel.log")
        [ $par_set -eq 1 ] && pargs+=(-j "$par")
        for s in "${sshlogins[@]+"${sshlogins[@]}"}"; do pargs+=(--sshlogin "$s"); done
        parallel "${pargs[@]}" < "$dir/commands.sh"
        prc=$?
        [ $prc -eq 0 ] || echo "$me: GNU parallel: $prc jobs exited non-zero (their logs: $dir/job-I.log); merging what there is" >&2
    fi
    ran=1
    ;;
slurm)
    command -v sbatch >/dev/null || die "sbatch is not installed (Slurm's client: apt-get install slurm-client)"
    if [ "$njobs" -gt 0 ]; then
        # one batch script: job offset + SLURM_ARRAY_TASK_ID, its command quoted here
        {
            echo '#!/usr/bin/env bash'
            echo "# $me: the jobs of: $(q "${cmd[@]}")"
            echo 'i=$(( ${TN_JOB_OFFSET:-0} + SLURM_ARRAY_TASK_ID ))'
            printf 'cd %q || exit 2\n' "$PWD"
            if [ $style = kv ]; then
                printf 'exec %s job="$i" jobdir=%q\n' "$(q "${cmd[@]}")" "$dir"
            else
                printf 'exec %s --job "$i" --dir %q\n' "$(q "${cmd[@]}")" "$dir"
            fi
        } > "$dir/array.sh"
        chmod +x "$dir/array.sh"
        sargs=(--parsable --job-name "tn-jobs" --cpus-per-task "$cpus"
               --output "$dir/slurm-%A_%a.log" --chdir "$PWD")
        [ -n "$partition" ] && sargs+=(--partition "$partition")
        [ -n "$time_lim" ] && sargs+=(--time "$time_lim")
        sargs+=("${sbatch_args[@]+"${sbatch_args[@]}"}")
        ids=()
        for ((off = 0; off < njobs; off += maxarray)); do
            last=$(( njobs - off < maxarray ? njobs - off - 1 : maxarray - 1 ))
            arr="0-$last${maxrun:+%$maxrun}"
            echo "$me: sbatch --array=$arr (jobs $off..$((off + last))) ${sargs[*]} $dir/array.sh" >&2
            id=$(sbatch --array="$arr" --export=ALL,TN_JOB_OFFSET=$off "${sargs[@]}" "$dir/array.sh" 2> "$dir/sbatch.err")
            src=$?
            id=${id%%;*}
            if [ $src -ne 0 ] || ! [[ "$id" =~ ^[0-9]+$ ]]; then
                cat "$dir/sbatch.err" >&2
                [ ${#ids[@]} -eq 0 ] || scancel "${ids[@]}" 2>/dev/null
                die "sbatch failed (exit $src): the array was not submitted"
            fi
            ids+=("$id")
        done
        # a signal to this script cancels the arrays it submitted
        trap 'scancel "${ids[@]}" 2>/dev/null; exit 130' INT TERM HUP
        # wait until no task of the arrays is pending or running (squeue lists them; a job
        # squeue no longer knows has ended); TN_SLURM_POLL seconds between looks (default 1)
        gone=0 fails=0
        while :; do
            sq=$(squeue -h -j "$(IFS=,; echo "${ids[*]}")" -o %i 2>&1)
            qrc=$?
            if [ $qrc -eq 0 ] && [ -z "$sq" ]; then break; fi
            if [ $qrc -ne 0 ]; then
                if grep -q 'Invalid job id' <<< "$sq"; then break; fi
                fails=$((fails + 1))
                [ $fails -lt 30 ] || die "squeue fails ($sq): cannot tell when array ${ids[*]} ends"
            else
                fails=0
            fi
            sleep "${TN_SLURM_POLL:-1}"
        done
        trap - INT TERM HUP
        echo "$me: array job ${ids[*]} ended" >&2
    fi
    ran=1
    ;;
esac
[ $ran -eq 1 ] || exit 2
mapfile -t margs < <(merge_args "$dir")
"${cmd[@]}" "${margs[@]}"
mrc=$?
[ $mrc -eq 0 ] && [ $clean -eq 1 ] && rm -rf "$dir"
exit $mrc
