#!/bin/sh
# The truth verdicts of every record of the stored played-out sets (see
# scripts/played_out_truth.py), two sets at a time, into
# crates/tengen-player/tests/data/played_out_truth.txt. About 35 minutes on two cores.
set -eu
cd "$(dirname "$0")/.."
data=crates/tengen-player/tests/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$data"/played_out*.sgf.gz; do
    echo "$f"
done | xargs -P 2 -I{} sh -c 'python3 scripts/played_out_truth.py --set "{}" > "'"$tmp"'/$(basename "{}" .sgf.gz).txt"'
cat "$tmp"/*.txt | sort -k1,1 -k2,2n > "$data/played_out_truth.txt"
grep -c ambiguous "$data/played_out_truth.txt" | sed 's/$/ records ambiguous/'
