"""Normalises a privlab response for the golden test (tests/cli/golden_examples.sh).

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


def main():
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
