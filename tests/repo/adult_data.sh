#!/usr/bin/env bash
# data/adult.data.gz is the file data/README.md describes: both checksums of data/SHA256SUMS hold
# (the compressed file, and its decompressed text), and it has the 32,561 records plus header.
# Usage: bash tests/repo/adult_data.sh [ROOT]
set -euo pipefail
cd "${1:-$(dirname "$0")/../..}/data"
want_gz=$(awk '$2 == "adult.data.gz" {print $1}' SHA256SUMS)
want_text=$(awk '$2 == "adult.data" {print $1}' SHA256SUMS)
got_gz=$(sha256sum < adult.data.gz | cut -d' ' -f1)
got_text=$(gzip -dc adult.data.gz | sha256sum | cut -d' ' -f1)
fail=0
[ "$got_gz" = "$want_gz" ] || { echo "adult.data.gz: sha256 $got_gz, SHA256SUMS says $want_gz"; fail=1; }
[ "$got_text" = "$want_text" ] || { echo "adult.data: sha256 $got_text, SHA256SUMS says $want_text"; fail=1; }
records=$(gzip -dc adult.data.gz | grep -c ',')
[ "$records" = 32562 ] || { echo "adult.data: $records lines with commas (want 32,561 records + header)"; fail=1; }
[ $fail = 0 ] && echo "adult data: ok (checksums match, 32,561 records)"
exit $fail
