"""Normalises and compares privlab responses for the golden test (tests/cli/golden_examples.sh).

  golden_normalize.py < response.json            writes the normalised response (below)
  golden_normalize.py compare GOT WANT [RTOL]    exit 0 when GOT matches WANT: the same structure
                                                 exactly, numbers within a relative tolerance

Comparing: objects must have the same keys in the same order, arrays the same lengths, strings,
booleans and nulls the same values, and every number must agree with the fixture's to a relative
tolerance RTOL (default 1e-9) of max(|a|, |b|, 1e-300), or absolutely to 1e-12 (values near 0):
a change in the 15th digit passes, a wrong answer does not. Differences are listed by JSON
pointer (at most 20).

Reads one response from stdin and writes it back with every timing field removed (keys that
name a duration: "seconds", "elapsed", "time", a "_ms" suffix; in an experiment table, the
columns so named and the plots of them), in a stable, diff-friendly
layout. Numbers keep their exact value: Python's float repr is the shortest text that reads
back to the same double, and integers stay integers, so two responses that differ only in
timing give the same text, and any other difference (a digit, a key, the order of keys)
remains.
"""
import json
import re
import sys

TIMING = re.compile(r"(seconds|elapsed|time|duration|_ms$|^ms$)", re.IGNORECASE)


def strip_table(value):
    """An experiment table ({columns, rows, plots}): drops timing columns and their plots."""
    cols = value["columns"]
    keep = [i for i, c in enumerate(cols) if not (isinstance(c, str) and TIMING.search(c))]
    value = dict(value)
    value["columns"] = [cols[i] for i in keep]
    value["rows"] = [[row[i] for i in keep] if isinstance(row, list) else row for row in value["rows"]]
    if isinstance(value.get("plots"), list):
        value["plots"] = [p for p in value["plots"]
                          if not (isinstance(p, dict) and isinstance(p.get("y"), str) and TIMING.search(p["y"]))]
    return value


def strip(value):
    if isinstance(value, dict):
        if isinstance(value.get("columns"), list) and isinstance(value.get("rows"), list):
            value = strip_table(value)
        return {k: strip(v) for k, v in value.items() if not TIMING.search(k)}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def differences(got, want, path="", out=None, rtol=1e-9):
    """JSON-pointer descriptions of where `got` departs from `want` (structure exact, numbers
    to rtol)."""
    out = [] if out is None else out
    if len(out) >= 20:
        return out
    num = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
    if num(got) and num(want):
        a, b = float(got), float(want)
        if a != b and not (abs(a - b) <= 1e-12 or abs(a - b) <= rtol * max(abs(a), abs(b), 1e-300)):
            out.append("%s: %r, fixture %r (relative difference %.3g)" % (path or "/", got, want,
                       abs(a - b) / max(abs(a), abs(b))))
    elif type(got) is not type(want):
        out.append("%s: %s, fixture %s" % (path or "/", type(got).__name__, type(want).__name__))
    elif isinstance(want, dict):
        if list(got.keys()) != list(want.keys()):
            out.append("%s: keys %s, fixture %s" % (path or "/", list(got.keys()), list(want.keys())))
        else:
            for k in want:
                differences(got[k], want[k], path + "/" + str(k).replace("~", "~0").replace("/", "~1"), out, rtol)
    elif isinstance(want, list):
        if len(got) != len(want):
            out.append("%s: %d items, fixture %d" % (path or "/", len(got), len(want)))
        else:
            for i, (g, w) in enumerate(zip(got, want)):
                differences(g, w, "%s/%d" % (path, i), out, rtol)
    elif got != want:
        out.append("%s: %r, fixture %r" % (path or "/", got, want))
    return out


def compare(got_file, want_file, rtol):
    with open(got_file, encoding="utf-8") as f:
        got_text = f.read()
    with open(want_file, encoding="utf-8") as f:
        want = json.load(f)
    try:
        got = json.loads(got_text)
    except ValueError:
        print("  the response is not JSON: " + got_text[:200])
        return 1
    diffs = differences(got, want, rtol=rtol)
    for d in diffs:
        print("  " + d)
    return 1 if diffs else 0


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3], float(sys.argv[4]) if len(sys.argv) > 4 else 1e-9))
    text = sys.stdin.read()
    try:
        value = json.loads(text)
    except ValueError as err:
        sys.stdout.write("UNPARSEABLE: %s\n%s" % (err, text[:2000]))
        return
    json.dump(strip(value), sys.stdout, indent=1, ensure_ascii=False, allow_nan=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
