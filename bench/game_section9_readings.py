#!/usr/bin/env python3
"""The readings of Section 9 on the map against the paper's Figures 2-7 (core/game/README.md,
"Section 9 on the paper's map"), counted from the four experiments' CSVs.

Usage: python3 bench/game_section9_readings.py docs/results/game-section9-map
"""
import csv, sys, statistics as st
from collections import defaultdict
d=sys.argv[1]
R=lambda f: list(csv.DictReader(open(f"{d}/{f}.csv")))
F=lambda r,k: float(r[k])
s1=R('scenario1'); g=defaultdict(dict)
for r in s1: g[(r['user'],r['epsilon'])][r['mechanism']]=r
a=sum(F(x['distortion'],'cost')<=F(x['dp'],'cost')+1e-9 for x in g.values())
b=sum(F(x['joint'],'adversary_error')>=max(F(x['dp'],'adversary_error'),F(x['distortion'],'adversary_error'))-2e-6 for x in g.values())
c=sum(F(r,'bayes_error')>=F(r,'adversary_error')-1e-9 for r in s1)
print(f"Fig2 dist cost<=dp {a}/{len(g)}; joint err>=max {b}/{len(g)}; Fig3-4 bayes>=opt {c}/{len(s1)}")
for m in ('dp',):
    for e in ('0.75','0.9'):
        rs=[x[m] for k,x in g.items() if k[1]==e]
        print(f"  {m} eps {e}: median err {st.median(F(r,'adversary_error') for r in rs):.3f} cost {st.median(F(r,'cost') for r in rs):.4f}")
s2=R('scenario2'); g=defaultdict(dict)
for r in s2: g[(r['user'],r['epsilon'],r['d_m'])][r['mechanism']]=r
f=sum(abs(F(x['joint'],'adversary_error')-max(F(x['dp'],'adversary_error'),F(x['distortion'],'adversary_error')))<=1e-3 for x in g.values())
h=sum(F(x['joint'],'adversary_error')>=float(k[2])-1e-6 for k,x in g.items())
print(f"Fig5 joint follows max within 1e-3 {f}/{len(g)}; >= d_m {h}/{len(g)}")
pm=R('prior_mismatch'); inf=[r for r in pm if F(r,'lambda')>0]
rob=sum(F(r,'error_dp')>=F(r,'error_distortion')-1e-12 for r in inf)
print(f"Fig6 dp>=dist {rob}/{len(inf)}")
for lam in ('0.0','0.25','0.5','0.75'):
    rs=[r for r in pm if r['lambda']==lam]
    print(f"  lambda {lam}: dp {st.median(F(r,'error_dp') for r in rs):.2f} dist {st.median(F(r,'error_distortion') for r in rs):.2f}")
s3=R('scenario3'); g=defaultdict(dict)
for r in s3: g[r['experiment']][r['mechanism']]=r
eq=sum(F(x['joint'],'cost')<=max(F(x['dp'],'cost'),F(x['distortion'],'cost'))+1e-7 for x in g.values())
below=sum(F(x['joint'],'cost')<max(F(x['dp'],'cost'),F(x['distortion'],'cost'))-1e-7 for x in g.values())
print(f"Fig7 experiments {len(g)}: joint cost = max {eq-below}, above {len(g)-eq}, below {below}")
