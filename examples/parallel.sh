#!/bin/bash
# Figure 2c/2d (K = 1000) in 8 shards with GNU parallel (Debian package `parallel`), then merged
# into experiments/figure2cd.{json,csv} and its plots, byte-identical to the unsharded run.
# Add --sshloginfile FILE (or -S host1,host2) to spread the shards over machines that share
# the working directory; rerunning the line recomputes only the shards not yet complete.
parallel -j 8 privlab experiment rldp-mse figure2cd --set K=1000 --set allow_large=true --jobs 1 --shard {}/8 --out parts/figure2cd/{} ::: $(seq 0 7)
privlab merge --out experiments parts/figure2cd/*
