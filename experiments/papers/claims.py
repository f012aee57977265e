# SPDX-License-Identifier: MIT
"""The checkable claims of papers 000, 001, 003 and 004, one row each, for make papers
(experiments/papers/papers.py; docs/papers.md says how a row is written).

A claim is a dict:
  id        short unique name, "<paper>-<topic>-..."
  paper     "000", "001", "003" or "004"
  where     the table, figure or section of the paper
  statement the paper's statement (quoted or closely paraphrased)
  rule      "=", ">=", "<=" or "in": how tn's value is held against the paper's
  pv        the paper's value (a number; for "in" a pair (lo, hi))
  tol       the tolerance, in the value's unit
  tol_src   where the tolerance comes from
  unit      the value's unit
  config    the tn configuration, as a command line (tnsim/tnmodel keys)
  how       how tn's value is computed from the jobs
  jobs      {name: Job}: the commands to run (one per replication)
  value     f(R) -> (mean, ci95): R[name] is the list of the job's parsed outputs, one per
            replication; or a string "not run: ..." (e.g. an input file that is missing)
  cannot    instead of jobs/value: "cannot express: <what differs and why>"

verdict() is the one rule for holds/differs; the page check (check_page.py) recomputes it from the
page's own cells.
"""
import csv
import math
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# ---------------------------------------------------------------------------------------------
# statistics


def t975(df):
    """Student's t, 97.5 % quantile, df degrees of freedom (the factor of tnsim's ci95)"""
    table = [12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004,
             2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905,
             2.109816, 2.100922, 2.093024, 2.085963]
    if df <= len(table):
        return table[df - 1]
    z = 1.959964
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df)


def summary(xs):
    """(mean, half-width of the 95 % interval) of the replications xs; 0 for one replication"""
    xs = [float(x) for x in xs]
    n = len(xs)
    if n == 0:
        raise ValueError("no replication")
    m = sum(xs) / n
    if n == 1:
        return m, 0.0
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, t975(n - 1) * sd / math.sqrt(n)


def spread(xs):
    """sample standard deviation / mean"""
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) / m


def verdict(rule, pv, tol, v, ci):
    """'holds' or 'differs': tn's interval [v - ci, v + ci] widened by tol meets the paper's
    value (=), lies at or above it (>=: some of it), at or below it (<=), or meets [lo, hi] (in)"""
    if rule == "=":
        ok = abs(v - pv) <= tol + ci
    elif rule == ">=":
        ok = v + ci >= pv - tol
    elif rule == "<=":
        ok = v - ci <= pv + tol
    elif rule == "in":
        lo, hi = pv
        ok = v + ci >= lo - tol and v - ci <= hi + tol
    else:
        raise ValueError("rule %r" % rule)
    return "holds" if ok else "differs"


# ---------------------------------------------------------------------------------------------
# jobs


class Job:
    """One command, run once per replication: prog is 'tnsim', 'tnmodel' or 'ideal'; keys the
    key=value words; reps the replications (seed=i, with perm also perm_seed=i); series: the run
    writes a series CSV (series=FILE is added per replication by the runner)"""

    def __init__(self, prog, sub, keys, reps=1, perm=False, series=False, pair=False):
        self.prog, self.sub, self.keys = prog, sub, list(keys)
        self.reps, self.perm, self.series, self.pair = reps, perm, series, pair

    def commands(self):
        out = []
        for i in range(1, self.reps + 1):
            k = list(self.keys)
            if self.prog == "tnsim" and self.sub != "check":
                k.append("seed=%d" % i)
                if self.perm:
                    k.append("perm_seed=%d" % i)
            out.append(k)
        return out

    def shown(self):
        """the command line as the page shows it (replications as a range)"""
        if self.prog == "ideal":
            return "python3 experiments/gal/ideal_perm.py " + " ".join(self.keys)
        s = "%s %s %s" % (self.prog, self.sub, " ".join(self.keys))
        if self.prog == "tnsim" and self.sub != "check":
            s += " seed=1..%d" % self.reps
            if self.perm:
                s += " perm_seed=1..%d" % self.reps
            if self.series:
                s += " series=FILE"
        return s


def vals(R, name, field):
    return [float(r[field]) for r in R[name]]


def per_rep(R, names, f):
    """f applied to each replication's outputs of the jobs names (paired by replication)"""
    n = min(len(R[x]) for x in names)
    return [f(*[R[x][i] for x in names]) for i in range(n)]


def ratio(R, a, b, field):
    return summary(per_rep(R, [a, b], lambda x, y: float(x[field]) / float(y[field])))


def mean_of(R, name, field):
    return summary(vals(R, name, field))


# ---------------------------------------------------------------------------------------------
# the modes


class Mode:
    def __init__(self, quick, medium=False):
        self.quick, self.medium = quick, medium and not quick
        self.name = "quick" if quick else "medium" if self.medium else "full"
        if quick:
            self.win = ["warmup=200", "measure=1000", "drain=3000"]
            self.sat = ["tol=0.05"]
            self.run_reps, self.sat_reps, self.perms = 2, 2, 2
            self.k000 = 4
            self.nets001 = [(4, 2, "4x4"), (8, 2, "8x8"), (4, 3, "4x4x4")]
            self.pkt001 = 8
            self.pair_measure = 2000
            self.stab_cycles, self.fig14_cycles = 1200, 1200
            self.acor_k, self.acor_hi, self.acor_step, self.acor_cycles = 4, 128, 1024, 2048
        else:
            self.win = ["warmup=2000", "measure=10000"]
            self.sat = []
            self.run_reps, self.sat_reps, self.perms = 4, 2, 8
            self.k000 = 8
            self.nets001 = [(16, 2, "16x16"), (32, 2, "32x32"), (8, 3, "8x8x8")]
            self.pkt001 = 128
            self.pair_measure = 50000
            self.stab_cycles, self.fig14_cycles = 6000, 3600
            self.acor_k, self.acor_hi, self.acor_step, self.acor_cycles = 8, 1024, 8192, 24576
        if self.medium:
            # the full mode's networks and packets, half its windows and fewer replications:
            # for a busy machine (docs/papers.md)
            self.win = ["warmup=1000", "measure=5000"]
            self.run_reps, self.perms = 3, 4
            self.pair_measure = 20000
        self.reuse = None  # results/gal/report_card.csv's permutations, when reused


ALG = {"val": "VAL", "chaos": "CHAOS", "minad": "MIN AD", "goal": "GOAL", "gal": "GAL"}
PRIORS = {"val": 0.27, "chaos": 0.49, "minad": 0.47, "goal": 0.53, "gal": 0.53}
VCS = {"val": 4, "chaos": 3, "minad": 3, "goal": 3, "gal": 3}


def cannot(cid, paper, where, statement, why, rule="=", pv=None, unit="", config="-"):
    return dict(id=cid, paper=paper, where=where, statement=statement, rule=rule, pv=pv,
                tol=0.0, tol_src="-", unit=unit, config=config, how="-",
                cannot="cannot express: " + why)


# ---------------------------------------------------------------------------------------------
# paper 000: GAL


def reuse_report_card(M):
    """results/gal/report_card.csv of make gal (experiments/gal/report_card.sh, its defaults:
    8x8, pkt=4 buf=8 term=4 transit=on warmup=2000 measure=10000): {(routing, perm_seed): flits}
    when it holds at least M.perms permutations of every algorithm, else None"""
    path = os.path.join(ROOT, "results", "gal", "report_card.csv")
    if M.quick or M.medium or not os.path.exists(path):
        return None
    d = {}
    for r in csv.DictReader(open(path)):
        if r["traffic"] == "randperm":
            d[(r["routing"], int(r["perm_seed"]))] = float(r["sat_accepted_flits"])
    seeds = {a: sorted(p for (b, p) in d if b == a) for a in ALG}
    if min(len(s) for s in seeds.values()) < M.perms:
        return None
    common = set.intersection(*[set(s) for s in seeds.values()])
    if len(common) < M.perms:
        return None
    return {key: v for key, v in d.items() if key[1] in common}


def claims000(M):
    K = M.k000
    C = []
    base = ["k=%d" % K, "n=2", "selection=sq", "pkt=4", "buf=8", "term=4", "transit=on"] + M.win

    def rc(a, traffic, perm=False):
        keys = ["routing=%s" % a, "vcs=%d" % VCS[a]] + base + ["traffic=%s" % traffic] + M.sat
        if perm and not M.quick:
            # make gal's warm start (experiments/gal/report_card.sh PRIORS, docs/report-card-
            # speed.md): the same prior for every permutation, within tol of the full search
            keys.append("sat_hint=%s" % PRIORS[a])
        return Job("tnsim", "sat", keys, reps=M.perms if perm else M.sat_reps, perm=perm)

    cfg = "tnsim sat k=%d n=2 routing=R vcs=V selection=sq pkt=4 buf=8 term=4 transit=on %s" % (
        K, " ".join(M.win + M.sat))
    table4 = {"NN": ("neighbor", {"chaos": 8.0, "minad": 8.0, "goal": 4.7, "gal": 8.0}, 0.05),
              "TOR": ("tornado", {"chaos": 0.72, "minad": 0.66, "goal": 1.06, "gal": 1.06}, 0.005)}
    for key, (traffic, pvs, tol) in table4.items():
        for a, pv in pvs.items():
            C.append(dict(
                id="000-t4-%s-%s" % (key.lower(), a), paper="000", where="Table IV, Θ_%s" % key,
                statement="%s's saturation throughput on %s is %s × VAL's" % (ALG[a], traffic, pv),
                rule="=", pv=pv, tol=tol, tol_src="the paper's last digit",
                unit="ratio to VAL", config=cfg + " traffic=%s" % traffic,
                how="sat_accepted of %s / VAL's, per seed; mean ± 95 %% CI over %d seeds" % (
                    ALG[a], M.sat_reps),
                jobs={"a": rc(a, traffic), "v": rc("val", traffic)},
                value=lambda R: ratio(R, "a", "v", "sat_accepted")))
    # AVG over random permutations, reused from make gal's CSV when it has enough of them
    reuse = reuse_report_card(M)
    M.reuse = reuse
    for a, pv, tol in (("chaos", 1.1, 0.05), ("minad", 1.3, 0.05), ("goal", 1.35, 0.005),
                       ("gal", 1.44, 0.005)):
        c = dict(id="000-t4-avg-%s" % a, paper="000", where="Table IV, Θ_avg",
                 statement="%s's mean saturation throughput over random permutations is %s × "
                 "VAL's (1000 permutations)" % (ALG[a], pv),
                 rule="=", pv=pv, tol=tol, tol_src="the paper's last digit", unit="ratio to VAL",
                 config=cfg + " traffic=randperm")
        if reuse:
            seeds = sorted(p for (b, p) in reuse if b == a)
            xs = [reuse[(a, p)] / reuse[("val", p)] for p in seeds]
            c["how"] = ("results/gal/report_card.csv (make gal, %d permutations): per permutation "
                        "%s / VAL; mean ± 95 %% CI" % (len(xs), ALG[a]))
            c["jobs"] = {}
            c["value"] = (lambda xs: lambda R: summary(xs))(xs)
        else:
            c["how"] = ("per permutation (perm_seed=i) sat_accepted of %s / VAL's; mean ± 95 %% CI "
                        "over %d permutations" % (ALG[a], M.perms))
            c["jobs"] = {"a": rc(a, "randperm", True), "v": rc("val", "randperm", True)}
            c["value"] = lambda R: ratio(R, "a", "v", "sat_accepted")
        C.append(c)
    for a in ("chaos", "minad", "goal", "gal"):
        C.append(cannot("000-t4-hs-%s" % a, "000", "Table IV, Θ_HS; §IV-F, Fig. 15",
                        "%s's throughput on HS is %s × VAL's" % (
                            ALG[a], {"chaos": 1.88, "minad": 1.84, "goal": 1.84, "gal": 1.96}[a]),
                        "HS is five clustered hot nodes on a bit-complement background; tnsim's "
                        "traffic=hotspot draws its background uniformly (no hot spot over another "
                        "pattern)", pv={"chaos": 1.88, "minad": 1.84, "goal": 1.84,
                                        "gal": 1.96}[a], unit="ratio to VAL"))
    C.append(cannot("000-hs-gal-minad", "000", "§IV-F, Fig. 15",
                    "GAL outperforms MIN AD on HS by 6.5 %", "the HS pattern (see 000-t4-hs-*)",
                    pv=1.065, unit="ratio"))
    # R28: all algorithms similar on BC
    C.append(dict(
        id="000-bc-similar", paper="000", where="§IV-F, Fig. 15",
        statement="on bit complement (HS's background) all the algorithms give similar performance",
        rule="<=", pv=1.10, tol=0.0, tol_src="stated reason: 'similar' read as within 10 %",
        unit="max/min", config=cfg + " traffic=bitcomp",
        how="per seed the largest / the smallest sat_accepted of the five algorithms",
        jobs={a: rc(a, "bitcomp") for a in ALG},
        value=lambda R: summary(per_rep(R, list(ALG), lambda *xs: max(
            float(x["sat_accepted"]) for x in xs) / min(float(x["sat_accepted"]) for x in xs)))))
    # Stab: accepted at the top of the range / at saturation, uniform
    for a in ALG:
        stable = a != "chaos"
        C.append(dict(
            id="000-t4-stab-%s" % a, paper="000", where="Table IV, Stab",
            statement="%s is %s past saturation" % (ALG[a], "stable" if stable else "not stable"),
            rule=">=" if stable else "<=", pv=0.9, tol=0.0,
            tol_src="stated reason: stable = keeps 90 % of its saturation throughput at the top "
            "of the range (issue 12's target, docs/acor.md)", unit="overload/sat",
            config=cfg + " traffic=uniform",
            how="overload_accepted / sat_accepted per seed (uniform); mean ± 95 % CI",
            jobs={"a": rc(a, "uniform")},
            value=lambda R: summary(per_rep(R, ["a"], lambda x: float(x["overload_accepted"]) /
                                            float(x["sat_accepted"])))))
    # the ring (section II, III-A, Figs. 2-4)
    rbase = ["k=8", "n=1", "selection=sq", "pkt=4", "buf=8", "term=2", "transit=on"] + M.win
    rcfg = "tnsim sat k=8 n=1 routing=R vcs=V selection=sq pkt=4 buf=8 term=2 transit=on " + \
        " ".join(M.win + M.sat)

    def ring(a, traffic, sub="sat", load=None):
        keys = ["routing=%s" % a, "vcs=%d" % VCS[a]] + rbase + ["traffic=%s" % traffic]
        keys += M.sat if sub == "sat" else ["load=%s" % load]
        return Job("tnsim", sub, keys, reps=M.sat_reps if sub == "sat" else M.run_reps)

    stol, ssrc = 0.015, "the paper's last digit (0.005) + sat's search tolerance (0.01)"
    for cid, a, tr, pv, where, st in (
            ("000-ring-minad-tor", "minad", "tornado", 1 / 3, "§II-A, Fig. 3",
             "a minimal algorithm carries tornado at Θ = 1/3 (62.5 % of the ideal 8/15)"),
            ("000-ring-chaos-tor", "chaos", "tornado", 0.36, "§II-B", "CHAOS: Θ = 0.36 on tornado"),
            ("000-ring-goal-tor", "goal", "tornado", 8 / 15, "§II-C",
             "GOAL reaches the optimal 8/15 = 0.53 on tornado"),
            ("000-ring-gal-tor", "gal", "tornado", 8 / 15, "§III-A, Fig. 4",
             "GAL's accepted throughput rises to the optimal value of 0.53 on tornado"),
            ("000-ring-minad-nn", "minad", "neighbor", 2.0, "§II-A", "minimal routing: Θ = 2 on NN"),
            ("000-ring-chaos-nn", "chaos", "neighbor", 2.0, "§II-B", "CHAOS: Θ = 2 on NN"),
            ("000-ring-goal-nn", "goal", "neighbor", 8 / 7, "§II-C",
             "GOAL: Θ = 8/7 on NN (57.2 % of optimal)"),
            ("000-ring-gal-nn", "gal", "neighbor", 2.0, "§III-A",
             "GAL: Θ = 2 on NN (never overshoots the threshold)")):
        C.append(dict(id=cid, paper="000", where=where, statement=st, rule="=", pv=pv, tol=stol,
                      tol_src=ssrc, unit="of capacity", config=rcfg + " traffic=" + tr,
                      how="sat_accepted per seed; mean ± 95 %% CI over %d seeds" % M.sat_reps,
                      jobs={"a": ring(a, tr)}, value=lambda R: mean_of(R, "a", "sat_accepted")))
    rrun = rcfg.replace("tnsim sat", "tnsim run")
    C.append(dict(id="000-ring-goal-tor-nonmin", paper="000", where="§II-C",
                  statement="GOAL routes 3/8 of tornado non-minimally", rule="=", pv=3 / 8,
                  tol=0.01, tol_src="stated reason: a probability the paper derives exactly; 0.01 "
                  "for tn's non-minimal count at low load", unit="fraction",
                  config=rrun + " traffic=tornado load=0.2",
                  how="nonmin_frac at offered 0.2, mean ± 95 %% CI over %d seeds" % M.run_reps,
                  jobs={"a": ring("goal", "tornado", "run", 0.2)},
                  value=lambda R: mean_of(R, "a", "nonmin_frac")))
    C.append(dict(id="000-ring-goal-nn-nonmin", paper="000", where="§II-C",
                  statement="GOAL routes 1/8 of NN non-minimally", rule="=", pv=1 / 8, tol=0.01,
                  tol_src="as 000-ring-goal-tor-nonmin", unit="fraction",
                  config=rrun + " traffic=neighbor load=0.2",
                  how="nonmin_frac at offered 0.2, mean ± 95 %% CI over %d seeds" % M.run_reps,
                  jobs={"a": ring("goal", "neighbor", "run", 0.2)},
                  value=lambda R: mean_of(R, "a", "nonmin_frac")))
    C.append(dict(id="000-ring-gal-tor-minimal", paper="000", where="§III-A, Fig. 4",
                  statement="GAL routes tornado minimally until an accepted throughput of 0.33",
                  rule="<=", pv=0.0, tol=0.02, tol_src="stated reason: 'minimally' read as at "
                  "most 2 % of the packets non-minimal", unit="fraction",
                  config=rrun + " traffic=tornado load=0.25",
                  how="nonmin_frac at offered 0.25, mean ± 95 %% CI over %d seeds" % M.run_reps,
                  jobs={"a": ring("gal", "tornado", "run", 0.25)},
                  value=lambda R: mean_of(R, "a", "nonmin_frac")))
    C.append(dict(id="000-ring-gal-goal-lat", paper="000", where="§III-A, Fig. 4",
                  statement="GAL delivers tornado with lower latency than GOAL before saturation",
                  rule="<=", pv=1.0, tol=0.0, tol_src="the paper's inequality",
                  unit="latency ratio", config=rrun + " traffic=tornado load=0.25",
                  how="latency_avg GAL / GOAL at offered 0.25, per seed; mean ± 95 % CI",
                  jobs={"a": ring("gal", "tornado", "run", 0.25),
                        "b": ring("goal", "tornado", "run", 0.25)},
                  value=lambda R: ratio(R, "a", "b", "latency_avg")))
    C.append(cannot("000-ring-mix-gal", "000", "§V-A", "GAL on 0.1 TOR + 0.9 NNc: θ = 1.05 "
                    "(optimal 1.176, GOAL 1.026)", "a mixture of two patterns at once (tnsim "
                    "switches patterns in time, switch_at, but does not mix them)", pv=1.05,
                    unit="of capacity"))
    C.append(cannot("000-subset-mix", "000", "§V-B, Fig. 16", "GAL with S = 2 almost matches "
                    "S = 64 on NN+TOR and UR+TOR mixes; S = 4 up to 5 %, S = 1 up to 7 % below",
                    "mixtures of two patterns at once (as 000-ring-mix-gal)", pv=1.0,
                    unit="ratio"))
    for tr in ("uniform", "neighbor"):
        C.append(dict(
            id="000-subset-%s" % tr[:2], paper="000", where="§V-B",
            statement="GAL with any S gives identical results on pure %s traffic" % tr,
            rule="=", pv=1.0, tol=0.02, tol_src="stated reason: 'identical' read as within 2 % "
            "(sat's search tolerance is 0.01 of capacity)", unit="ratio S=1 / S=64",
            config=cfg.replace("routing=R vcs=V", "routing=gal vcs=3") + " traffic=%s "
            "gal_sets=1|dst" % tr,
            how="sat_accepted with gal_sets=1 / gal_sets=dst per seed; mean ± 95 % CI",
            jobs={"a": Job("tnsim", "sat", rc("gal", tr).keys + ["gal_sets=1"], M.sat_reps),
                  "b": rc("gal", tr)},
            value=lambda R: ratio(R, "a", "b", "sat_accepted")))
    C.append(dict(id="000-gal-3vcs", paper="000", where="§III-C",
                  statement="GAL needs 3 VCs per unidirectional channel (deadlock-free with 3)",
                  rule="=", pv=1.0, tol=0.0, tol_src="exact (a proof)", unit="1 = acyclic",
                  config="tnsim check k=8 n=2 vcs=3 routing=gal",
                  how="tnsim check's exit status: 1 if the extended dependency graph is acyclic",
                  jobs={"a": Job("tnsim", "check", ["k=8", "n=2", "vcs=3", "routing=gal"])},
                  value=lambda R: (1.0 if R["a"][0]["rc"] == 0 else 0.0, 0.0)))
    # Fig. 9/10: permutations, VAL's delta, GAL against the ideal
    pj = {"a": rc("gal", "randperm", True), "v": rc("val", "randperm", True),
          "i": Job("ideal", "", ["--k", str(K), "--n", "2", "--term", "4", "1-%d" % M.perms])}
    pcfg = cfg + " traffic=randperm perm_seed=1..%d" % M.perms

    def ideal(R):
        return {int(r["perm_seed"]): float(r["ideal_flits_per_node_cycle"]) for r in R["i"][0]["rows"]}

    def gal_frac(R):
        idl = ideal(R)
        return [float(x["sat_accepted_flits_per_node_cycle"]) / idl[i + 1]
                for i, x in enumerate(R["a"])]
    C.append(dict(id="000-perm-val-delta", paper="000", where="§IV-C, Fig. 9(a)",
                  statement="VAL's histogram over permutations is a delta function at 0.5",
                  rule="=", pv=0.5, tol=stol, tol_src=ssrc, unit="of capacity",
                  config=pcfg.replace("routing=R vcs=V", "routing=val vcs=4"),
                  how="sat_accepted per permutation; mean ± 95 % CI",
                  jobs={"v": pj["v"]}, value=lambda R: mean_of(R, "v", "sat_accepted")))
    C.append(dict(id="000-perm-val-spread", paper="000", where="§IV-C, Fig. 9(a)",
                  statement="VAL gives the same throughput for all traffic patterns (a delta)",
                  rule="<=", pv=0.05, tol=0.0, tol_src="stated reason: a delta read as a spread "
                  "(sd / mean over the permutations) under 5 %", unit="sd/mean",
                  config=pcfg.replace("routing=R vcs=V", "routing=val vcs=4"),
                  how="sd / mean of sat_accepted over the permutations (one figure, no CI)",
                  jobs={"v": pj["v"]},
                  value=lambda R: (spread(vals(R, "v", "sat_accepted")), 0.0)))
    C.append(dict(id="000-perm-gal-avg-ideal", paper="000", where="§IV-C, Fig. 10",
                  statement="GAL achieves 89 % of the ideal average throughput", rule="=",
                  pv=0.89, tol=0.005, tol_src="the paper's last digit", unit="of ideal",
                  config=pcfg.replace("routing=R vcs=V", "routing=gal vcs=3") +
                  "; ideal: python3 experiments/gal/ideal_perm.py (GLPK)",
                  how="per permutation GAL's sat_accepted_flits / its ideal (maximum concurrent "
                  "flow); mean ± 95 % CI", jobs=pj, value=lambda R: summary(gal_frac(R))))
    C.append(dict(id="000-perm-gal-worst-ideal", paper="000", where="§IV-C, Fig. 10",
                  statement="GAL's worst case is 96 % of the ideal worst case", rule="=",
                  pv=0.96, tol=0.005, tol_src="the paper's last digit", unit="of ideal",
                  config=pcfg.replace("routing=R vcs=V", "routing=gal vcs=3"),
                  how="min over the permutations of GAL's sat_accepted_flits / min of the ideals "
                  "(an extreme of %d permutations, the paper's of 1000; no CI)" % M.perms,
                  jobs=pj, value=lambda R: (min(float(x["sat_accepted_flits_per_node_cycle"])
                                                for x in R["a"]) / min(ideal(R).values()), 0.0)))
    # pairs at uniform 0.2 (section IV-D, Figs. 11-12)
    h = K // 2
    pairs = {"B": (1, 1), "C": (1, 3), "D": (h, h)}
    pid = {p: x + K * y for p, (x, y) in pairs.items()}

    def pairjob(a, p):
        keys = ["k=%d" % K, "n=2", "routing=%s" % a, "vcs=%d" % VCS[a], "selection=sq", "pkt=4",
                "buf=8", "transit=off", "traffic=uniform", "load=0.2", "warmup=1000",
                "measure=%d" % M.pair_measure, "pair=0,%d" % pid[p], "pair_shift=on"]
        return Job("tnsim", "run", keys, reps=M.run_reps, pair=True)
    pcfg2 = ("tnsim run k=%d n=2 routing=R vcs=V selection=sq pkt=4 buf=8 transit=off "
             "traffic=uniform load=0.2 warmup=1000 measure=%d pair=0,D pair_shift=on"
             % (K, M.pair_measure))
    for p, hh in (("B", 2), ("C", 4), ("D", 8)):
        C.append(dict(id="000-pair-dist-%s" % p, paper="000", where="§IV-D",
                      statement="A(0,0) -> %s%s is %d hops" % (p, pairs[p], hh), rule="=",
                      pv=hh, tol=0.01, tol_src="exact (a distance); 0.01 for rounding",
                      unit="hops", config=pcfg2.replace("R vcs=V", "minad vcs=3").replace(
                          "0,D", "0,%d" % pid[p]),
                      how="MIN AD's mean hops of the pair's packets, mean ± 95 % CI over seeds",
                      jobs={"a": pairjob("minad", p)},
                      value=lambda R: mean_of(R, "a", "pair_hops_avg")))
    for a, pv, tol, st in (("gal", 4, 0.05, "GAL routes A->C minimally at 0.2 (H = 4)"),
                           ("chaos", 4, 0.05, "CHAOS routes A->C minimally at 0.2 (H = 4)"),
                           ("goal", 5.5, 0.05, "GOAL's hops A->C are 4, 6, 10 or 12, mean 5.5"),
                           ("val", 8, 0.05, "VAL's hops A->C: any even number 4..12, mean 8")):
        C.append(dict(id="000-pair-hops-%s" % a, paper="000", where="§IV-D, Figs. 11-12",
                      statement=st, rule="=", pv=pv, tol=tol,
                      tol_src="stated reason: the paper's mean is exact; 0.05 for rounding",
                      unit="hops", config=pcfg2.replace("R vcs=V", "%s vcs=%d" % (
                          a, VCS[a])).replace("0,D", "0,%d" % pid["C"]),
                      how="mean hops of the pair's packets, mean ± 95 % CI over seeds",
                      jobs={"a": pairjob(a, "C")},
                      value=lambda R: mean_of(R, "a", "pair_hops_avg")))
    C.append(dict(id="000-pair-q-minad", paper="000", where="§IV-D, Fig. 12",
                  statement="at 0.2 the queueing delay Q of MIN AD's A->C packets has a mean of "
                  "about 0.45 cycles", rule="=", pv=0.45, tol=0.05,
                  tol_src="the paper's 'approximately' and last digit", unit="cycles",
                  config=pcfg2.replace("R vcs=V", "minad vcs=3").replace("0,D", "0,%d" % pid["C"]),
                  how="mean queueing (latency − the zero-load latency of the hops, tnsim's pair "
                  "report) over seeds; tn's router has its own pipeline", jobs={"a": pairjob("minad", "C")},
                  value=lambda R: mean_of(R, "a", "pair_queueing_avg")))
    for a, pv in (("chaos", 0.45), ("minad", 0.45), ("goal", 0.63), ("gal", 0.45)):
        C.append(dict(id="000-t4-lat-%s" % a, paper="000", where="Table IV, Lat; §IV-D",
                      statement="%s's latency at low load is %s × VAL's" % (ALG[a], pv), rule="=",
                      pv=pv, tol=0.005, tol_src="the paper's last digit", unit="ratio to VAL",
                      config=pcfg2.replace("0,D", "0,%d" % pid["C"]),
                      how="mean latency of the A->C(1,3) packets at uniform 0.2 (the latency the "
                      "notes infer Table IV uses), %s / VAL per seed; mean ± 95 %% CI" % ALG[a],
                      jobs={"a": pairjob(a, "C"), "v": pairjob("val", "C")},
                      value=lambda R: ratio(R, "a", "v", "pair_latency_avg")))
    C.append(dict(id="000-pair-goal-40", paper="000", where="§IV-D",
                  statement="GOAL's latency is 40 % more than minimal", rule="=", pv=1.40,
                  tol=0.005, tol_src="the paper's last digit", unit="ratio",
                  config=pcfg2.replace("0,D", "0,%d" % pid["C"]),
                  how="mean latency of the A->C packets, GOAL / MIN AD per seed; mean ± 95 % CI",
                  jobs={"a": pairjob("goal", "C"), "b": pairjob("minad", "C")},
                  value=lambda R: ratio(R, "a", "b", "pair_latency_avg")))
    # Figs. 13 and 14: GAL over time
    gbase = ["k=%d" % K, "n=2", "routing=gal", "vcs=3", "selection=sq", "term=4", "transit=on",
             "pkt=4", "buf=8", "warmup=0", "drain=0", "series_win=50", "traffic=uniform",
             "load=1.1"]

    def series(cycles, extra):
        return Job("tnsim", "run", gbase + ["measure=%d" % cycles] + extra, reps=M.run_reps,
                   series=True)
    f13 = series(M.stab_cycles, ["gal_t=2"])
    sw = ["switch_at=600", "switch_traffic=tornado", "switch_load=0.55", "gal_adapt=on",
          "gal_tmin=2", "gal_tmax=128", "gal_n1=50", "gal_n2=20"]
    f14 = series(M.fig14_cycles, sw)

    def block(rows, lo, hi, field):
        xs = [float(r[field]) for r in rows if lo <= int(r["cycle"]) < hi and r.get(field, "") != ""]
        return sum(xs) / len(xs) if xs else float("nan")
    S = M.stab_cycles
    gcfg = "tnsim run " + " ".join(gbase)
    C.append(dict(id="000-fig13-drop", paper="000", where="Fig. 13(a), §IV-E",
                  statement="GAL with a fixed threshold at UR 1.1: throughput decreases over time",
                  rule="<=", pv=0.95, tol=0.0, tol_src="stated reason: 'decreases' read as the "
                  "last third at most 95 % of cycles 200-1000", unit="ratio",
                  config=gcfg + " measure=%d gal_t=2" % S,
                  how="accepted over the last third of the run / over cycles 200-1000, per "
                  "seed; mean ± 95 % CI", jobs={"a": f13},
                  value=lambda R: summary([block(x["series"], 2 * S // 3, S, "accepted") /
                                           block(x["series"], 200, 1000, "accepted")
                                           for x in R["a"]])))
    C.append(dict(id="000-fig13-nonmin", paper="000", where="Fig. 13(b), §IV-E",
                  statement="the fraction of packets routed non-minimally increases",
                  rule=">=", pv=0.05, tol=0.0, tol_src="stated reason: 'increases' read as by "
                  "at least 0.05", unit="Δ fraction", config=gcfg + " measure=%d gal_t=2" % S,
                  how="nonmin_frac over the last third minus over cycles 200-1000, per seed",
                  jobs={"a": f13},
                  value=lambda R: summary([block(x["series"], 2 * S // 3, S, "nonmin_frac") -
                                           block(x["series"], 200, 1000, "nonmin_frac")
                                           for x in R["a"]])))
    F = M.fig14_cycles
    fcfg = gcfg + " measure=%d " % F + " ".join(sw)
    for cid, st, rule, pv, tol, src, field, lo, hi, agg in (
            ("000-fig14-tmax", "on UR the threshold rises to T_max = 128 before cycle 600",
             ">=", 128, 12.8, "stated reason: within 10 % of T_max", "gal_t_mean", 0, 600, max),
            ("000-fig14-ur", "with T = T_max UR's accepted throughput almost reaches 1.0",
             "=", 1.0, 0.05, "stated reason: 'almost' read as within 5 %", "accepted", 300, 600,
             None),
            ("000-fig14-tmin", "after the switch to TOR, T falls to T_min = 2", "=", 2, 0.5,
             "stated reason: half a step of T", "gal_t_mean", F - 500, F, None),
            ("000-fig14-tor", "and the tornado throughput is stable near the optimal 0.53", "=",
             0.53, 0.05, "stated reason: 'stable' near 0.53, about 10 %", "accepted", F - 1000,
             F, None)):
        if agg is max:
            f = (lambda field, lo, hi: lambda x: max(
                [float(r[field]) for r in x["series"] if lo <= int(r["cycle"]) < hi] or [0.0]))(
                    field, lo, hi)
        else:
            f = (lambda field, lo, hi: lambda x: block(x["series"], lo, hi, field))(field, lo, hi)
        C.append(dict(id=cid, paper="000", where="Fig. 14, §IV-E", statement=st, rule=rule,
                      pv=pv, tol=tol, tol_src=src, unit="T" if "t_" in field else "of capacity",
                      config=fcfg, how="%s of the series windows in cycles %d-%d%s, per seed; "
                      "mean ± 95 %% CI" % (field, lo, hi, " (largest)" if agg else ""),
                      jobs={"a": f14},
                      value=(lambda f: lambda R: summary([f(x) for x in R["a"]]))(f)))
    return C


# ---------------------------------------------------------------------------------------------
# paper 001: selection functions

SELS = ["random", "dor", "zigzag", "lru", "ldsf"]


def claims001(M):
    C = []
    nets = M.nets001
    P = M.pkt001

    def sat(k, n, routing, vcs, sel, tr):
        keys = ["k=%d" % k, "n=%d" % n, "routing=%s" % routing, "vcs=%d" % vcs, "buf=8",
                "pkt=%d" % P, "traffic=%s" % tr, "transit=off"] + M.win + M.sat
        if sel:
            keys.append("selection=%s" % sel)
        return Job("tnsim", "sat", keys, reps=M.sat_reps)

    def jobs(k, n, tr):
        j = {"ecube": sat(k, n, "dor", 2, None, tr)}
        for s in SELS:
            j[s] = sat(k, n, "minad", 3, s, tr)
        return j

    def cfg(k, n, tr):
        return ("tnsim sat k=%d n=%d routing=minad vcs=3 selection=S buf=8 pkt=%d traffic=%s "
                "transit=off %s (e-cube: routing=dor vcs=2)" % (k, n, P, tr, " ".join(M.win + M.sat)))

    def best(xs, names, field="sat_accepted"):
        return max(float(xs[s][field]) for s in names)

    def impr(R):
        """per seed best(LRU, LDSF) / best(random, dor, zigzag)"""
        n = min(len(R[s]) for s in SELS)
        return [best({s: R[s][i] for s in SELS}, ["lru", "ldsf"]) /
                best({s: R[s][i] for s in SELS}, ["random", "dor", "zigzag"]) for i in range(n)]
    scale = "" if not M.quick else " (quick: scaled down)"
    all_jobs = {}
    for k, n, name in nets:
        ju, jb = jobs(k, n, "uniform"), jobs(k, n, "bitrev")
        all_jobs[name] = (ju, jb)
        C.append(dict(id="001-%s-adaptive" % name, paper="001", where="§5.2, Figs. 4-6",
                      statement="on %s%s uniform, adaptive routing (*-channel) improves on "
                      "deterministic e-cube" % (name, scale), rule=">=", pv=1.0, tol=0.0,
                      tol_src="the paper's inequality", unit="ratio",
                      config=cfg(k, n, "uniform"),
                      how="sat_accepted of MIN AD (selection=random) / e-cube's, per seed; mean ± "
                      "95 % CI", jobs={"a": ju["random"], "b": ju["ecube"]},
                      value=lambda R: ratio(R, "a", "b", "sat_accepted")))
        C.append(dict(id="001-%s-uni-small" % name, paper="001", where="§5.2",
                      statement="on %s uniform, LRU and LDSF improve only a little on the "
                      "traditional functions" % name, rule="in", pv=(1.0, 1.10), tol=0.0,
                      tol_src="stated reason: 'small improvement' read as 0 to 10 %",
                      unit="ratio", config=cfg(k, n, "uniform"),
                      how="per seed best sat_accepted of LRU, LDSF / best of random, dor, zigzag; "
                      "mean ± 95 % CI", jobs=ju, value=lambda R: summary(impr(R))))
        C.append(dict(id="001-%s-lru-ldsf" % name, paper="001", where="§5.2",
                      statement="on %s uniform (well balanced), LRU achieves higher performance "
                      "than LDSF" % name, rule=">=", pv=1.0, tol=0.0,
                      tol_src="the paper's inequality", unit="ratio", config=cfg(k, n, "uniform"),
                      how="sat_accepted LRU / LDSF per seed; mean ± 95 % CI",
                      jobs={"a": ju["lru"], "b": ju["ldsf"]},
                      value=lambda R: ratio(R, "a", "b", "sat_accepted")))
        C.append(dict(id="001-%s-br-dorsel" % name, paper="001", where="§5.3, Figs. 7-9",
                      statement="on %s bit reversal, the dimension-order selection's latency "
                      "rises sharply under heavy traffic while the others' rises moderately"
                      % name, rule=">=", pv=1.0, tol=0.0, tol_src="the paper's inequality, read "
                      "as the others saturating later", unit="ratio", config=cfg(k, n, "bitrev"),
                      how="per seed the lowest sat_accepted of random, zigzag, LRU, LDSF / "
                      "dimension-order selection's; mean ± 95 % CI", jobs=jb,
                      value=lambda R: summary(per_rep(R, ["random", "zigzag", "lru", "ldsf", "dor"],
                                                      lambda a, b, c, d, e: min(float(x["sat_accepted"]) for x in (a, b, c, d)) / float(e["sat_accepted"])))))
    k, n, name = nets[2]
    ju, jb = all_jobs[name]
    C.append(dict(id="001-3d-br-dor-2x", paper="001", where="§5.3, Fig. 9",
                  statement="on the %s bit reversal, dimension-order selection's throughput is "
                  "twice the deterministic routing's" % name, rule="=", pv=2.0, tol=0.5,
                  tol_src="the paper's precision ('twice')", unit="ratio",
                  config=cfg(k, n, "bitrev"),
                  how="sat_accepted of MIN AD selection=dor / e-cube's per seed; mean ± 95 % CI",
                  jobs={"a": jb["dor"], "b": jb["ecube"]},
                  value=lambda R: ratio(R, "a", "b", "sat_accepted")))
    C.append(dict(id="001-3d-br-ldsf-3x", paper="001", where="§5.3, Fig. 9",
                  statement="on the %s bit reversal, LDSF's throughput is three times the "
                  "deterministic routing's" % name, rule="=", pv=3.0, tol=0.5,
                  tol_src="the paper's precision ('three times')", unit="ratio",
                  config=cfg(k, n, "bitrev"),
                  how="sat_accepted of MIN AD selection=ldsf / e-cube's per seed; mean ± 95 % CI",
                  jobs={"a": jb["ldsf"], "b": jb["ecube"]},
                  value=lambda R: ratio(R, "a", "b", "sat_accepted")))
    alls = {}
    for _, _, name in nets:
        for t, jj in zip(("uni", "br"), all_jobs[name]):
            for s, j in jj.items():
                alls["%s/%s/%s" % (name, t, s)] = j

    def best_impr(R):
        cases = sorted({x.rsplit("/", 1)[0] for x in alls})
        nrep = min(len(R[x]) for x in alls)
        per = []
        for i in range(nrep):
            per.append(max(best({s: R["%s/%s" % (c, s)][i] for s in SELS}, ["lru", "ldsf"]) /
                           best({s: R["%s/%s" % (c, s)][i] for s in SELS},
                                ["random", "dor", "zigzag"]) for c in cases))
        return summary(per)
    C.append(dict(id="001-up-to-30", paper="001", where="Abstract, §6",
                  statement="LDSF and LRU improve performance by up to 30 % over the traditional "
                  "functions (random, dimension order, zigzag)", rule="=", pv=1.30, tol=0.05,
                  tol_src="the paper's precision (30 %, two figures)", unit="ratio",
                  config="the six cases of the rows above (3 networks × uniform, bit reversal)",
                  how="per seed the largest over the six cases of best(LRU, LDSF) / best(random, "
                  "dor, zigzag) sat_accepted; mean ± 95 % CI", jobs=alls, value=best_impr))
    (k1, n1, a1), (k2, n2, a2), (k3, n3, a3) = nets
    for big, kk in ((a2, "size"), (a3, "dimension")):
        C.append(dict(id="001-grow-%s" % kk, paper="001", where="§5.2",
                      statement="the improvement of LRU/LDSF tends to grow with larger %s (%s "
                      "against %s, uniform)" % (kk, big, a1), rule=">=", pv=0.0, tol=0.0,
                      tol_src="the paper's inequality", unit="Δ ratio",
                      config="the uniform rows of %s and %s" % (a1, big),
                      how="per seed improvement (best LRU/LDSF over best traditional) on %s minus "
                      "on %s; mean ± 95 %% CI" % (big, a1),
                      jobs={("%s/%s" % (net, s)): all_jobs[net][0][s] for net in (a1, big) for s in SELS},
                      value=(lambda big: lambda R: summary(
                          [x - y for x, y in zip(impr({s: R["%s/%s" % (big, s)] for s in SELS}),
                                                 impr({s: R["%s/%s" % (a1, s)] for s in SELS}))]))(big)))
    # F10: peak channel utilisation, 16x16 bit reversal at 0.18 flits/node/cycle
    cap = 8.0 / k1
    load = 0.18 / cap
    for s in ("ldsf", "lru"):
        def run(sel, k1=k1, n1=n1, load=load):
            return Job("tnsim", "run", ["k=%d" % k1, "n=%d" % n1, "routing=minad", "vcs=3",
                                        "buf=8", "pkt=%d" % P, "traffic=bitrev", "transit=off",
                                        "load=%.4f" % load, "selection=%s" % sel] + M.win,
                       reps=M.run_reps)
        C.append(dict(id="001-peak-%s" % s, paper="001", where="§5.4, Figs. 10-12",
                      statement="on %s bit reversal at 0.18 flits/node/cycle, %s reduces the "
                      "peak channel utilisation against dimension order" % (a1, s.upper()),
                      rule="<=", pv=1.0, tol=0.0, tol_src="the paper's inequality",
                      unit="ratio", config="tnsim run k=%d n=%d routing=minad vcs=3 buf=8 pkt=%d "
                      "traffic=bitrev transit=off load=%.4f selection=%s|dor %s" % (
                          k1, n1, P, load, s, " ".join(M.win)),
                      how="chan_util_max (over the whole window; the paper's is per 1,000 "
                      "cycles) %s / dor per seed; mean ± 95 %% CI" % s.upper(),
                      jobs={"a": run(s), "b": run("dor")},
                      value=lambda R: ratio(R, "a", "b", "chan_util_max")))
    return C


# ---------------------------------------------------------------------------------------------
# paper 003: ACOR on the torus


def claims003(M):
    C = []
    K = M.acor_k
    base = ["k=%d" % K, "n=2", "vcs=4", "buf=8", "pkt=4"] + M.win

    def job(sub, routing, tr, extra=(), load=None):
        keys = ["routing=%s" % routing] + base + ["traffic=%s" % tr] + list(extra)
        if sub == "sat":
            keys += M.sat
            return Job("tnsim", "sat", keys, reps=M.sat_reps)
        return Job("tnsim", "run", keys + ["load=%s" % load], reps=M.run_reps)
    cfg = "tnsim %%s k=%d n=2 vcs=4 buf=8 pkt=4 routing=R %s" % (K, " ".join(M.win))
    for tr in ("uniform", "neighbor"):
        C.append(dict(id="003-lat-%s" % tr[:3], paper="003", where="Abstract, §8 (A1)",
                      statement="ACOR improves base latency over Valiant (%s here)" % tr,
                      rule="<=", pv=1.0, tol=0.0, tol_src="the paper's inequality",
                      unit="latency ratio", config=(cfg % "run") + " traffic=%s load=0.1" % tr,
                      how="latency_avg ACOR (box-goalq) / VAL at 0.1, per seed; mean ± 95 % CI",
                      jobs={"a": job("run", "acor", tr, load=0.1),
                            "b": job("run", "val", tr, load=0.1)},
                      value=lambda R: ratio(R, "a", "b", "latency_avg")))
    C.append(dict(id="003-lat-28", paper="003", where="Abstract (A1)",
                  statement="ACOR's base latency up to 28 % lower than Valiant's (dragonfly)",
                  rule="=", pv=0.28, tol=0.005, tol_src="the paper's last digit",
                  unit="1 − ratio", config=(cfg % "run") + " traffic=uniform load=0.1",
                  how="1 − latency_avg ACOR / VAL at 0.1 uniform, per seed (the torus's Valiant "
                  "path doubles the distance; the dragonfly's less)",
                  jobs={"a": job("run", "acor", "uniform", load=0.1),
                        "b": job("run", "val", "uniform", load=0.1)},
                  value=lambda R: (lambda m: (1 - m[0], m[1]))(ratio(R, "a", "b", "latency_avg"))))
    for seq in ("box-full", "box-goalq"):
        for tr in ("uniform", "tornado"):
            C.append(dict(id="003-thr-%s-%s" % (seq, tr[:3]), paper="003",
                          where="§6.2 (A14, A15)",
                          statement="ACOR's throughput is competitive with Valiant's (%s, %s)" % (
                              tr, seq), rule=">=", pv=1.0, tol=0.0,
                          tol_src="stated reason: 'competitive' read as at least VAL's",
                          unit="ratio", config=(cfg % "sat") + " traffic=%s acor_seq=%s" % (tr, seq),
                          how="sat_accepted ACOR / VAL per seed; mean ± 95 % CI",
                          jobs={"a": job("sat", "acor", tr, ["acor_seq=%s" % seq]),
                                "b": job("sat", "val", tr)},
                          value=lambda R: ratio(R, "a", "b", "sat_accepted")))
        C.append(dict(id="003-stab-%s" % seq, paper="003", where="§6.2, Fig. 7 (A15)",
                      statement="ACOR-Switch keeps its throughput past saturation (%s)" % seq,
                      rule=">=", pv=0.9, tol=0.0, tol_src="stated reason: issue 12's 90 % target "
                      "(docs/acor.md section 7)", unit="overload/sat",
                      config=(cfg % "sat") + " traffic=uniform acor_seq=%s" % seq,
                      how="overload_accepted / sat_accepted per seed, uniform; mean ± 95 % CI",
                      jobs={"a": job("sat", "acor", "uniform", ["acor_seq=%s" % seq])},
                      value=lambda R: summary(per_rep(R, ["a"], lambda x: float(
                          x["overload_accepted"]) / float(x["sat_accepted"])))))
    C.append(dict(id="003-switch-vs-packet", paper="003", where="§8 (A31)",
                  statement="per-switch level management is better than per-packet",
                  rule=">=", pv=1.0, tol=0.0, tol_src="the paper's inequality", unit="ratio",
                  config=(cfg % "sat") + " traffic=uniform acor_seq=box-full acor_mode=router|packet",
                  how="sat_accepted router mode / packet mode per seed (box-full); mean ± 95 % CI",
                  jobs={"a": job("sat", "acor", "uniform", ["acor_seq=box-full"]),
                        "b": job("sat", "acor", "uniform", ["acor_seq=box-full",
                                                           "acor_mode=packet"])},
                  value=lambda R: ratio(R, "a", "b", "sat_accepted")))
    # transients (A17, A18): a step of tornado load, every router's level
    step, cyc, hi = M.acor_step, M.acor_cycles, M.acor_hi
    tkeys = ["k=%d" % K, "n=2", "vcs=8", "buf=8", "pkt=4", "routing=acor", "acor_mode=router",
             "acor_hi=%d" % hi, "traffic=tornado", "warmup=0", "measure=%d" % cyc, "drain=0",
             "series_win=64", "switch_at=%d" % step, "acor_seq=box-full"]

    def every(x, d):
        rows = x["series"]
        nodes = [c for c in rows[0] if c.startswith("level_")]
        for r in rows:
            c = int(r["cycle"]) + 64
            if c <= step or any(r[nd] == "" for nd in nodes):
                continue
            lv = [int(r[nd]) for nd in nodes]
            if all((v >= 1) if d == "up" else (v == 0) for v in lv):
                return (c - step) / hi
        return (cyc - step) / hi  # not within the run: the run's length after the step
    for d, lo_hi, pv, st in (("up", ("0.1", "0.35"), 2.0, "all the switches move to a higher "
                              "level in less than 1 µs (2 HI)"),
                             ("down", ("0.35", "0.1"), 1.0, "and to a lower level in less than "
                              "0.5 µs (1 HI)")):
        j = Job("tnsim", "run", tkeys + ["load=%s" % lo_hi[0], "switch_load=%s" % lo_hi[1]],
                reps=M.run_reps, series=True)
        C.append(dict(id="003-transient-%s" % d, paper="003", where="§6.2.1, Fig. 10 (A18)",
                      statement=st + "; tornado %s -> %s here" % lo_hi, rule="<=", pv=pv,
                      tol=0.0, tol_src="the paper's bound, in HI (500 ns)", unit="HI",
                      config="tnsim run " + " ".join(tkeys) + " load=%s switch_load=%s" % lo_hi,
                      how="cycles after the step until every router's level is %s, / HI, per "
                      "seed (the run's length after the step if never); mean ± 95 %% CI" % (
                          "≥ 1" if d == "up" else "0"), jobs={"a": j},
                      value=(lambda d: lambda R: summary([every(x, d) for x in R["a"]]))(d)))
    for cid, st, why in (
            ("003-recomp", "recomputation improves Valiant's latency and its throughput past "
             "saturation (A8, A9)", "Valiant with recomputation alone (tnsim's val draws once; "
             "acor always redraws, at its restricted sets)"),
            ("003-fairness", "under ADVc at 0.5 ACOR gives every switch of a group a similar "
             "accepted load, VAL-CRG does not (A16, Fig. 8)", "the dragonfly's groups and the "
             "ADVc/ADV+h patterns have no torus counterpart"),
            ("003-piggyback", "PB-ACOR improves Piggyback's base latency by 16.5 to 25.5 % (A2, "
             "A25)", "Piggyback (a source-adaptive dragonfly routing) is not built")):
        C.append(cannot(cid, "003", "§6", st, why))
    return C


# ---------------------------------------------------------------------------------------------
# paper 004: the analytical model


def zero_load(k, n, M_, h):
    """eq. 1 at rate 0 from the printed equations: M + (1−h) d̄ + h d̄ N/(N−1), d̄ = n(k−1)/2"""
    N = k ** n
    d = n * (k - 1) / 2.0
    return M_ + (1 - h) * d + h * d * N / (N - 1)


def read_compare():
    path = os.path.join(ROOT, "results", "tnmodel", "compare.csv")
    if not os.path.exists(path):
        return None, "not run: results/tnmodel/compare.csv is missing (the model-vs-simulation " \
            "comparison, experiments/tnmodel/)"
    rows = list(csv.DictReader(open(path)))
    need = {"net", "M", "V", "model latency", "sim latency adj", "rate/lambda_sat",
            "sim saturated"}
    if not rows or not need <= set(rows[0]):
        return None, "not run: results/tnmodel/compare.csv lacks the columns %s" % ", ".join(
            sorted(need - set(rows[0] if rows else [])))
    return rows, None


def claims004(M):
    C = []
    tm = "tnmodel run k=8 n=%d vcs=%d pkt=%d hot_frac=%s rate=0 tol=1e-5"
    for n in (2, 3):
        for m in (32, 64):
            pv = zero_load(8, n, m, 0.08)
            C.append(dict(id="004-zero-n%d-m%d" % (n, m), paper="004", where="eq. 1 at λ = 0",
                          statement="zero-load latency of the %s, M = %d, h = 0.08 (the printed "
                          "equations: M + (1−h)d̄ + h d̄ N/(N−1))" % ("8x8" if n == 2 else "8x8x8", m),
                          rule="=", pv=round(pv, 4), tol=0.001,
                          tol_src="the closed form, computed here independently; 0.001 for "
                          "rounding", unit="cycles", config=tm % (n, 3, m, 0.08),
                          how="tnmodel's zero_load_latency (deterministic: no CI)",
                          jobs={"a": Job("tnmodel", "run", ["k=8", "n=%d" % n, "vcs=3",
                                                             "pkt=%d" % m, "hot_frac=0.08",
                                                             "rate=0", "tol=1e-5"])},
                          value=lambda R: (float(R["a"][0]["zero_load_latency"]), 0.0)))
    for n, h, fix, pv, tol in ((2, 0.08, None, 0.00247, 0.000005),
                               (2, 0.08, "fix_eq20", 0.00263, 0.000005),
                               (3, 0.16, None, 0.000946, 0.0000005),
                               (3, 0.16, "fix_eq26", 0.000850, 0.0000005)):
        keys = ["k=8", "n=%d" % n, "vcs=3", "pkt=32", "hot_frac=%s" % h, "tol=1e-5"]
        if fix:
            keys.append("%s=1" % fix)
        C.append(dict(id="004-sat-n%d-h%s%s" % (n, h, "-" + fix if fix else ""), paper="004",
                      where="notes §5.6 %s" % ("F6" if n == 2 else "F7"),
                      statement="λ_sat of the %s, V = 3, h = %s%s is %s (an independent reading "
                      "of the printed equations; the paper gives no number)" % (
                          "8x8" if n == 2 else "8x8x8", h, " with " + fix if fix else "", pv),
                      rule="=", pv=pv, tol=tol, tol_src="the notes' last digit", unit="msg/node/cycle",
                      config="tnmodel run " + " ".join(keys),
                      how="tnmodel's lambda_sat (deterministic: no CI)",
                      jobs={"a": Job("tnmodel", "run", keys)},
                      value=lambda R: (float(R["a"][0]["lambda_sat"]), 0.0)))
    rows, why = read_compare()
    for n in (2, 3):
        for m in (32, 64):
            for v in (3, 5):
                net = "8x8" if n == 2 else "8x8x8"
                c = dict(id="004-fig1-n%d-m%d-v%d" % (n, m, v), paper="004",
                         where="§4, Fig. 1", statement="the model predicts the %s's mean latency "
                         "(M = %d, V = %d, h = 0.08, 0.16, 0.24) with reasonable accuracy below "
                         "saturation" % (net, m, v), rule="<=", pv=0.10, tol=0.0,
                         tol_src="stated reason: 'reasonable accuracy' read as 10 %",
                         unit="rel. error", config="results/tnmodel/compare.csv (experiments/tnmodel/)",
                         how="|model − simulation| / simulation over the CSV's rows of this network "
                         "at up to half the model's λ_sat, no replication saturated, the model's "
                         "latency finite; simulation = tnsim's latency less H̄ + 2 (its 2-cycle "
                         "hop against the model's 1, docs/tnmodel.md); mean ± 95 % CI", jobs={})
                if rows is None:
                    c["value"] = why
                else:
                    errs = []
                    for r in rows:
                        try:
                            if (r["net"], int(r["M"]), int(r["V"])) != (net, m, v):
                                continue
                            if float(r["rate/lambda_sat"]) > 0.5 or not r["sim saturated"].startswith("0/"):
                                continue
                            ml, sl = float(r["model latency"]), float(r["sim latency adj"])
                        except ValueError:
                            continue
                        if math.isfinite(ml) and sl > 0:
                            errs.append(abs(ml - sl) / sl)
                    c["value"] = ((lambda e: lambda R: summary(e))(errs) if errs else
                                  "not run: results/tnmodel/compare.csv has no row of this network")
                C.append(c)
    return C


def all_claims(quick, medium=False):
    M = Mode(quick, medium)
    C = claims000(M) + claims001(M) + claims003(M) + claims004(M)
    ids = [c["id"] for c in C]
    dup = {x for x in ids if ids.count(x) > 1}
    if dup:
        raise SystemExit("claims.py: duplicate ids %s" % sorted(dup))
    return M, C


PAPERS = {"000": "Singh, Dally, Towles, Gupta: Globally Adaptive Load-Balanced Routing on k-ary "
                 "n-cubes (GAL)",
          "001": "Funahashi, Koibuchi, Jouraku, Amano: The Impact of Output Selection Function on "
                 "Adaptive Routing",
          "003": "Benito, Fuentes, Vallejo, Beivide: ACOR: Adaptive Congestion-Oblivious Routing in "
                 "Dragonfly networks",
          "004": "Sarbazi-Azad, Ould-Khaoua, Mackenzie: An Analytical Model of Fully-Adaptive "
                 "Wormhole-Routed k-Ary n-Cubes in the Presence of Hot Spot Traffic"}
