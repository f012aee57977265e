/* SPDX-License-Identifier: MIT */
/* tnhost: the host tool of the board (docs/board-guide.md). Talks to the control plane
 * (fpga/tn_ctrl.v) over a serial port, or over the pty of the simulated board (tnboard):
 *   tnhost --port PATH [--baud N] [--timeout MS] [--json] COMMAND [ARGS]
 * Options are also keys of the project's grammar: port=PATH baud=N timeout=MS deadline=MS
 * wait=on|off, on the command line or one per line in --config FILE. Every request is checked
 * before the port is opened; a whole reply (bytes before its start skipped) must arrive within
 * the timeout, a run end within the deadline; a failed CRC, a timeout or an ERROR reply is
 * reported, never retried. What the board reports is checked before it is used (its build
 * registers, its statistics' physical bounds). Exit status: 0 done, 1 the port or the board
 * failed (or standard output could not be written), 2 bad command line or a board build tnhost
 * cannot handle. This file, the top of tnhost's layers (tnhost.h lists them), holds main, the
 * command table, tnhost's own keys (--help, --keys) and --config; the commands are in
 * tnhost_ctrl.c (the control plane), tnhost_run.c (run, errors) and tnhost_sweep.c, the keys'
 * setter, the output and the requests in tnhost_io.c. */
#include "tnhost.h"

/* --config FILE: key=value lines, '#' comments, blanks around key and value; read a byte at a
 * time with bounds: no NUL byte, lines of at most CONFIG_LINE_MAX bytes, at most
 * CONFIG_BYTES_MAX bytes in all (a device such as /dev/zero ends at its first byte). */
static int load_config(host *h, const char *path, char *err, size_t len)
{
    char p[300];
    safe_str(path, p, sizeof p);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, len, "--config: cannot open '%s': %s", p, strerror(errno));
        return -1;
    }
    char line[CONFIG_LINE_MAX + 2], sub[ERRLEN], shown[200];
    int lineno = 0, rc = 0;
    long total = 0;
    for (int eof = 0; !rc && !eof;) {
        size_t n = 0;
        int c;
        lineno++;
        errno = 0;
        while ((c = getc(f)) != EOF && c != '\n') {
            if (++total > CONFIG_BYTES_MAX) {
                snprintf(err, len, "--config: %s:%d: more than %ld bytes; allowed: a file of at "
                         "most %ld bytes (1 MiB)", p, lineno, CONFIG_BYTES_MAX, CONFIG_BYTES_MAX);
                rc = -1;
                break;
            }
            if (c == 0) {
                snprintf(err, len, "--config: %s:%d: byte %zu is a NUL byte (0x00); allowed: "
                         "text lines of key=value", p, lineno, n + 1);
                rc = -1;
                break;
            }
            if (n >= CONFIG_LINE_MAX) {
                snprintf(err, len, "--config: %s:%d: the line is longer than %d bytes; allowed: "
                         "lines of at most %d bytes", p, lineno, CONFIG_LINE_MAX,
                         CONFIG_LINE_MAX);
                rc = -1;
                break;
            }
            line[n++] = (char)c;
        }
        if (rc)
            break;
        if (c == EOF) {
            if (ferror(f)) { /* a directory, an I/O error: not an empty file */
                snprintf(err, len, "--config: %s:%d: read error: %s", p, lineno,
                         strerror(errno));
                rc = -1;
                break;
            }
            eof = 1;
        } else if (++total > CONFIG_BYTES_MAX) {
            snprintf(err, len, "--config: %s:%d: more than %ld bytes; allowed: a file of at most "
                     "%ld bytes (1 MiB)", p, lineno, CONFIG_BYTES_MAX, CONFIG_BYTES_MAX);
            rc = -1;
            break;
        }
        line[n] = 0;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        n = strlen(s);
        while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
            s[--n] = 0;
        if (!n)
            continue;
        char *eq = strchr(s, '=');
        if (!eq || eq == s) {
            snprintf(err, len, "--config: %s:%d: expected key=value, got '%s'", p, lineno,
                     safe_str(s, shown, 64));
            rc = -1;
            break;
        }
        char *v = eq + 1;
        *eq = 0;
        for (char *k = eq - 1; k >= s && (*k == ' ' || *k == '\t'); k--)
            *k = 0;
        while (*v == ' ' || *v == '\t')
            v++;
        if (set_key(h, s, v, sub, sizeof sub)) {
            snprintf(err, len, "--config: %.200s:%d: %.280s", p, lineno, sub);
            rc = -1;
            break;
        }
    }
    fclose(f);
    return rc;
}

static const command commands[] = {
    {"ping", 0, 0, "ping", "the control plane's magic, version, build id and parameters",
     cmd_ping},
    {"regs", 0, 0, "regs", "the control plane's registers 0xff00..0xff07, with the run status",
     cmd_regs},
    {"read", 1, 1, "read ADDR", "one register (READ_REG)", cmd_read},
    {"write", 2, 2, "write ADDR VALUE", "one register (WRITE_REG)", cmd_write},
    {"block", 2, 2, "block ADDR COUNT", "COUNT (1..64) consecutive registers (READ_BLOCK)",
     cmd_block},
    {"start", 1, 1, "start CYCLES", "run the design for CYCLES cycles; --wait: until it ends",
     cmd_start},
    {"reset", 0, 0, "reset", "pulse the design's reset (RESET)", cmd_reset},
    {"run", 0, MAX_ARGS, "run [key=value ...]", "a measured run on the board core with "
     "tnsim's keys; --compare: also the C model, side by side; seeds=N: N replications and their "
     "mean", cmd_run},
    {"errors", 0, 0, "errors", "the routers' error vectors, the sinks' and sources' error bits",
     cmd_errors},
    {"sweep", 1, MAX_ARGS, "sweep loads=A,B,...|windows=N [key=value ...]", "run once per "
     "load, or once per window of one run (same keys as run); a table, or with --json one line "
     "per run; --compare: also the C model", cmd_sweep},
    {"raw", 1, TN_REQ_MAX, "raw BYTE...", "send these bytes as they are, show the reply "
     "(protocol tests)", cmd_raw},
};
#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])
#define COMMAND_LIST "ping regs read write block start reset raw run errors sweep"

/* tnhost's own keys (the run's keys are tnsim's, run --help): one table for --help and --keys */
typedef struct host_key {
    const char *name, *def, *allowed, *help;
} host_key;
static const host_key host_keys[] = {
    {"port", "-", "a path of 1 to 255 characters",
     "the serial port, e.g. /dev/ttyUSB0, or the pty tnboard prints"},
    {"baud", "115200", TN_BAUDS, "bits per second"},
    {"timeout", "1000", "1..600000 ms",
     "the longest wait for a whole reply, from the request sent to the reply's last byte "
     "(and for a request's bytes to be written)"},
    {"deadline", "3600000", "1..86400000 ms",
     "the longest wait for a run to end (start --wait, run, each run of sweep); a run "
     "counter that stands still for the timeout (at least 1 s) ends the wait sooner"},
    {"wait", "off", "on off", "start waits until the run has ended (--wait)"},
};
#define NHOST_KEYS (int)(sizeof host_keys / sizeof host_keys[0])

/* One key of --help: name, default, then "allowed: help" in words wrapped at 80 columns under
 * an 18-column indent. */
static void print_wrapped(FILE *f, const host_key *k)
{
    char text[512];
    snprintf(text, sizeof text, "%s: %s", k->allowed, k->help);
    int col = fprintf(f, "  %-8s %-7s", k->name, k->def);
    const char *w = text;
    while (*w) {
        size_t n = strcspn(w, " ");
        if (col + 1 + (int)n > 80 && col > 19)
            col = fprintf(f, "\n%18s", "") - 1;
        col += fprintf(f, " %.*s", (int)n, w);
        w += n;
        while (*w == ' ')
            w++;
    }
    fputc('\n', f);
}

/* --keys: the key table alone, tab-separated (tools/gen_keydocs.py) */
static void print_keys_tsv(FILE *f)
{
    fprintf(f, "key\tdefault\tallowed\thelp\n");
    for (int i = 0; i < NHOST_KEYS; i++)
        fprintf(f, "%s\t%s\t%s\t%s\n", host_keys[i].name, host_keys[i].def, host_keys[i].allowed,
                host_keys[i].help);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: tnhost --port PATH [--baud N] [--timeout MS] [--deadline MS] [--wait] "
               "[--compare] "
               "[--json] [--config FILE] [key=value ...] COMMAND [ARGS]\n"
               "commands:\n");
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-18s %s\n", commands[i].synopsis, commands[i].help);
    fprintf(f, "keys (key=value before the command, --port/--baud/--timeout/--deadline VALUE,\n"
               "--wait as a flag, or one per line in --config FILE; run --help and sweep --help\n"
               "list theirs):\n");
    for (int i = 0; i < NHOST_KEYS; i++)
        print_wrapped(f, &host_keys[i]);
    fprintf(f,
               "--config FILE: text, lines of at most 1023 bytes, at most 1 MiB (1048576 bytes),\n"
               "no NUL byte. numbers: decimal or 0x hex. --json: one JSON object on stdout.\n"
               "exit status: 0 done, 1 the port or the board failed (a board's impossible\n"
               "statistics too) or standard output could not be written, 2 bad command line or a\n"
               "board build outside tnhost's and the C model's limits\n");
}

static const command *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

static int tnhost(int argc, char **argv)
{
    host h;
    memset(&h, 0, sizeof h);
    h.baud = 115200;
    h.timeout_ms = 1000;
    h.deadline_ms = DEADLINE_DEFAULT_MS;
    h.hist_shift = 3;
    h.io.fd = -1;
    char err[ERRLEN], msg[ERRLEN + 64];
    const command *c = NULL;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h") || !strcmp(a, "--keys")) {
            /* after run or sweep: the command's own keys (tnsim's, with their ranges) */
            if (c && (!strcmp(c->name, "run") || !strcmp(c->name, "sweep")) &&
                h.nargs < c->max_args) {
                h.args[h.nargs++] = a;
                continue;
            }
            if (a[2] == 'k')
                print_keys_tsv(stdout);
            else
                usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--json")) {
            h.json = 1;
        } else if (!strcmp(a, "--wait")) {
            h.wait = 1;
        } else if (!strcmp(a, "--compare")) {
            h.compare = 1;
        } else if (!strcmp(a, "--port") || !strcmp(a, "--baud") || !strcmp(a, "--timeout") ||
                   !strcmp(a, "--deadline") || !strcmp(a, "--config")) {
            if (i + 1 >= argc) {
                snprintf(msg, sizeof msg, "%s needs a value (see tnhost --help)", a);
                return fail(&h, EXIT_USAGE, "usage", msg);
            }
            const char *v = argv[++i];
            int rc = !strcmp(a, "--config") ? load_config(&h, v, err, sizeof err)
                                            : set_key(&h, a + 2, v, err, sizeof err);
            if (rc)
                return fail(&h, EXIT_USAGE, "usage", err);
        } else if (a[0] == '-' && a[1] == '-') {
            snprintf(msg, sizeof msg, "unknown option '%.64s'; allowed: --port PATH, --baud N, "
                     "--timeout MS, --deadline MS, --wait, --compare, --json, --config FILE, --help", a);
            return fail(&h, EXIT_USAGE, "usage", msg);
        } else if (strchr(a, '=') && !c) {
            char key[64];
            const char *eq = strchr(a, '=');
            size_t kl = (size_t)(eq - a);
            if (kl == 0 || kl >= sizeof key) {
                snprintf(msg, sizeof msg, "argument '%.64s' is not key=value", a);
                return fail(&h, EXIT_USAGE, "usage", msg);
            }
            memcpy(key, a, kl);
            key[kl] = 0;
            if (set_key(&h, key, eq + 1, err, sizeof err))
                return fail(&h, EXIT_USAGE, "usage", err);
        } else if (!c) {
            c = find_command(a);
            if (!c) {
                snprintf(msg, sizeof msg, "unknown command '%.64s'; allowed: " COMMAND_LIST, a);
                return fail(&h, EXIT_USAGE, "usage", msg);
            }
            h.cmd = c->name;
        } else {
            if (h.nargs >= c->max_args) {
                snprintf(msg, sizeof msg, "%s takes %s; unexpected argument '%.64s'", c->name,
                         c->max_args ? "no more arguments" : "no arguments", a);
                return fail(&h, EXIT_USAGE, "usage", msg);
            }
            h.args[h.nargs++] = a;
        }
    }
    if (!c) {
        snprintf(msg, sizeof msg, "no command; allowed: " COMMAND_LIST " (see tnhost --help)");
        return fail(&h, EXIT_USAGE, "usage", msg);
    }
    if (h.nargs < c->min_args) {
        snprintf(msg, sizeof msg, "%s needs %s (usage: tnhost --port PATH %s)", c->name,
                 c->synopsis + strlen(c->name) + 1, c->synopsis);
        return fail(&h, EXIT_USAGE, "usage", msg);
    }
    if (h.compare && strcmp(c->name, "run") && strcmp(c->name, "sweep")) {
        snprintf(msg, sizeof msg, "--compare applies to run and sweep only, not to %s", c->name);
        return fail(&h, EXIT_USAGE, "usage", msg);
    }
    /* run and sweep read port= among their keys, and check it themselves */
    if (!h.port[0] && strcmp(c->name, "run") && strcmp(c->name, "sweep"))
        return fail(&h, EXIT_USAGE, "usage",
                    "no port given; use --port PATH (e.g. /dev/ttyUSB0, or the pty tnboard "
                    "prints)");
    int rc = c->run(&h);
    tn_port_close(&h.io);
    return rc;
}

/* The command's status, unless standard output could not be written (a full disk, a closed
 * pipe): then a message and 1, never a silent success. */
int main(int argc, char **argv)
{
    int rc = tnhost(argc, argv), e = 0;
    if (fflush(stdout))
        e = errno ? errno : EIO;
    else if (ferror(stdout))
        e = EIO; /* an earlier write failed; its errno is gone */
    if (fclose(stdout) && !e)
        e = errno ? errno : EIO;
    if (e) {
        fprintf(stderr, "tnhost: error: standard output: %s\n", strerror(e));
        return rc ? rc : 1;
    }
    return rc;
}
