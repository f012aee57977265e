/* SPDX-License-Identifier: MIT */
/* The table of the model's configuration keys (config.c): one entry per key accepted by
 * tn_config_set, from which the parser, the usage text of tn_cli_usage and the unknown-key
 * message are all drawn. Private to the model's library and its unit tests. */
#ifndef TN_KEYS_H
#define TN_KEYS_H

#include <stddef.h>
#include "tn.h"
#include "tn_cli.h"

enum tn_key_type {
    TN_KEY_INT,    /* int field, an integer in lo..hi */
    TN_KEY_LONG,   /* long field, an integer in lo..hi */
    TN_KEY_U32,    /* uint32_t field, an integer in lo..hi */
    TN_KEY_DOUBLE, /* double field, a number in dlo..dhi */
    TN_KEY_ENUM,   /* int field, the index of the value in names[0..built) */
    TN_KEY_ONOFF,  /* int field, 1 for on, 0 for off */
    TN_KEY_PKT,    /* packet length L or range A-B, lo <= A <= B <= hi: off (min), off2 (max) */
    TN_KEY_NODES,  /* lo..hi comma-separated node ids: off (int array), off2 (int count) */
    TN_KEY_PATH    /* char array at off, a path of lo..hi characters */
};

#define TN_KEY_NO_FIELD ((size_t)-1)

typedef struct tn_key {
    const char *name;
    int type;                /* enum tn_key_type */
    size_t off;              /* the field of tn_config it sets */
    size_t off2;             /* PKT: pkt_max; NODES: the count; else TN_KEY_NO_FIELD */
    size_t given;            /* int flag set to 1 when the key is given, or TN_KEY_NO_FIELD */
    long lo, hi;             /* INT LONG U32 PKT: values; NODES: count; PATH: length */
    double dlo, dhi;         /* DOUBLE */
    const char *const *names; /* ENUM: the value names, index = enum value */
    int count, built;        /* ENUM: names known (count), accepted (built <= count); a known but
                                unbuilt name gets "is not built yet in this version" */
    const char *note;        /* appended to the allowed range in error messages ("" for none) */
    const char *def;         /* default as shown in usage: a value the key accepts, equal to
                                what tn_config_default sets; NULL when there is none (help says) */
    const char *help;        /* one line */
} tn_key;

/* The table, in the order of the unknown-key message and the usage text. */
const tn_key *tn_keys(int *count);
/* The key named name, or NULL. */
const tn_key *tn_key_find(const char *name);
/* Set the key's field(s) from value: 0, or -1 with "key 'K': value 'V' is not allowed;
 * allowed: RANGE" in err. */
int tn_key_set(const tn_key *k, tn_config *c, const char *value, char *err, size_t errlen);
/* The allowed range as error messages give it ("an integer in 2..64", "on off (...)"). */
void tn_key_range(const tn_key *k, char *buf, size_t len);
/* The allowed range in short, for the usage text ("2..64", "on off"). */
void tn_key_brief(const tn_key *k, char *buf, size_t len);
/* A value as the error messages show it, safe to print and short enough to leave room for the
 * allowed range: each byte below 0x20 and 0x7f as \xNN (four characters), the rest as is; whole
 * when that takes up to TN_SHOW_MAX characters, else as much as fits in TN_SHOW_MAX and "... (N
 * characters)", N the value's length. Returns buf (TN_SHOW_LEN bytes). */
#define TN_SHOW_MAX 200
#define TN_SHOW_LEN (TN_SHOW_MAX + 40)
const char *tn_val_show(const char *v, char *buf);
/* "unknown key 'K' (value 'V'); allowed keys: " and every model key then every extra key, in
 * err (truncated to errlen); returns -1. */
int tn_key_unknown(const char *key, const char *value, const tn_cli_key *extra, int nextra,
                   char *err, size_t errlen);

#endif
