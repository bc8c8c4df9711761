#!/usr/bin/env bash
# test-desktop.sh — the desktop demo in a real (virtual) window.
#
# Builds the release binary, then under Xvfb (xvfb-run -a):
#   1. --screenshot of an outside, an inside and a separated scene: each PNG has the requested size,
#      is not blank (ImageMagick colour count), and the three differ from each other; a motion scene (the
#      tunnelling preset) differs from the same scene standing still and shows the TUNNELLED mark; a
#      playground race (`steps=150`: simulated before drawing, no clock) differs from the same level not
#      raced and from the still scene, shows discrete-in-order's colour, and is the same picture twice; a
#      Play ghost race (course 1) differs from the level at its start, shows the HUD's grounded flag, and is
#      the same picture twice;
#   2. the same arguments twice give identical PNGs (0 differing pixels); the 3D view (--sphere with a
#      6-number --box): the face-plane counter-example, a face contact and an inside case, each taken twice
#      (identical) and different from each other and from the 2D picture; the counter-example shows the
#      red WRONG banner; a 3D sweep (--velocity VX,VY,VZ, tunnelling) is the same twice and differs from
#      the sphere standing still; the slice's agreement map, distance field and zones differ from each other;
#   3. bad arguments exit non-zero, name the bad field, and write no PNG (no window opened);
#   4. the app started normally survives an xdotool mouse drag of the circle, and the picture changes; the
#      box keys (] ] Shift+→ Shift+→) change it again, and Tab draws the focus ring on the panel;
#   5. prints the frame-time figures (--frame-stats: fps, CPU ms update / egui / draw, canvas batches) of the
#      default scene and the heaviest one at 1280x800 — printed, never judged (a frame rate depends on the
#      machine); it fails only when the app does not run or prints nothing;
#   6. --svg figures of four scenes, written with no display, rasterised, against their screenshots (at the end).
#   7. the tour's chapters: one step of each by --scene 'tour=CHAPTER:STEP', each non-blank and different
#      from the others; a bad chapter or step exits 2 naming tour;
#   8. embed=1 at 480x320: no panel, the toolbar drawn, a tour step's one-line caption;
#   9. the quiz: questions opened by quiz=SEED:N show no verdict colour;
#  10. motion mode with a turned box (angle=30, the tour's motion:5): the slide's path (the continuation's
#      violet) runs along the tilted face — its pixels' main direction is 30° off the horizontal, unlike the
#      same throw at angle=0; --svg of it is written, with an overlay it and angle=nan are refused naming angle.
#  11. the playground with a wall tilted 20°: the ball's trail off the fall and the floor is a 20° line;
#      a bad obb= exits 2 naming obb;
#  12. a turned box in 3D (rotation=W,X,Y,Z): the identity is the aligned picture to the pixel; turned 45 degrees,
#      the picture differs and the aligned box's side-face shade is (almost) gone.
#  13. the box turned (angle=30): differs from angle=0, the box's-view inset drawn (tour still:8, presentation too).
#  14. --svg of a turned box (still, and motion's tilted wall) against its screenshot, as in 6: the circle, the
#      turned box (its polygon's bounding box) and the closest point or the impact ghost within 3 px.
#  15. the rain of balls (rain=100000): ball-coloured pixels in the canvas, the same picture twice, rain=5 refused
#      naming rain; the frame-time figures of a live rain of 10^6 balls printed (never judged).
# PNGs go to target/test-desktop/. Exits non-zero on the first failure.
#
# Needs: Xvfb (xvfb-run), xdotool, ImageMagick (identify, compare, import). scripts/check.sh installs them.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=target/test-desktop
BIN=target/release/circle-aabb-lab
mkdir -p "$OUT"
rm -f "$OUT"/*.png

fail() { echo "test-desktop: FAIL: $*" >&2; exit 1; }
pass() { echo "test-desktop: ok: $*"; }
for tool in xvfb-run xdotool identify compare import convert; do
    command -v "$tool" >/dev/null || fail "missing tool: $tool (install xvfb, xdotool, imagemagick)"
done

cargo build --release --quiet

# One virtual screen for all screenshot runs (large enough for every --size used here).
XVFB=(xvfb-run -a -s "-screen 0 1600x1000x24")

shot() { # shot NAME ARGS... — screenshot mode, must exit 0 and write OUT/NAME.png
    local name=$1; shift
    timeout 60 "${XVFB[@]}" "$BIN" --screenshot "$OUT/$name.png" --size 960x600 "$@" 2>"$OUT/$name.log" \
        || fail "$name: screenshot mode exited with $? ($(tail -3 "$OUT/$name.log"))"
    [[ -s "$OUT/$name.png" ]] || fail "$name: no PNG written"
    local size colours
    size=$(identify -format '%wx%h' "$OUT/$name.png")
    [[ $size == 960x600 ]] || fail "$name: PNG is $size, expected 960x600"
    colours=$(identify -format '%k' "$OUT/$name.png")
    ((colours >= 50)) || fail "$name: only $colours colours: blank picture?"
    # The window is opaque, so is its picture (the framebuffer's alpha is what blending left there).
    local alpha
    alpha=$(identify -format '%[fx:minima.a]' "$OUT/$name.png")
    [[ $alpha == 1 ]] || fail "$name: the PNG is translucent (least alpha $alpha)"
    pass "$name.png $size, $colours colours, opaque"
}

# Pixels that differ between two PNGs (compare prints the count on stderr; exit 1 means "different").
diff_px() { { compare -metric AE "$1" "$2" null: 2>&1 >/dev/null || true; } | awk '{print int($1)}'; }

# 1. Three scenes.
shot outside --circle 2.9,2.3,1.8 --box=-2,-1,2,1.5 --algorithm arvo
shot inside --circle 1,0.5,0.6 --box=-2,-1,2,1.5 --case inside
shot separated --circle 5,-3,1 --box=-2,-1,2,1.5 --algorithm fold
for pair in "outside inside" "outside separated" "inside separated"; do
    set -- $pair
    d=$(diff_px "$OUT/$1.png" "$OUT/$2.png")
    ((d > 1000)) || fail "$1.png and $2.png differ in only $d pixels"
    pass "$1 vs $2: $d pixels differ"
done

# 1b. Motion mode (the tunnelling preset): not blank, different from the same scene standing still,
#     and the TUNNELLED mark (palette::WARNING) is drawn; --velocity gives the same picture as the scene key.
TUNNEL_SCENE='circle=-3,0,0.5&box=-0.1,-2,0.1,2&motion=on&velocity=6.5,0&response=slide'
shot motion-tunnelling --scene "$TUNNEL_SCENE"
shot motion-still --scene 'circle=-3,0,0.5&box=-0.1,-2,0.1,2'
d=$(diff_px "$OUT/motion-tunnelling.png" "$OUT/motion-still.png")
((d > 5000)) || fail "the motion scene differs from the still one in only $d pixels"
pass "motion vs still: $d pixels differ"
red=$(convert "$OUT/motion-tunnelling.png" -crop 640x600+0+0 +repage -fuzz 4% -fill black +opaque 'rgb(255,90,70)' \
    -fill white -opaque 'rgb(255,90,70)' -format '%[fx:int(mean*w*h)]' info:)
((red > 500)) || fail "no TUNNELLED mark in the motion screenshot ($red warning-red pixels)"
pass "the motion screenshot shows the TUNNELLED mark ($red warning-red pixels)"
shot motion-velocity-arg --circle=-3,0,0.5 --box=-0.1,-2,0.1,2 --velocity 6.5,0
d=$(diff_px "$OUT/motion-tunnelling.png" "$OUT/motion-velocity-arg.png")
[[ $d == 0 ]] || fail "--velocity and the scene's motion keys gave pictures differing in $d pixels"
pass "--velocity 6.5,0 draws the same picture as motion=on&velocity=6.5,0"

# 1c. The playground's race on the flush floor (the ball sunk 1/64, 150 fixed steps before drawing).
RACE_SCENE='playground=on&level=flush-floor&race=on&ball=22.5,1.484375,0.5&steps=150'
shot playground-race --scene "$RACE_SCENE"
shot playground-level --scene 'playground=on&level=flush-floor'
for other in playground-level outside; do
    d=$(diff_px "$OUT/playground-race.png" "$OUT/$other.png")
    ((d > 2000)) || fail "the playground race differs from $other.png in only $d pixels"
    pass "playground race vs $other: $d pixels differ"
done
red=$(convert "$OUT/playground-race.png" -crop 640x600+0+0 +repage -fuzz 4% -fill black +opaque 'rgb(255,90,70)' \
    -fill white -opaque 'rgb(255,90,70)' -format '%[fx:int(mean*w*h)]' info:)
((red > 200)) || fail "no discrete-in-order trail or bumps in the race screenshot ($red red pixels)"
pass "the race screenshot shows discrete-in-order's trail and bumps ($red red pixels)"
shot playground-race-again --scene "$RACE_SCENE"
d=$(diff_px "$OUT/playground-race.png" "$OUT/playground-race-again.png")
[[ $d == 0 ]] || fail "the same race scene gave pictures differing in $d pixels"
pass "the same race twice: identical"

# 1d. Play: a ghost race on course 1 (the run's inputs replayed by every strategy, simulated on loading) differs
#     from the level after its first step and from the playground's race, shows the HUD's grounded flag
#     (palette::GROUND_NORMAL, in the canvas's top left) and is the same picture twice.
PLAY_RACE='play=on&level=course-run&inputs=R*702,RJ*6,R*84,RJ*35,R*50,RJ*45,R*100,RJ*40,R*20,N*60&race=on&steps=1262'
shot play-race --scene "$PLAY_RACE"
shot play-start --scene 'play=on&level=course-run&steps=1'
for other in play-start playground-race; do
    d=$(diff_px "$OUT/play-race.png" "$OUT/$other.png")
    ((d > 5000)) || fail "the Play race differs from $other.png in only $d pixels"
    pass "Play race vs $other: $d pixels differ"
done
green=$(convert "$OUT/play-start.png" -crop 300x90+0+0 +repage -fuzz 4% -fill black +opaque 'rgb(80,200,120)' \
    -fill white -opaque 'rgb(80,200,120)' -format '%[fx:int(mean*w*h)]' info:)
((green > 20)) || fail "no grounded flag in Play's HUD ($green green pixels in the top left)"
pass "Play's HUD shows the grounded flag ($green green pixels)"
shot play-race-again --scene "$PLAY_RACE"
d=$(diff_px "$OUT/play-race.png" "$OUT/play-race-again.png")
[[ $d == 0 ]] || fail "the same Play race gave pictures differing in $d pixels"
pass "the same Play race twice: identical"

# 1e. Play, Course 5: riding the moving platform over the pit (the script walks onto it and stands still; the
#     ghost race rides along), drawn after 300 steps: the platforms have moved, so it differs from the level's
#     first step.
P5='play=on&level=course-platforms&inputs=R*60,N*240&race=on&steps=300'
shot play-platforms --scene "$P5"
shot play-platforms-start --scene 'play=on&level=course-platforms&steps=1'
d=$(diff_px "$OUT/play-platforms.png" "$OUT/play-platforms-start.png")
((d > 3000)) || fail "Course 5 after 300 steps differs from its start in only $d pixels"
pass "Course 5 riding the platform vs its start: $d pixels differ"

# 2. Deterministic: same arguments, same picture.
shot outside-again --circle 2.9,2.3,1.8 --box=-2,-1,2,1.5 --algorithm arvo
d=$(diff_px "$OUT/outside.png" "$OUT/outside-again.png")
[[ $d == 0 ]] || fail "same arguments gave pictures differing in $d pixels"
pass "same arguments twice: identical"

# 2b. The 3D view: three scenes, each twice (identical), different from each other and from 2D.
PLANES_3D=(--sphere 1.65,1.65,1.65,1 --box=-1,-1,-1,1,1,1 --algorithm planes)
FACE_3D=(--sphere 1.6,0.3,0.2,1 --box=-1,-1,-1,1,1,1 --algorithm clamp)
INSIDE_3D=(--scene 'algorithm=fold&view=3d&sphere=0.5,0.2,0.1,0.6&box3=-1.5,-1,-1,1.5,1,1&xray=on&slice=z')
for run in 1 2; do
    shot "3d-planes-$run" "${PLANES_3D[@]}"
    shot "3d-face-$run" "${FACE_3D[@]}"
    shot "3d-inside-$run" "${INSIDE_3D[@]}"
done
for name in 3d-planes 3d-face 3d-inside; do
    d=$(diff_px "$OUT/$name-1.png" "$OUT/$name-2.png")
    [[ $d == 0 ]] || fail "$name twice: pictures differ in $d pixels"
    pass "$name twice: identical"
done
for pair in "3d-planes-1 3d-face-1" "3d-planes-1 3d-inside-1" "3d-face-1 3d-inside-1" "3d-planes-1 outside"; do
    set -- $pair
    d=$(diff_px "$OUT/$1.png" "$OUT/$2.png")
    ((d > 5000)) || fail "$1.png and $2.png differ in only $d pixels"
    pass "$1 vs $2: $d pixels differ"
done
# The 3D sweep (--velocity with three numbers): tunnelling through the box, the same picture twice,
# different from the sphere standing still.
SWEEP_3D=(--sphere=-5,0.4,0.3,1 --box=-1,-1,-1,1,1,1 --algorithm clamp)
shot 3d-sweep-1 "${SWEEP_3D[@]}" --velocity 10,0,0
shot 3d-sweep-2 "${SWEEP_3D[@]}" --velocity 10,0,0
shot 3d-sweep-still "${SWEEP_3D[@]}"
d=$(diff_px "$OUT/3d-sweep-1.png" "$OUT/3d-sweep-2.png")
[[ $d == 0 ]] || fail "3d-sweep twice: pictures differ in $d pixels"
d=$(diff_px "$OUT/3d-sweep-1.png" "$OUT/3d-sweep-still.png")
((d > 5000)) || fail "3d-sweep vs the still sphere: only $d pixels differ"
pass "3d-sweep twice: identical; vs the still sphere: $d pixels differ"
# The slice's three pictures (slicemap=agreement|distance|zones) of the inside scene: each differs from the others.
shot 3d-slice-distance --scene "${INSIDE_3D[1]}&slicemap=distance"
shot 3d-slice-zones --scene "${INSIDE_3D[1]}&slicemap=zones"
for pair in "3d-inside-1 3d-slice-distance" "3d-inside-1 3d-slice-zones" "3d-slice-distance 3d-slice-zones"; do
  read -r x y <<<"$pair"
  d=$(diff_px "$OUT/$x.png" "$OUT/$y.png")
  ((d > 5000)) || fail "$x vs $y: only $d pixels differ"
  pass "slice pictures $x vs $y: $d pixels differ"
done

# The counter-example: planes is wrong, so the WRONG banner (warning red at alpha 230 over the background)
# is drawn; the face contact (clamp, right) has none.
banner() { convert "$1" -alpha off -crop 700x90+0+480 +repage -fuzz 5% -fill black +opaque 'rgb(232,84,66)' \
    -fill white -opaque 'rgb(232,84,66)' -format '%[fx:int(mean*w*h)]' info:; }
b1=$(banner "$OUT/3d-planes-1.png"); b2=$(banner "$OUT/3d-face-1.png")
((b1 > 3000 && b2 < 500)) || fail "WRONG banner: $b1 red pixels in the counter-example, $b2 in the face contact"
pass "the 3D counter-example shows the WRONG banner ($b1 red pixels; face contact $b2)"

# 3. Bad arguments: non-zero exit, the field named, no window (no display given at all, so a window
#    attempt would crash differently), no PNG.
bad() { # bad FIELD ARGS...
    local field=$1; shift
    local rc=0 err
    err=$(DISPLAY= timeout 20 "$BIN" --screenshot "$OUT/bad.png" "$@" 2>&1) || rc=$?
    ((rc != 0)) || fail "bad args $* exited 0"
    grep -q -- "$field" <<<"$err" || fail "bad args $*: message does not name $field: $err"
    grep -qi "XOpenDisplay\|panicked" <<<"$err" && fail "bad args $*: got as far as the window: $err"
    [[ ! -s "$OUT/bad.png" ]] || fail "bad args $* wrote a PNG"
    rm -f "$OUT/bad.png"
    pass "bad $field rejected (exit $rc): $(head -1 <<<"$err")"
}
bad --circle --circle 1,2
bad --circle --circle 1,2,-3
bad --box --box=0,0,-1,1
bad --box --box 0,0,nan,1
bad --algorithm --algorithm nope
bad --case --case sideways
bad --size --size 12x12
bad --velocity --velocity 1,nan
bad --velocity --velocity 1
bad velocity --scene 'motion=on&velocity=1,2,3'
bad restitution --scene 'motion=on&restitution=2'
bad response --scene 'motion=on&response=stick'
bad steps --scene 'playground=on&steps=many'
bad inputs --scene 'play=on&inputs=R*30,Q'
bad map --scene 'playground=on&map=3./4.'
bad strategy --scene 'playground=on&strategy=teleport'
bad --sphere --sphere 1,2,3
bad --velocity --circle 0,0,1 --velocity 1,2,3
bad velocity3 --scene 'view=3d&velocity3=1,nan,0'
bad --sphere --sphere 1,2,nan,1
bad --sphere --sphere 0,0,0,-1
bad --box --sphere 1,1,1,1 --box=-1,-1,1,1
bad --box --circle 1,2,1 --box=-1,-1,-1,1,1,1
bad --box --box=-1,-1,-1,1,1
bad --view --view 4d
bad camera --scene 'view=3d&camera=0,95,5,0,0,0'
bad slice --scene 'view=3d&slice=w'
bad slicemap --scene 'view=3d&slice=z&slicemap=contours'
rc=0; err=$(DISPLAY= timeout 20 "$BIN" --screenshot "$OUT/no/such/dir/x.png" 2>&1) || rc=$?
((rc != 0)) && grep -q -- --screenshot <<<"$err" || fail "unwritable --screenshot path: exit $rc: $err"
pass "unwritable --screenshot path rejected (exit $rc): $err"

# 4. A normal run survives a scripted drag of the circle, and the picture changes.
cat >"$OUT/drag.sh" <<'EOF'
#!/usr/bin/env bash
# Runs inside xvfb-run: start the app, find its window, drag the circle, screenshot before/after.
set -euo pipefail
OUT=$1; BIN=$2
"$BIN" --size 1000x700 --circle 0,0,1 --box=-3,-2,-1,2 >"$OUT/drag-app.log" 2>&1 &
APP=$!
trap 'kill $APP 2>/dev/null || true' EXIT
WIN=
for _ in $(seq 100); do
    WIN=$(xdotool search --name circle-aabb-lab 2>/dev/null | head -1 || true)
    [[ -n $WIN ]] && break
    kill -0 $APP 2>/dev/null || { echo "app exited before its window appeared"; exit 1; }
    sleep 0.2
done
[[ -n $WIN ]] || { echo "no window"; exit 1; }
sleep 2
import -window root "$OUT/drag-before.png"
eval "$(xdotool getwindowgeometry --shell "$WIN")"
# Where the circle is: the bounding box of its rim, drawn in the "touching" colour (yellow), in the
# canvas below the status line (the panel, the status text and the legend are cropped away).
read -r RW RH RX RY < <(convert "$OUT/drag-before.png" -crop 650x520+0+80 +repage -fuzz 8% \
    -fill black +opaque 'rgb(255,211,75)' -fill white -opaque 'rgb(255,211,75)' -trim \
    -format '%w %h %X %Y\n' info:)
((RW > 40 && RH > 40)) || { echo "circle not found in the first screenshot (${RW}x${RH})"; exit 1; }
# Grab it inside its body, a quarter radius left of the centre (away from the rim and the centre cross).
CX=$((X + RX + RW / 2 - RW / 8)); CY=$((Y + 80 + RY + RH / 2))
xdotool mousemove --sync "$CX" "$CY"
sleep 0.3
xdotool mousedown 1
for i in $(seq 1 20); do xdotool mousemove "$((CX + i * 6))" "$((CY + i * 4))"; sleep 0.03; done
xdotool mouseup 1
sleep 1
import -window root "$OUT/drag-after.png"
kill -0 $APP || { echo "app died during the drag"; exit 1; }
# The box by the keyboard (the pointer is over the canvas: X gives it the keys): ] ] wider, Shift+→ ×2.
xdotool key --delay 150 bracketright bracketright shift+Right shift+Right
sleep 1
import -window root "$OUT/keys-box.png"
# Tab: egui's keyboard focus on the panel's first widget, drawn with the amber focus ring.
xdotool key Tab
sleep 1
import -window root "$OUT/keys-tab.png"
kill -0 $APP || { echo "app died during the keys"; exit 1; }
EOF
chmod +x "$OUT/drag.sh"
timeout 90 xvfb-run -a -s "-screen 0 1000x700x24" "$OUT/drag.sh" "$OUT" "$PWD/$BIN" \
    || fail "drag run failed ($(tail -3 "$OUT/drag-app.log" 2>/dev/null))"
colours=$(identify -format '%k' "$OUT/drag-before.png")
((colours >= 50)) || fail "normal run: only $colours colours before the drag"
d=$(diff_px "$OUT/drag-before.png" "$OUT/drag-after.png")
((d > 500)) || fail "the drag changed only $d pixels"
pass "normal run survived the drag; $d pixels changed"
# The drag moved the circle (not its radius, not the box) from touching the box to clear of it:
# its rim turns from the touching colour to the separated one (canvas area only, above the legend).
green() { convert "$1" -crop 650x600+0+0 +repage -fuzz 4% -fill black +opaque 'rgb(70,205,255)' \
    -fill white -opaque 'rgb(70,205,255)' -format '%[fx:int(mean*w*h)]' info:; }
g0=$(green "$OUT/drag-before.png"); g1=$(green "$OUT/drag-after.png")
((g0 < 50 && g1 > 300)) || fail "circle colour did not turn to 'separated' (sky-blue pixels $g0 -> $g1)"
pass "the dragged circle left the box: separated sky-blue pixels $g0 -> $g1"
# The keys: the box moved and grew (the picture changed), and Tab put the focus ring (ui::FOCUS_RING,
# amber 255,196,0) on the panel, where there was none.
d=$(diff_px "$OUT/drag-after.png" "$OUT/keys-box.png")
((d > 500)) || fail "] ] Shift+→ Shift+→ changed only $d pixels (the box keys)"
ring() { convert "$1" -crop 350x700+650+0 +repage -fuzz 3% -fill black +opaque 'rgb(255,196,0)' \
    -fill white -opaque 'rgb(255,196,0)' -format '%[fx:int(mean*w*h)]' info:; }
r0=$(ring "$OUT/keys-box.png"); r1=$(ring "$OUT/keys-tab.png")
((r0 < 20 && r1 > 60)) || fail "Tab drew no focus ring on the panel (amber pixels $r0 -> $r1)"
pass "keys: the box keys changed $d pixels; Tab drew the panel's focus ring (amber pixels $r0 -> $r1)"
# 5. Render cost, printed only (docs/performance.md, "Render cost").
HEAVIEST='algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5&overlay=distance&tour=2'
for scene in default "$HEAVIEST"; do
    args=(); [[ "$scene" == default ]] || args=(--scene "$scene")
    line=$(timeout 60 xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" --frame-stats 4 "${args[@]}" 2>"$OUT/frame-stats.log" \
        | grep '^frame_stats:' || true)
    [[ -n "$line" ]] || fail "--frame-stats printed nothing ($(tail -3 "$OUT/frame-stats.log"))"
    echo "test-desktop: render cost ($([[ "$scene" == default ]] && echo default || echo heaviest) scene, Xvfb, load $(cut -d' ' -f1 /proc/loadavg)): ${line#frame_stats: }"
done
# ---------------------------------------------------------------------------------------------------
# 6. --svg (issue 23, "Figures for slides and notes"): four scenes — outside, inside, the agreement map with
#    planes_naive's ears, motion — written as vector figures with no display at all (DISPLAY unset), then
#    rasterised with resvg (examples/svg_compare.rs) and compared with the --screenshot of the same scene and
#    --size: the circle (its outline's colour), the box (its edge's colour), the closest point and the impact
#    ghost must lie where the screenshot has them, each bounding box within 3 px. The rasters are kept
#    beside the screenshots (OUT/svg-NAME-raster.png, OUT/svg-NAME-shot.png) for a look.
cargo build --release --quiet --example svg_compare
CMP=target/release/examples/svg_compare
svg_vs_shot() { # svg_vs_shot NAME ARGS...
    local name=$1; shift
    env -u DISPLAY -u WAYLAND_DISPLAY timeout 60 "$BIN" --svg "$OUT/svg-$name.svg" --size 1280x800 "$@" \
        2>"$OUT/svg-$name.log" || fail "svg-$name: --svg exited with $? ($(tail -3 "$OUT/svg-$name.log"))"
    timeout 60 "${XVFB[@]}" "$BIN" --screenshot "$OUT/svg-$name-shot.png" --size 1280x800 "$@" \
        2>"$OUT/svg-$name-shot.log" || fail "svg-$name: screenshot exited with $?"
    "$CMP" "$OUT/svg-$name.svg" "$OUT/svg-$name-shot.png" "$OUT/svg-$name-raster.png" >"$OUT/svg-$name.cmp" \
        || fail "svg-$name: the figure's shapes are not where the screenshot's are: $(cat "$OUT/svg-$name.cmp")"
    pass "svg-$name: $(grep -c ': ok$' "$OUT/svg-$name.cmp") parts where the screenshot has them ($(tr '\n' ';' <"$OUT/svg-$name.cmp"))"
}
svg_vs_shot outside --circle 2.9,2.3,1.8 --box=-2,-1,2,1.5 --algorithm arvo
svg_vs_shot inside --circle 1,0.5,0.6 --box=-2,-1,2,1.5 --case inside
svg_vs_shot agreement --scene 'algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5&overlay=agreement'
svg_vs_shot motion --scene 'circle=-3,2.5,0.6&box=-2,-1,2,1.5&motion=on&velocity=4,-3&response=slide'
grep -q 'impact ghost.*: ok$' "$OUT/svg-motion.cmp" || fail "svg-motion: no impact ghost compared"
# A 3D scene has no figure yet: refused, exit 2, nothing written.
rm -f "$OUT/svg-3d.svg"
code=0; env -u DISPLAY "$BIN" --svg "$OUT/svg-3d.svg" --sphere 0,0,0,1 --box=-1,-1,-1,1,1,1 2>/dev/null || code=$?
[[ $code == 2 && ! -e "$OUT/svg-3d.svg" ]] || fail "--svg of a 3D scene: exit $code (expected 2, no file)"
pass "--svg of a 3D scene refused (exit 2, no file)"

# 7. The tour in chapters (issue 23): one step of each chapter by its scene text (tour=CHAPTER:STEP
#    loads the step's own scene and mode: still, motion, the playground, 3D, Play); each PNG is non-blank
#    (shot) and differs from every other one. A bad chapter or step exits 2 naming tour, before any window.
TOUR_STEPS=(still:1 motion:1 tiles:1 3d:2 game:3)
for t in "${TOUR_STEPS[@]}"; do
    shot "tour-${t/:/-}" --scene "tour=$t"
done
for ((i = 0; i < ${#TOUR_STEPS[@]}; i++)); do
    for ((j = i + 1; j < ${#TOUR_STEPS[@]}; j++)); do
        a="tour-${TOUR_STEPS[i]/:/-}"; b="tour-${TOUR_STEPS[j]/:/-}"
        d=$(diff_px "$OUT/$a.png" "$OUT/$b.png")
        ((d > 5000)) || fail "tour steps ${TOUR_STEPS[i]} and ${TOUR_STEPS[j]} differ in only $d pixels"
    done
done
pass "tour: one step of each chapter (${TOUR_STEPS[*]}), each picture different from the others"
for t in bogus:1 motion:0 3d:9 tiles; do
    rc=0
    err=$(DISPLAY= timeout 20 "$BIN" --screenshot "$OUT/bad.png" --scene "tour=$t" 2>&1) || rc=$?
    ((rc == 2)) || fail "--scene tour=$t exited $rc, not 2: $err"
    grep -q -- "tour" <<<"$err" || fail "--scene tour=$t: the message does not name tour: $err"
    [[ ! -s "$OUT/bad.png" ]] || fail "--scene tour=$t wrote a PNG"
done
pass "tour: a bad chapter or step exits 2 naming tour (bogus:1, motion:0, 3d:9, tiles)"
# ---------------------------------------------------------------------------------------------
# 8. embed=1 (a course page's frame)
# The scene embedded (embed=1) at 480x320: no panel (the panel's colour, ui::PANEL_FILL 32,35,43, fills no part of
# the right half, which the panel would), the toolbar's column drawn at the top right (the picture differs from
# the same scene with panel=off there, where that one draws only "H: show panel"), and a tour step's caption cut
# to one line (far fewer caption-coloured pixels than the full caption of panel=off).
embed_shot() { # embed_shot NAME SCENE
    timeout 60 "${XVFB[@]}" "$BIN" --screenshot "$OUT/$1.png" --size 480x320 --scene "$2" 2>"$OUT/$1.log" \
        || fail "$1: screenshot mode exited with $? ($(tail -3 "$OUT/$1.log"))"
    [[ $(identify -format '%wx%h' "$OUT/$1.png") == 480x320 ]] || fail "$1: PNG is not 480x320"
}
count_rgb() { # count_rgb PNG CROP R,G,B — pixels of that colour (within 1 %) in the crop
    convert "$1" -crop "$2" +repage -fuzz 1% -fill black +opaque "rgb($3)" -fill white -opaque "rgb($3)" \
        -format '%[fx:int(mean*w*h)]' info:
}
embed_shot embed-still 'embed=1&algorithm=arvo&circle=-3,1,1&box=0,0,4,2'
embed_shot embed-panel-off 'panel=off&algorithm=arvo&circle=-3,1,1&box=0,0,4,2'
embed_shot embed-tour 'embed=1&tour=3'
embed_shot embed-tour-panel-off 'panel=off&tour=3'
embed_shot embed-motion 'embed=1&circle=-3,0,0.5&box=-0.1,-2,0.1,2&motion=on&velocity=6.5,0&response=slide'
p=$(count_rgb "$OUT/embed-still.png" 240x320+240+0 32,35,43)
((p < 2000)) || fail "embed=1: $p pixels of the right half in the panel's colour"
convert "$OUT/embed-still.png" -crop 60x110+420+0 +repage "$OUT/embed-bar.png"
convert "$OUT/embed-panel-off.png" -crop 60x110+420+0 +repage "$OUT/embed-bar-off.png"
bar=$(diff_px "$OUT/embed-bar.png" "$OUT/embed-bar-off.png")
((bar > 300)) || fail "embed=1: the toolbar's strip differs from panel=off's by only $bar pixels"
c1=$(count_rgb "$OUT/embed-tour.png" 480x320+0+0 255,228,160)
c0=$(count_rgb "$OUT/embed-tour-panel-off.png" 480x320+0+0 255,228,160)
((c1 * 2 < c0)) || fail "embed=1&tour=3: the caption is not cut to a line (caption-coloured pixels $c1 vs $c0)"
d=$(diff_px "$OUT/embed-still.png" "$OUT/embed-motion.png")
((d > 500)) || fail "embed=1: the motion scene is the still one"
pass "embed=1 at 480x320: no panel ($p panel-coloured px), toolbar drawn ($bar px differ), one-line caption ($c1 vs $c0 px)"
# ---------------------------------------------------------------------------------------------
# 9. The quiz (docs/teaching.md#quiz-predict-then-reveal): a question opened by its scene key shows
# nothing that answers it. Four questions of seed 7 (one of each kind, in the set's order): no pixel in
# the colours of the exact state (palette::SEPARATED, TOUCHING, OVERLAPPING: the circle's verdict colour,
# the closest point's construction); the plate across the top is drawn (its text in palette::HINT_TEXT).
colour_px() { convert "$1" -crop 650x600+0+0 +repage -fuzz 3% -fill black +opaque "$2" -fill white -opaque "$2" \
    -format '%[fx:int(mean*w*h)]' info:; }
state_px() { echo $(( $(colour_px "$1" 'rgb(70,205,255)') + $(colour_px "$1" 'rgb(255,211,75)') \
    + $(colour_px "$1" 'rgb(230,80,20)') )); }
for n in 1 2 3 4; do
    shot "quiz-7-$n" --scene "quiz=7:$n"
    px=$(state_px "$OUT/quiz-7-$n.png")
    ((px < 15)) || fail "quiz question $n of seed 7 shows $px pixels in the exact state's colours"
    pass "quiz question $n of seed 7: $px pixels in the state colours (nothing tells the answer)"
done
# ---------------------------------------------------------------------------------------------
# 10. Motion mode with a turned box: the slide along a tilted wall (issue 24; the tour's motion:5). A ball thrown
# down-left at a 10 × 1 wall turned 30°, and the same throw at the wall unturned. The continuation (palette::
# CONTINUATION, 200,120,255) is the slide's path, its end circle and its label: the main direction of those pixels
# in the canvas (the principal axis of their coordinates: ½·atan2(2·sxy, sxx − syy)) lies along the tilted face,
# 30° from the horizontal (in image coordinates, y down, the path goes down-left: −30°; measured −30.1°), and not so
# when the wall is not turned. The two pictures differ; --svg of the turned scene is written (compared in 14), and
# refused naming angle with an overlay over it.
TILTED='circle=1,3,0.5&box=-5,-0.5,5,0.5&motion=on&velocity=-3,-5&response=slide'
shot motion-tilted --scene "$TILTED&angle=30"
shot motion-flat --scene "$TILTED"
d=$(diff_px "$OUT/motion-tilted.png" "$OUT/motion-flat.png")
((d > 5000)) || fail "angle=30: the motion picture differs from angle=0 in only $d pixels"
slide_angle() { # slide_angle PNG — degrees of the continuation's main direction in the canvas, and its pixel count
    convert "$1" -crop 650x600+0+0 +repage -fuzz 3% -fill white -opaque 'rgb(200,120,255)' -fill black \
        +opaque white txt:- | awk -F'[,: ]+' '/#FFFFFF/ { n++; x += $1; y += $2; xx += $1*$1; yy += $2*$2; xy += $1*$2 }
        END { if (n < 50) { print "none", n; exit } mx = x/n; my = y/n
              sxx = xx/n - mx*mx; syy = yy/n - my*my; sxy = xy/n - mx*my
              printf "%.1f %d\n", 0.5*atan2(2*sxy, sxx - syy)*180/3.14159265, n }'
}
read -r tilt tn < <(slide_angle "$OUT/motion-tilted.png")
read -r flat fn < <(slide_angle "$OUT/motion-flat.png")
[[ $tilt != none && $flat != none ]] || fail "no continuation pixels (tilted $tn, flat $fn)"
awk -v a="$tilt" 'BEGIN { exit !(a > -37 && a < -23) }' \
    || fail "angle=30: the slide's pixels run at $tilt° in the image, not along the face (-30°)"
# At angle=0 the slide is short and flat, and the end circle with its label dominates the pixels' spread (about
# -84° measured): that picture only has to be unlike the tilted one.
awk -v a="$flat" -v b="$tilt" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d > 15) }' \
    || fail "angle=0: the slide's pixels run at $flat°, as the tilted one's ($tilt°)"
pass "motion angle=30: the slide runs at $tilt° in the image ($tn px; the face is at -30°), at angle=0 at $flat° ($fn px); $d px differ"
rm -f "$OUT/tilted.svg"
rc=0
err=$(DISPLAY= timeout 20 "$BIN" --svg "$OUT/tilted.svg" --scene "$TILTED&angle=30&overlay=agreement" 2>&1) || rc=$?
((rc == 2)) || fail "--svg of a turned motion box under an overlay exited $rc, not 2: $err"
grep -q "angle" <<<"$err" || fail "--svg of a turned motion box under an overlay: the message does not name angle: $err"
[[ ! -s "$OUT/tilted.svg" ]] || fail "--svg of a turned motion box under an overlay wrote a file"
rc=0
err=$(DISPLAY= timeout 20 "$BIN" --screenshot "$OUT/bad.png" --scene "$TILTED&angle=nan" 2>&1) || rc=$?
((rc == 2)) && grep -q "angle" <<<"$err" || fail "angle=nan: exit $rc, $err"
pass "motion angle: --svg of a turned box under an overlay and angle=nan exit 2 naming angle"
# 11. The playground with a rotated box (issue 24): a ball dropped on a wall tilted by 20° over the flush
# floor slides down along its face. The trail (palette::THROW, 235,235,245) is found in the map: the pixels
# of the fall (columns with many trail pixels) and of the floor (rows with many) are set aside, and what is
# left — the slide — must be a line of slope tan 20° = 0.364 (screen y down: −0.364), its pixels within
# a few of that line. Without the box the ball falls straight onto the floor: no such line at all.
TILT='playground=on&level=flush-floor&obb=24,3.5,7,0.3,20&ball=29,7,0.5&throw=0,0&steps=200'
shot playground-tilted --scene "$TILT"
shot playground-untilted --scene "${TILT/obb=24,3.5,7,0.3,20/obb=}"
slide_fit() { # slide_fit PNG — "n slope spread" of the trail pixels off the fall's columns and the floor's rows
    # The crop is the wall's middle (screen x 300..450, y 260..380 at 960x600): away from the start ring and
    # its "throw" label above the wall's top end, and from the roll round its lower end onto the floor.
    convert "$1" -crop 150x120+300+260 +repage -fuzz 2% -fill black +opaque 'rgb(235,235,245)' \
        -fill white -opaque 'rgb(235,235,245)' txt:- \
        | awk -F'[,: ]+' '/#FFFFFF/ { n++; x[n]=$1; y[n]=$2; cx[$1]++; ry[$2]++ }
            END { m=0; for (i=1;i<=n;i++) if (cx[x[i]]<=6 && ry[y[i]]<=6) { m++; X[m]=x[i]; Y[m]=y[i];
                    sx+=x[i]; sy+=y[i]; sxx+=x[i]*x[i]; sxy+=x[i]*y[i] }
                  if (m < 2 || m*sxx-sx*sx == 0) { print m, 0, 999; exit }
                  b=(m*sxy-sx*sy)/(m*sxx-sx*sx); a=(sy-b*sx)/m; w=0
                  for (i=1;i<=m;i++) { d=Y[i]-(a+b*X[i]); if (d<0) d=-d; if (d>w) w=d }
                  printf "%d %.3f %.1f\n", m, b, w }'
}
read -r n slope spread < <(slide_fit "$OUT/playground-tilted.png")
awk -v n="$n" -v s="$slope" -v w="$spread" 'BEGIN { exit !(n >= 80 && s > -0.42 && s < -0.31 && w < 8) }' \
    || fail "playground obb: the trail off the fall and the floor is not a 20° slide ($n px, slope $slope, spread $spread)"
read -r n0 slope0 _ < <(slide_fit "$OUT/playground-untilted.png")
((n0 < n / 3)) || fail "playground without the box: $n0 slide-like trail pixels (with it: $n)"
d=$(diff_px "$OUT/playground-tilted.png" "$OUT/playground-untilted.png")
((d > 3000)) || fail "playground obb: the picture with the tilted wall differs from without by only $d px"
pass "playground obb: the trail slides along the 20° face ($n px, slope $slope, within $spread px; without it $n0 px)"
rc=0
err=$(DISPLAY= timeout 20 "$BIN" --screenshot "$OUT/bad.png" --scene 'playground=on&obb=1,2,3,-1,0' 2>&1) || rc=$?
((rc == 2)) || fail "--scene obb=1,2,3,-1,0 exited $rc, not 2: $err"
grep -q -- "obb" <<<"$err" || fail "--scene obb=…: the message does not name obb: $err"
pass "playground obb: a bad box exits 2 naming obb"
# 12. A turned box in 3D (issue 24; docs/demo.md, "A turned box (3D)"): the tour step 3d:4's scene, the box turned
# 45 degrees about z by rotation=W,X,Y,Z. rotation=1,0,0,0 is the aligned box: the same picture to the pixel. The
# turned picture differs from the aligned one, and its side faces are turned: the aligned box's +x face, flat-shaded
# by its normal (render::three's LIGHT: k = 0.42 + 0.58 n.L, BOX_EDGE 148,118,243 * 0.6817 = rgb 100,80,165), fills
# thousands of pixels of the aligned picture and almost none of the turned one, whose faces face other ways.
TURN_BASE='algorithm=zones&view=3d&sphere=1.6,0,1.3,0.5&box3=-1,-1,-1,1,1,1'
shot 3d-aligned --scene "$TURN_BASE"
shot 3d-identity --scene "$TURN_BASE&rotation=1,0,0,0"
shot 3d-turned --scene "$TURN_BASE&rotation=0.9238795,0,0,0.38268343"
d=$(diff_px "$OUT/3d-aligned.png" "$OUT/3d-identity.png")
[[ $d == 0 ]] || fail "3d: rotation=1,0,0,0 differs from no rotation in $d pixels"
d=$(diff_px "$OUT/3d-aligned.png" "$OUT/3d-turned.png")
((d > 5000)) || fail "3d: the turned box's picture differs from the aligned one in only $d pixels"
face_px() { convert "$1" -crop 900x800+0+0 +repage -fuzz 1% -fill black +opaque 'rgb(100,80,165)' \
    -fill white -opaque 'rgb(100,80,165)' -format '%[fx:int(mean*w*h)]' info:; }
fa=$(face_px "$OUT/3d-aligned.png"); ft=$(face_px "$OUT/3d-turned.png")
((fa > 2000 && ft * 10 < fa)) || fail "3d: the +x face's shade fills $fa px aligned, $ft px turned (not turned?)"
pass "3d: rotation=1,0,0,0 is the aligned picture; turned 45 deg: $d px differ, the aligned +x face's shade $fa -> $ft px"
# 13. The box turned (angle=, issue 24): the tour step's scene (algorithm=zones, circle above the box) at 1280x800
# with the box turned by 30° (the circle in the box's own corner zone 8) and at 0° (zone 7 of the aligned box). The
# pictures differ; the box's-view inset (bottom left of the canvas, src/render/turned.rs inset_rect: about
# x 13..246, y 574..749 at this size, above the legend) holds its aligned box's outline (palette::BOX_EDGE 148,118,243),
# the push-out (palette::PUSH 203,94,160) and the clamp's closest point (palette::CLOSEST) at 30° and none at 0°; the same scene twice is the same picture; the
# tour step still:8 draws it too; presentation mode (panel=off, text=2) keeps the inset.
TURNED='algorithm=zones&circle=1.3,3.2,1.2&box=-2,-1,2,1.5&case=auto'
turned_shot() { # turned_shot NAME SCENE
    timeout 60 "${XVFB[@]}" "$BIN" --screenshot "$OUT/$1.png" --size 1280x800 --scene "$2" 2>"$OUT/$1.log" \
        || fail "$1: screenshot mode exited with $? ($(tail -3 "$OUT/$1.log"))"
    [[ $(identify -format '%wx%h' "$OUT/$1.png") == 1280x800 ]] || fail "$1: PNG is not 1280x800"
}
turned_shot turned-30 "$TURNED&angle=30"
turned_shot turned-30-again "$TURNED&angle=30"
turned_shot turned-0 "$TURNED"
turned_shot turned-tour 'tour=still:8'
turned_shot turned-present "$TURNED&angle=30&panel=off&text=2"
d=$(diff_px "$OUT/turned-30.png" "$OUT/turned-0.png")
((d > 20000)) || fail "angle=30 differs from angle=0 in only $d pixels"
d2=$(diff_px "$OUT/turned-30.png" "$OUT/turned-30-again.png")
[[ $d2 == 0 ]] || fail "angle=30 twice: pictures differ in $d2 pixels"
INSET=230x170+14+576
e30=$(count_rgb "$OUT/turned-30.png" $INSET 148,118,243); e0=$(count_rgb "$OUT/turned-0.png" $INSET 148,118,243)
p30=$(count_rgb "$OUT/turned-30.png" $INSET 203,94,160); p0=$(count_rgb "$OUT/turned-0.png" $INSET 203,94,160)
((e30 > 150 && e0 < 20)) || fail "the box's-view inset: $e30 box-edge pixels at 30°, $e0 at 0°"
((p30 > 5 && p0 < 3)) || fail "the box's-view inset: $p30 push-coloured pixels at 30°, $p0 at 0°"
k30=$(count_rgb "$OUT/turned-30.png" $INSET 235,235,245); k0=$(count_rgb "$OUT/turned-0.png" $INSET 235,235,245)
((k30 > 25 && k0 < 5)) || fail "the box's-view inset: $k30 closest-point pixels (the clamp) at 30°, $k0 at 0°"
t=$(count_rgb "$OUT/turned-tour.png" $INSET 148,118,243)
((t > 150)) || fail "tour=still:8: no box's-view inset ($t box-edge pixels)"
pres=$(count_rgb "$OUT/turned-present.png" 400x330+14+360 148,118,243)
((pres > 150)) || fail "presentation mode: no box's-view inset ($pres box-edge pixels in the bottom left)"
pass "angle=30 vs 0: $d pixels differ; twice identical; inset: $e30 box-edge / $p30 push / $k30 clamp px (0°: $e0 / $p0 / $k0); tour still:8 $t; presentation $pres"
# ---------------------------------------------------------------------------------------------
# 14. --svg of a turned box: block 13's still scene at 30° and block 10's throw at the wall turned 30°, each written
#     with no display and compared with its screenshot as in 6 (svg_vs_shot): the circle, the turned box (the
#     bounding box of its polygon's edge colour), the closest point (still) and the impact ghost (motion) within 3 px.
svg_vs_shot turned --scene "$TURNED&angle=30"
grep -q '^svg_compare: box .*: ok$' "$OUT/svg-turned.cmp" || fail "svg-turned: the turned box not compared"
grep -q 'closest point.*: ok$' "$OUT/svg-turned.cmp" || fail "svg-turned: no closest point compared"
grep -q 'points="' "$OUT/svg-turned.svg" || fail "svg-turned: the box is not a polygon"
grep -q 'id="box-view"' "$OUT/svg-turned.svg" || fail "svg-turned: no box's-view inset"
svg_vs_shot tilted --scene "$TILTED&angle=30"
grep -q 'impact ghost.*: ok$' "$OUT/svg-tilted.cmp" || fail "svg-tilted: no impact ghost compared"
grep -q '^svg_compare: box .*: ok$' "$OUT/svg-tilted.cmp" || fail "svg-tilted: the turned box not compared"
# ---------------------------------------------------------------------------------------------
# 15. The rain of balls (docs/demo.md, "The rain of balls"): rain=100000 with 60 steps simulated on loading (no
# clock in screenshot mode). The balls are one colour found nowhere else on the canvas (palette::RAIN_BALL
# 255,176,46): thousands of its pixels in the canvas (left of the panel), none in the same level's playground
# without the rain; the same scene twice is the same picture (seeded) below the status lines. A bad count exits 2 naming rain. Then the
# frame-time figures of a live rain of 10^6 balls (--frame-stats: the rain's step, cost per ball-step and draw
# times on their own line) — printed, never judged; it fails only when the app does not run or prints no rain line.
shot rain --scene 'rain=100000&steps=60'
shot rain-again --scene 'rain=100000&steps=60'
balls=$(count_rgb "$OUT/rain.png" 640x600+0+0 255,176,46)
none=$(count_rgb "$OUT/playground-level.png" 640x600+0+0 255,176,46)
((balls > 3000 && none == 0)) || fail "rain=100000: $balls ball-coloured pixels in the canvas (the playground without it: $none)"
# (The canvas below its status lines: the draw time they and the panel show is measured, so it differs per run.)
convert "$OUT/rain.png" -crop 640x500+0+100 +repage "$OUT/rain-below.png"
convert "$OUT/rain-again.png" -crop 640x500+0+100 +repage "$OUT/rain-again-below.png"
d=$(diff_px "$OUT/rain-below.png" "$OUT/rain-again-below.png")
[[ $d == 0 ]] || fail "rain=100000 twice: pictures differ in $d pixels below the status lines"
rc=0
err=$(DISPLAY= timeout 20 "$BIN" --screenshot "$OUT/bad.png" --scene 'rain=5' 2>&1) || rc=$?
((rc == 2)) && grep -q "rain" <<<"$err" || fail "rain=5: exit $rc, $err"
rm -f "$OUT/bad.png"
pass "rain=100000: $balls ball-coloured pixels (none without it), the same twice; rain=5 exits 2 naming rain"
stats=$(timeout 120 "${XVFB[@]}" "$BIN" --size 1280x800 --frame-stats 8 --scene 'rain=1000000&speed=1' 2>"$OUT/rain-stats.log") \
    || fail "--frame-stats of rain=1000000 exited with $? ($(tail -3 "$OUT/rain-stats.log"))"
grep -q '^rain: balls 1000000 ' <<<"$stats" || fail "--frame-stats of rain=1000000 printed no rain line: $stats"
pass "rain=1000000, 8 s at 1280x800: $(tr '\n' ' ' <<<"$stats")"
echo "test-desktop: all passed (PNGs in $OUT/)"
