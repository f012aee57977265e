/* SPDX-License-Identifier: MIT */
/* libFuzzer target: tnmodel's command line (tnmodel_parse), then on what it accepts the model
 * itself (tn_hs_new, tn_hs_solve at each rate, tn_hs_sat), as tnmodel runs them.
 *
 * The input is argv after the program's name: words separated by newlines (or NUL bytes), as
 * fuzz_kv's. The word after "--config" is replaced by "" (a file that cannot be opened): this
 * target must not open files the fuzzer names. The solve's iterations are capped at 100 and the
 * bisection's tolerance at 1e-3 or more, and at most 4 rates are solved, so that an input stays
 * well under the per-input timeout. Checks beyond the sanitizers (fuzz_util.h): every refusal
 * has a terminated message without control bytes; a converged solve's latency is finite and,
 * with the F5 clamp, at least the zero-load latency; lambda_sat lies in 0..1. */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "tnmodel.h"
#include "fuzz_util.h"

#define MODEL_MAX_LEN 4096
#define MODEL_MAX_WORDS 256

static void solve_checked(tn_hs_model *m, const tn_hs_params *p, double rate)
{
    tn_hs_result r;
    if (tn_hs_solve(m, rate, &r) != TN_HS_OK)
        return;
    if (!isfinite(r.latency))
        fuzz_fail("tn_hs_solve converged at rate %g to a latency that is not finite", rate);
    if (p->fix_eq16 && r.latency < tn_hs_zero_load(p) - 1e-9)
        fuzz_fail("tn_hs_solve at rate %g: latency %g below the zero-load latency %g", rate,
                  r.latency, tn_hs_zero_load(p));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[MODEL_MAX_LEN + 1], prog[] = "tnmodel";
    char *argv[MODEL_MAX_WORDS + 2];
    int argc = fuzz_argv(data, size, buf, MODEL_MAX_LEN, prog, argv, MODEL_MAX_WORDS);

    tnmodel_opts o;
    char err[TN_CLI_ERRLEN];
    fuzz_err_reset(err, sizeof err);
    int rc = tnmodel_parse(&o, argc, argv, err, sizeof err);
    if (rc < 0) {
        fuzz_check_msg("tnmodel_parse", err, sizeof err);
        return 0;
    }
    if (rc > 0) {
        FILE *f = fopen("/dev/null", "w"); /* the usage (--keys state is cleared by it) */
        if (f) {
            tnmodel_usage(f);
            fclose(f);
        }
        return 0;
    }
    if (o.p.iter_max > 100)
        o.p.iter_max = 100;
    fuzz_err_reset(err, sizeof err);
    tn_hs_model *m = tn_hs_new(&o.p, err, sizeof err);
    if (!m) {
        fuzz_check_msg("tn_hs_new", err, sizeof err);
        return 0;
    }
    if (!strcmp(o.mode, "sweep"))
        for (int i = 0; i < o.nrates && i < 4; i++)
            solve_checked(m, &o.p, o.rates[i]);
    else
        solve_checked(m, &o.p, o.rate);
    double sat = tn_hs_sat(m, o.tol > 1e-3 ? o.tol : 1e-3, NULL);
    if (!(sat >= 0 && sat <= 1))
        fuzz_fail("tn_hs_sat returned %g, outside 0..1", sat);
    tn_hs_free(m);
    return 0;
}
