#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Source mutants of the RTL and of the C model, for measuring what the tests catch
(tb/checks/mutate.sh).

A mutant is one small change at one place of one file: an operator replaced by another
(&& ||, & |, == !=, > >=, < <=, + -), a logical or bitwise negation removed, or a one-bit
constant flipped.

In a Verilog file only code a Verilated default build simulates is mutated: not comments,
attributes or strings, not the `ifdef TN_FAULT_ blocks (the planted faults) nor the non-Verilator
branches, not declarations of parameters, localparams, genvars or integers, not the lint sinks
(`unused` wires), not bit and part selects (inside [ ]), not loop headers, not $display and the
like. docs/verification.md, "Mutants".

In a C file (name ending .c) every expression is code: comments, strings, character constants
and preprocessor lines are left alone, and so are the (void) casts that mark a parameter unused;
loop headers and array indices are mutated (an off-by-one is a mutant like any other); `<=` also
becomes `<`; the one-bit constants are `true` and `false`. `++`, `--`, `->` and compound
assignments are not operators here.

  mutate.py list FILE...              one line per mutant: ID FILE:LINE:COL OLD NEW, then the line
  mutate.py apply ID OUT FILE...      write the mutant ID's file, with the change, to OUT
  mutate.py sample COUNT SEED FILE... COUNT ids drawn without replacement (Python's random, SEED)

IDs count the mutants of the files in the order given, so the same files give the same IDs.
"""
import random
import re
import sys

SKIP_WORDS = re.compile(r"\b(parameter|localparam|genvar|integer|unused\w*)\b|\$\w+")


def blank(text, start, end):
    """text with [start, end) blanked, newlines kept (positions stay those of the source)"""
    return text[:start] + "".join(c if c == "\n" else " " for c in text[start:end]) + text[end:]


def blank_parenthesised(out, opening):
    """out with each match of opening (ending in '(') blanked up to its matching ')'"""
    for m in re.finditer(opening, out):
        depth, i = 0, m.end() - 1
        while i < len(out):
            if out[i] == "(":
                depth += 1
            elif out[i] == ")":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        out = blank(out, m.start(), i + 1)
    return out


def simulated(text):
    """the text a Verilated default build reads, every other character blanked"""
    out = text
    # comments and strings
    for m in re.finditer(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"', text, re.S):
        out = blank(out, m.start(), m.end())
    # preprocessor: VERILATOR is defined, TN_FAULT_* are not; no other macro is tested in rtl/
    stack = []   # per level: (this branch read, some branch of the level read)
    lines = out.split("\n")
    res = []
    for line in lines:
        s = line.strip()
        m = re.match(r"`(ifdef|ifndef|elsif|else|endif)\b\s*(\w*)", s)
        live = all(r for r, _ in stack)
        if m:
            kw, name = m.group(1), m.group(2)
            defined = name == "VERILATOR"
            if kw in ("ifdef", "ifndef"):
                r = defined if kw == "ifdef" else not defined
                stack.append((r, r))
            elif kw == "elsif":
                _, taken = stack.pop()
                r = (not taken) and defined
                stack.append((r, taken or r))
            elif kw == "else":
                _, taken = stack.pop()
                stack.append((not taken, True))
            else:
                stack.pop()
            res.append(" " * len(line))
        elif s.startswith("`"):
            res.append(" " * len(line))
        else:
            res.append(line if live else " " * len(line))
    out = "\n".join(res)
    # attributes
    for m in re.finditer(r"\(\*.*?\*\)", out, re.S):
        out = blank(out, m.start(), m.end())
    # loop headers, for ( ... ), and parameter values of instances, #( ... )
    out = blank_parenthesised(out, r"\bfor\s*\(")
    out = blank_parenthesised(out, r"#\s*\(")
    # statements (and module headers, up to their ';') that declare or only feed lint sinks
    start = 0
    for i, c in enumerate(out + ";"):
        if c == ";":
            if SKIP_WORDS.search(out[start:i]):
                out = blank(out, start, i)
            start = i + 1
    # bit and part selects, widths and array indices
    depth, s0 = 0, 0
    spans = []
    for i, c in enumerate(out):
        if c == "[":
            if depth == 0:
                s0 = i
            depth += 1
        elif c == "]" and depth > 0:
            depth -= 1
            if depth == 0:
                spans.append((s0, i + 1))
    for a, b in spans:
        out = blank(out, a, b)
    return out


def simulated_c(text):
    """a C file with comments, strings, character constants, preprocessor lines and (void) casts
    blanked"""
    out = text
    for m in re.finditer(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])'", text, re.S):
        out = blank(out, m.start(), m.end())
    # preprocessor lines, with their continuations
    for m in re.finditer(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", out, re.M):
        out = blank(out, m.start(), m.end())
    for m in re.finditer(r"\(void\)[^;{}]*;", out):  # a cast statement, not a (void) parameter list
        out = blank(out, m.start(), m.end())
    return out


# operators replaced wherever they stand (<= is left alone: it is also the nonblocking assignment)
SWAP = {"&&": "||", "||": "&&", "==": "!=", "!=": "==", ">=": ">", ">": ">=", "<": "<="}
OPERAND_END = re.compile(r"[\w)\]}']")
LITERAL = re.compile(r"\d*'[sS]?[bBoOdDhH][0-9a-fA-FxXzZ_]+")
IDENT = re.compile(r"[A-Za-z_]\w*")


def groups(sim):
    """for each offset, the (start, end) of its innermost enclosing parentheses, or None"""
    enc = [None] * len(sim)
    stack = []
    spans = []
    for i, c in enumerate(sim):
        if c == "(":
            stack.append(i)
        elif c == ")" and stack:
            spans.append((stack.pop(), i + 1))
    for a, b in sorted(spans, key=lambda s: s[1] - s[0], reverse=True):
        for i in range(a, b):
            enc[i] = (a, b)
    return enc


def elaboration_only(sim, enc, i):
    """the site's parentheses hold only parameters (upper case) and numbers: a choice made at
    elaboration (a parameter check, a generate condition), not logic"""
    g = enc[i]
    if g is None:
        return False
    names = IDENT.findall(LITERAL.sub(" ", sim[g[0]:g[1]]))
    return all(n.upper() == n for n in names)


def prev_nonspace(sim, i):
    """the last character of sim before offset i that is not white space ("" at the start)"""
    j = i - 1
    while j >= 0 and sim[j] in " \t\n":
        j -= 1
    return sim[j] if j >= 0 else ""


def sites_c(text):
    """the mutants of one C file: (offset, old, new)"""
    sim = simulated_c(text)
    found = []

    def binary(i):
        """the operator at i has an operand before it (not after return, case, ...)"""
        if not OPERAND_END.match(prev_nonspace(sim, i)):
            return False
        m = re.search(r"([A-Za-z_]\w*)\s*$", sim[:i])
        return not (m and m.group(1) in ("return", "case", "sizeof", "else", "do"))

    swap = dict(SWAP, **{"<=": "<"})
    for m in re.finditer(r"&&|\|\||==|!=|>=|<=|<<=|>>=|<<|>>|->|\+\+|--|[&|^+-]=|[&|<>~!+-]|\b(?:true|false)\b",
                         sim):
        tok, i = m.group(0), m.start()
        after = sim[m.end():m.end() + 1]
        if tok in swap:
            found.append((i, tok, swap[tok]))
        elif tok in ("&", "|") and binary(i):
            found.append((i, tok, "|" if tok == "&" else "&"))
        elif tok in ("+", "-") and binary(i):
            found.append((i, tok, "-" if tok == "+" else "+"))
        elif tok in ("~", "!") and after != "=":
            found.append((i, tok, ""))
        elif tok in ("true", "false"):
            found.append((i, tok, "false" if tok == "true" else "true"))
    return found


def sites(text, path=""):
    """the mutants of one file: (offset, old, new)"""
    if path.endswith(".c"):
        return sites_c(text)
    sim = simulated(text)
    enc = groups(sim)
    found = []

    for m in re.finditer(r"&&|\|\||===|!==|==|!=|>=|<=|<<|>>|->|[&|<>~!+-]|\b1'b[01]\b", sim):
        tok, i = m.group(0), m.start()
        after = sim[m.end():m.end() + 1]
        if tok in SWAP:
            found.append((i, tok, SWAP[tok]))
        elif tok in ("&", "|") and OPERAND_END.match(prev_nonspace(sim, i)) and after not in "&|^=~":
            found.append((i, tok, "|" if tok == "&" else "&"))
        elif tok in ("+", "-") and OPERAND_END.match(prev_nonspace(sim, i)) and after not in ":=":
            found.append((i, tok, "-" if tok == "+" else "+"))
        elif tok == "~" and after not in "&|^":
            found.append((i, tok, ""))
        elif tok == "!":
            found.append((i, tok, ""))
        elif tok.startswith("1'b") and not (i > 0 and sim[i - 1].isalnum()):
            found.append((i, tok, "1'b1" if tok == "1'b0" else "1'b0"))
    return [f for f in found if not elaboration_only(sim, enc, f[0])]


def all_sites(files):
    out = []
    for f in files:
        with open(f) as fh:
            text = fh.read()
        for off, old, new in sites(text, f):
            line = text.count("\n", 0, off) + 1
            col = off - (text.rfind("\n", 0, off) + 1) + 1
            out.append((f, off, line, col, old, new, text))
    return out


def usage():
    sys.stderr.write(__doc__)
    sys.exit(2)


def main(argv):
    if len(argv) < 3:
        usage()
    cmd = argv[1]
    if cmd == "list":
        for n, (f, _, line, col, old, new, text) in enumerate(all_sites(argv[2:])):
            src = text.split("\n")[line - 1].strip()
            print(f"{n} {f}:{line}:{col} {old or '(none)'} {new or '(none)'} | {src}")
    elif cmd == "apply" and len(argv) >= 5:
        s = all_sites(argv[4:])
        try:
            n = int(argv[2])
        except ValueError:
            n = -1
        if not 0 <= n < len(s):
            sys.stderr.write(f"mutate.py: mutant '{argv[2]}' is not one of 0..{len(s) - 1}\n")
            sys.exit(2)
        f, off, line, col, old, new, text = s[n]
        with open(argv[3], "w") as fh:
            fh.write(text[:off] + new + text[off + len(old):])
        print(f"{f}:{line}:{col} {old or '(none)'} -> {new or '(none)'}")
    elif cmd == "sample" and len(argv) >= 5:
        total = len(all_sites(argv[4:]))
        try:
            count, seed = int(argv[2]), int(argv[3])
        except ValueError:
            usage()
        ids = random.Random(seed).sample(range(total), min(count, total))
        print(" ".join(str(i) for i in sorted(ids)))
    else:
        usage()


if __name__ == "__main__":
    main(sys.argv)
