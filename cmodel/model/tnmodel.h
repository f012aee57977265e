/* SPDX-License-Identifier: MIT */
/* tnmodel's command line: its key table (the model's keys with tnsim's names, the fixes of the
 * printed equations, the rates), the parser, the usage text (args.c); the program (tnmodel.c). */
#ifndef TNMODEL_H
#define TNMODEL_H

#include <stddef.h>
#include <stdio.h>
#include "tn_cli.h"
#include "tn_hotspot.h"

#define TNMODEL_MAX_RATES 64

typedef struct tnmodel_opts {
    tn_hs_params p;
    const char *mode;     /* "run" or "sweep" */
    double rate;          /* run: messages/node/cycle */
    int rate_set;
    double rates[TNMODEL_MAX_RATES]; /* sweep */
    int nrates;
    double tol;           /* lambda_sat's bisection, relative */
    int json;
} tnmodel_opts;

/* Parse argv[1..argc): [run|sweep] key=value ... [--config FILE] [--json] [--help|--keys].
 * Returns 0; 1 for --help or --keys (the caller prints tnmodel_usage and exits 0); -1 with err
 * naming the key, the value and the allowed range (TN_CLI_ERRLEN is enough). */
int tnmodel_parse(tnmodel_opts *o, int argc, char **argv, char *err, size_t errlen);
/* The usage text, or after --keys the key table alone (tab-separated: key, default, allowed,
 * help; a header line first). */
void tnmodel_usage(FILE *f);

#endif
