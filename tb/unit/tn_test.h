/* SPDX-License-Identifier: MIT */
/* Common includes of the cmocka unit tests. */
#ifndef TN_TEST_H
#define TN_TEST_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "tn.h"
#endif
