# What scripts/apl_vs_bqn.sh and scripts/apl_vs_ngn.sh share, sourced by each from the
# repository's root: node ≥ 20, a work directory removed on exit, the release binary, each
# representation's state, and the lines that say on what machine and load the figures were made.

# Stops unless node is 20 or newer; sets `work` (a temporary directory, removed on exit) and
# `bin` (the release binary, built).
apl_peer_start() {
    local node_major
    node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
    [ "$node_major" -ge 20 ] || { echo "node ≥ 20 is needed (found: $(node --version 2>/dev/null || echo none))" >&2; exit 1; }
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    cargo build --release -q
    bin=$PWD/target/release/cubework
}

# Writes $work/states.txt: for each representation, `rep|⍴CUBE|$1CUBE|$1R U CUBE` as cubework
# shows them, `$1` the ravel the other side reads (`,` or `∊`).
apl_peer_states() {
    local r
    for r in vector composite local nested numeric 4d visual; do
        echo "$r|$("$bin" apl --rep "$r" '⍴CUBE')|$("$bin" apl --rep "$r" "${1}CUBE")|$("$bin" apl --rep "$r" "${1}R U CUBE")"
    done >"$work/states.txt"
}

# The time, the machine and its load, then `$1` (the other side and its version), node's
# version and cubework's commit.
apl_peer_machine() {
    local cpu flags
    cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
    flags=$(grep -o 'avx2\|avx512[a-z]*' /proc/cpuinfo | sort -u | tr '\n' ' ')
    echo "$(date -u '+%Y-%m-%d %H:%M') UTC; $cpu, $(nproc) cores ($flags); load average $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "$1, node $(node --version); cubework $(git rev-parse --short HEAD)"
}
