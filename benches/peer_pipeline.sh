#!/usr/bin/env bash
# The 10,000-card deck through a peer pipeline, for comparison with protopress's own build:
# rsvg-convert turns each unique face into a one-page PDF, pdfunite joins 10 copies of each
# (10,000 pages, one card a page). Needs Debian's librsvg2-bin and poppler-utils; it is a
# measurement aid, not part of the product or its tests.
set -euo pipefail
dir=$(mktemp -d)
PEER_SVG_DIR="$dir/svg" cargo bench --bench build_bench | tee "$dir/bench.txt"
mkdir -p "$dir/pdf"
start=$(date +%s.%N)
for f in "$dir"/svg/*.svg; do
  rsvg-convert -f pdf -o "$dir/pdf/$(basename "$f" .svg).pdf" "$f"
done
mid=$(date +%s.%N)
list=()
for f in "$dir"/pdf/face-0*.pdf; do
  [ "$(basename "$f")" = "face-1000.pdf" ] && continue
  for _ in 1 2 3 4 5 6 7 8 9 10; do list+=("$f"); done
done
pdfunite "${list[@]}" "$dir/peer.pdf"
end=$(date +%s.%N)
echo "peer: rsvg-convert $(echo "$mid - $start" | bc) s, pdfunite $(echo "$end - $mid" | bc) s, total $(echo "$end - $start" | bc) s, $(du -k "$dir/peer.pdf" | cut -f1) KB"
rm -rf "$dir"
