# SPDX-License-Identifier: MIT
# JUnit XML for the random checks of make regress (tb/checks/board_fuzz.py, tb/checks/cli_fuzz.py):
# one <testcase> per case, one <testsuite> per file; regress.sh merges the files.
from xml.sax.saxutils import quoteattr


def case(suite, name, seconds=None, failure=None, skipped=False):
    """One <testcase>: passed, failed (failure: its message) or skipped."""
    t = f' time="{seconds:.1f}"' if seconds is not None else ""
    head = f'<testcase classname="{suite}" name={quoteattr(name)}{t}'
    if skipped:
        return head + "><skipped/></testcase>"
    if failure is not None:
        return head + f"><failure message={quoteattr(failure)}/></testcase>"
    return head + "/>"


def write(path, suite, cases, failures, skipped, seconds):
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write(f'<testsuite name="{suite}" tests="{len(cases)}" failures="{failures}" '
                f'skipped="{skipped}" time="{seconds:.0f}">\n')
        f.write("\n".join(cases) + "\n</testsuite>\n")
