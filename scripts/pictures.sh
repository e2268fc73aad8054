#!/usr/bin/env bash
# Draws the README's pictures into scripts/pictures/ with the release binary, so that every
# picture the README shows is made by a command (listed here) and can be made again.
#
#   scripts/pictures.sh            all of them
#   scripts/pictures.sh --no-time  all but the speed chart (which is a measurement of this
#                                  machine, and changes from run to run)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/cubework
out=scripts/pictures
mkdir -p "$out"

draw() { # NAME ARGS…: cubework draw ARGS… -o scripts/pictures/NAME.svg
    local name=$1
    shift
    "$bin" draw "$@" -o "$out/$name.svg"
}

# The cube in perspective, from the default corner and others, and as a net.
draw rur-u "R U R' U'"
draw rur-u-net "R U R' U'" --view net
draw rur-u-below "R U R' U'" --yaw 200 --pitch -30
draw rur-u-back "R U R' U'" --back
draw five "Rw U2 3R' F 2D" --size 5
draw seven "R U' 3Rw2 F' 2-3Lw B 4U" --size 7 --yaw -30 --pitch 25
# Selective display and arrows: which pieces a sequence moves, and where they go.
draw rur-u-corners "R U R' U'" --only corners
draw t-perm --arrows "R U R' U' R' F R2 U' R' U' R U R' F'" --pitch 50
draw ua-net --view net --only U --arrows "R U' R U R U R U' R' U' R2"
draw e-slice "M2 E2 S2" --only E
# The paper's representations, in their own layouts (the goal state, as the paper prints it,
# and after R U).
for rep in numeric local composite visual vector 4d nested; do
    draw "goal-$rep" --rep "$rep"
    draw "ru-$rep" "R U" --rep "$rep"
done
# An interactive page (not shown in the README, and not kept in git: open it in a browser).
"$bin" draw "R U R' U'" --back -o "$out/page.html"
# Charts.
"$bin" order --plot "$out/order-ru.svg" "R U" >/dev/null
"$bin" order --plot "$out/order-ru-4.svg" --size 4 "R U" >/dev/null
"$bin" pocket table --plot "$out/pocket.svg" >/dev/null
if [[ ${1:-} != --no-time ]]; then
    "$bin" compare --plot "$out/compare.svg" >/dev/null
    "$bin" compare --sizes 2..7 --plot "$out/compare-sizes.svg" >/dev/null
    echo "compare.svg measured on: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | xargs), $(nproc) cores"
fi
ls "$out"
