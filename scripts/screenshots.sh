#!/usr/bin/env bash
# scripts/screenshots.sh — regenerates the canvas screenshots in assets/ (the README's and docs/'s pictures)
# with the release build, under Xvfb, at 1280x800: the arguments below are the ones the docs cite next
# to each picture. (assets/bench-panel.png is a crop of the panel after a benchmark run: made by hand.)
#
#   scripts/screenshots.sh            all of them
#   scripts/screenshots.sh outside    only assets/outside.png (any names, without .png)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v xvfb-run >/dev/null || { echo "xvfb-run missing (Debian: apt-get install xvfb)" >&2; exit 1; }
cargo build --release --quiet
declare -A SHOTS=(
  [outside]="--circle 2.9,2.3,1.8 --box=-2,-1,2,1.5 --algorithm arvo"
  [inside]="--circle 1,0.5,0.6 --box=-2,-1,2,1.5 --algorithm fold --case inside"
  [corner-false-positive]="--circle 2.8,2.3,1 --box=-2,-1,2,1.5 --algorithm planes_naive"
  [separated]="--circle -4,-3.2,1.2 --box=-2,-1,2,1.5 --algorithm zones"
  [teach-agreement-ears]="--scene algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5&overlay=agreement"
  [teach-published-branchless]="--scene algorithm=branchless&circle=2.5,1,1.5&box=-2,-1,2,1.5&overlay=agreement&published=1"
  [teach-tour-distance]="--scene algorithm=clamp&circle=3.5,0.5,1.2&box=-2,-1,2,1.5&overlay=distance&tour=2"
  [motion-slide]="--scene circle=-3,2.5,0.6&box=-2,-1,2,1&motion=on&velocity=4,-3&response=slide"
  [motion-tunnelling]="--scene circle=-3,0,0.5&box=-0.1,-2,0.1,2&motion=on&velocity=6.5,0&response=slide"
  [playground-race]="--scene playground=on&level=flush-floor&race=on&ball=22.5,1.484375,0.5&steps=150"
  [playground-stairs]="--scene playground=on&level=stairs&race=on&steps=330"
  [play-steps]="--scene play=on&level=course-run&inputs=R*700&steps=600"
  [play-ceiling]="--scene play=on&level=course-shaft&inputs=R*150,RJ*15&steps=165"
  [play-race]="--scene play=on&level=course-run&inputs=R*702,RJ*6,R*84,RJ*35,R*50,RJ*45,R*100,RJ*40,R*20,N*60&race=on&steps=1262"
  [play-ramps-race]="--scene play=on&level=course-ramps&inputs=R*300&race=on&steps=100"
  [3d-planes-false-positive]="--scene algorithm=planes&view=3d&sphere=1.65,1.65,1.65,1&box3=-1,-1,-1,1,1,1&grown=both&camera=-45,14,10.5,0.5,0.5,0.3"
  [3d-face]="--sphere 1.6,0.3,0.2,1 --box=-1,-1,-1,1,1,1 --algorithm clamp"
  [3d-inside]="--scene algorithm=fold&view=3d&sphere=0.5,0.2,0.1,0.6&box3=-1.5,-1,-1,1.5,1,1&xray=on&slice=z"
  [3d-sweep]="--sphere=-5,0.4,0.3,1 --box=-1,-1,-1,1,1,1 --algorithm clamp --velocity 10,0,0"
)
names=("$@")
[[ ${#names[@]} -gt 0 ]] || mapfile -t names < <(printf '%s\n' "${!SHOTS[@]}" | sort)
for name in "${names[@]}"; do
  [[ -n "${SHOTS[$name]:-}" ]] || { echo "unknown screenshot: $name (known: ${!SHOTS[*]})" >&2; exit 2; }
  read -r -a args <<<"${SHOTS[$name]}"
  xvfb-run -a -s '-screen 0 1280x800x24' target/release/circle-aabb-lab --screenshot "assets/$name.png" --size 1280x800 "${args[@]}"
done
