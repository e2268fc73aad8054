#!/usr/bin/env bash
# cubework checked against cubing.js itself: seeded random algorithms on the
# 3×3×3, 4×4×4 and 5×5×5 applied by cubing.js's KPuzzle and by `cubework apply`, their
# states compared; `invert` and `expand` likewise; a table of spellings each parser reads.
# The method is explained at the top of scripts/cubingjs_check.mjs.
#   scripts/cubingjs_check.sh [--seed N] [--count N] [--jobs N] [--show N]
# Needs Node.js 18 or later and npm. npm `cubing` is installed once into target/cubingjs/
# (or $CUBINGJS_DIR); later runs need no network. Exit status 0 when everything agrees,
# 1 on any difference, 2 on bad options.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cubing_version=0.56.0
scratch=${CUBINGJS_DIR:-$root/target/cubingjs}

for tool in node npm; do
    if ! command -v "$tool" >/dev/null; then
        echo "cubingjs_check: '$tool' not found: install Node.js 18 or later with npm" \
             "(e.g. apt-get install nodejs npm), or put it on PATH" >&2
        exit 1
    fi
done
node_major=$(node -p 'process.versions.node.split(".")[0]')
if (( node_major < 18 )); then
    echo "cubingjs_check: Node.js $(node --version) is too old: cubing $cubing_version needs 18 or later" >&2
    exit 1
fi

installed=$(node -p "try { require('$scratch/node_modules/cubing/package.json').version } catch { '' }" 2>/dev/null || true)
if [[ "$installed" != "$cubing_version" ]]; then
    echo "installing npm cubing@$cubing_version into $scratch (once)" >&2
    mkdir -p "$scratch"
    echo '{ "private": true, "description": "scratch install for scripts/cubingjs_check.sh" }' > "$scratch/package.json"
    if ! npm install --prefix "$scratch" --no-audit --no-fund --loglevel=error \
            "cubing@$cubing_version" >&2; then
        echo "cubingjs_check: npm could not install cubing@$cubing_version into $scratch" >&2
        exit 1
    fi
fi

cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin cubework
target_dir=$(cargo metadata --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')

# The .mjs runs from the scratch directory, so that `import "cubing/…"` finds its node_modules.
cp "$root/scripts/cubingjs_check.mjs" "$scratch/cubingjs_check.mjs"
exec node "$scratch/cubingjs_check.mjs" --cubework "$target_dir/release/cubework" "$@"
