#!/usr/bin/env python3
"""Summarises the Adult experiment (Figure 2 of the RLDP paper, `privlab experiment rldp adult`) as
Markdown: per pair and epsilon the NMI of PolyOpt, NR, IR, SRR and GRR; for PolyOpt and NR also
the mutual information I(X;Y) in nats, the proven upper bound on LP (46)'s optimum, and whether
the time budget stopped the column generation. Then per pair, the widest proven gap.

Usage: python3 bench/summarize_rldp_adult.py docs/results/rldp-adult-full.json
"""
import json
import sys


def main():
    response = json.load(open(sys.argv[1]))
    columns = response["columns"]
    rows = [dict(zip(columns, row)) for row in response["rows"]]
    table = {}
    for r in rows:
        table.setdefault((r["pair"], r["epsilon"]), {})[r["mechanism"]] = r

    def lp_cell(r):
        if r is None:
            return "-"
        text = "%.4f" % r["nmi"]
        if r["upper_bound"] is not None:
            text += " (I %.3f, bound %.3f%s)" % (r["mutual_information"], r["upper_bound"],
                                                 ", stopped" if r["stopped"] else "")
        return text

    print("| pair | eps | PolyOpt NMI (I, proven bound on I) | NR NMI (I, bound) | IR | SRR | GRR |")
    print("|---|---|---|---|---|---|---|")
    for (pair, eps), by in table.items():
        plain = ["%.4f" % by[m]["nmi"] if m in by else "-" for m in ("ir", "srr", "grr")]
        print("| %s | %g | %s | %s | %s |" % (pair, eps, lp_cell(by.get("polyopt")), lp_cell(by.get("nr")), " | ".join(plain)))
    print()
    print("| pair | mechanism | points | stopped | proven gap median / worst (nats) |")
    print("|---|---|---|---|---|")
    for pair in dict.fromkeys(p for p, _ in table):
        for mech in ("polyopt", "nr"):
            got = [by[mech] for (p, _), by in table.items() if p == pair and mech in by]
            gaps = sorted(r["gap"] for r in got if r["gap"] is not None)
            if not got:
                continue
            gap = "%.2g / %.2g" % (gaps[len(gaps) // 2], gaps[-1]) if gaps else "no bound"
            print("| %s | %s | %d | %d | %s |" % (pair, mech, len(got), sum(1 for r in got if r["stopped"]), gap))
    notes = response.get("notes", [])
    print()
    print("Notes of the run: %s" % ("; ".join(notes) if notes else "none (every mechanism passed its audit)"))


if __name__ == "__main__":
    main()
