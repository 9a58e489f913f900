# Shared set-up of the bats tests: $GAMETAB is the binary under test (set by
# `make check`), $T a fresh scratch directory removed after each test.

: "${GAMETAB:=$BATS_TEST_DIRNAME/../gametab}"

setup() {
    T=$(mktemp -d "${TMPDIR:-/tmp}/gametab-bats.XXXXXX")
}

teardown() {
    if mountpoint -q "$T/full" 2>/dev/null; then umount "$T/full"; fi
    # A test that failed before it took its immutable or append-only flag
    # back (output.bats) would leave what rm cannot remove.
    chattr -R -ia "$T" 2>/dev/null || true
    rm -rf "$T"
}

# Runs gametab with stdout and stderr kept apart: $status, $out, $err.
gt() {
    set +e
    "$GAMETAB" "$@" >"$T/stdout" 2>"$T/stderr"
    status=$?
    set -e
    out=$(cat "$T/stdout")
    err=$(cat "$T/stderr")
}

# A usage or runtime error: the given status, one line on stderr that starts
# with "gametab: ", and nothing on stdout.
assert_error() {
    local want=$1
    if [ "$status" -ne "$want" ]; then
        echo "exit status $status, want $want; stderr: $err" >&2
        return 1
    fi
    if [ "$(wc -l <"$T/stderr")" -ne 1 ] || [[ "$err" != "gametab: "?*": "?* ]]; then
        echo "stderr is not one 'gametab: <what>: <why>' line: $err" >&2
        return 1
    fi
    if [ -s "$T/stdout" ]; then
        echo "stdout is not empty: $out" >&2
        return 1
    fi
}

# Fails when COMMAND succeeds: `refute grep -q x file`.  A line `! COMMAND`
# would never fail a test (bash's set -e ignores a negated command), nor
# would `A && B` when A fails; tests/lint-bats rejects both.
refute() {
    if "$@"; then
        echo "succeeded, should have failed: $*" >&2
        return 1
    fi
}

# Writes DIR/NAME.tex, \documentclass CLASS ("[a5paper]{article}") then the
# LINEs (the preamble's \input, packages, \begin{document}, the body), and
# \end{document}; compiles it with pdflatex and fails naming NAME and
# CLASS on an error or an Overfull box (its log lines on stderr).
compile_clean() { # DIR NAME CLASS LINE...
    local dir=$1 name=$2 class=$3
    shift 3
    printf '%s\n' "\\documentclass$class" "$@" '\end{document}' >"$dir/$name.tex"
    if ! (cd "$dir" && "${PDFLATEX:-pdflatex}" -interaction=nonstopmode -halt-on-error \
            "$name.tex" >/dev/null 2>&1); then
        echo "$name.tex, $class: does not compile" >&2
        grep -A3 '^!' "$dir/$name.log" >&2
        return 1
    fi
    if grep -A2 'Overfull' "$dir/$name.log" >&2; then
        echo "$name.tex, $class: Overfull" >&2
        return 1
    fi
}
