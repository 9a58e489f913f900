#!/usr/bin/env bats
# The suite's own guarantees: no bats line can pass while its condition is
# false (tests/lint-bats), and the Mustache engine's own tests run without
# the shared spec.
# (The planted files write TEST for the at-sign keyword: bats would read
# a line of this file that starts with it as a test of its own.)

load helpers

LINT=$BATS_TEST_DIRNAME/lint-bats

@test "every bats file of the suite passes the lint" {
    "$LINT" "$BATS_TEST_DIRNAME"/*.bats "$BATS_TEST_DIRNAME"/helpers.bash
}

@test "a planted dead assertion passes under bats, and the lint rejects it" {
    cat > "$T/dead.bats" <<'BATS'
TEST "dead" {
    ! true
    [ 1 -eq 2 ] && true
    true
}
BATS
    sed -i 's/^TEST /@test /' "$T/dead.bats"
    # bats itself passes the test although both assertions are false ...
    bats --tap "$T/dead.bats" > "$T/bats.out"
    grep -qx 'ok 1 dead' "$T/bats.out"
    # ... the lint does not, and names both lines
    run "$LINT" "$T/dead.bats"
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 2 ]
    [[ "${lines[0]}" == "$T/dead.bats:2: \`! cmd\`"* ]]
    [[ "${lines[1]}" == "$T/dead.bats:3: \`&&\` list"* ]]
    # written as the lint asks, the same assertions fail
    cat > "$T/live.bats" <<'BATS'
load helpers
TEST "live" {
    refute true
}
TEST "live too" {
    [ 1 -eq 2 ]
    true
}
BATS
    sed -i 's/^TEST /@test /' "$T/live.bats"
    cp "$BATS_TEST_DIRNAME/helpers.bash" "$T/"
    "$LINT" "$T/live.bats"
    run bats --tap "$T/live.bats"
    [ "$status" -eq 1 ]
    [[ "$output" == *'not ok 1 live'* ]]
    [[ "$output" == *'not ok 2 live too'* ]]
}

@test "the lint rejects each dead form wherever it stands" {
    cases=(
        '! grep -q x f'                          # a test's last line too
        '  ! cmp -s a b # the issue: output.bats'
        '[ "$s" -eq 0 ] && gzip -t f'
        '[[ $a == x ]] && [[ $b != y ]]'
        'true; ! false'
        'x && ! y'
        'if true; then ! false; fi'
        'for f in a b; do [ -e "$f" ] && cat "$f"; done'
        'f() { check_log a && check_pages b; }'
        '{ ! grep -q x f; }'
        'a | ! b'
        "cmd \\
    && other"
    )
    for c in "${cases[@]}"; do
        printf '%s\n' "$c" > "$T/bad.bash"
        run "$LINT" "$T/bad.bash"
        if [ "$status" -ne 1 ]; then
            echo "not rejected: $c" >&2
            return 1
        fi
    done
}

@test "the lint accepts ! and && where their value is tested" {
    cat > "$T/good.bats" <<'BATS'
TEST "good" {
    if ! cmp -s a b; then false; fi
    if [ -e a ] && [ -e b ]; then :; elif ! true && true; then :; fi
    while read -r x && [ -n "$x" ]; do :; done < f
    until ! false; do :; done
    run ! false
    refute grep -q x f
    [ ! -e f ]
    [[ ! -e f && -n "$x" ]]
    [ "$a" != b ]
    (cd "$d" && make) > log
    x=$(true && echo "$(echo a && echo b)")
    y="$(! true) && ! a" || true
    echo '&& ! x' "&& ! y" 2>&1 >&- # && ! in a comment
    echo ${x:-a&&b}
    while true; do
        break
    done <<'CASES'
! x
a && b
CASES
    case $x in
        a) echo a ;;
        *) echo b ;;
    esac
}
BATS
    sed -i 's/^TEST /@test /' "$T/good.bats"
    "$LINT" "$T/good.bats"
}

@test "the lint: an unreadable file is exit 2, no file a usage error" {
    run "$LINT" "$T/missing.bats"
    [ "$status" -eq 2 ]
    run "$LINT"
    [ "$status" -eq 2 ]
}

@test "test-mustache runs the engine's own cases without the spec, and fails on CI" {
    prog=$(dirname "$GAMETAB")/tests/test-mustache
    run env -u CI GAMETAB_SHARED="$T/none" "$prog"
    [ "$status" -eq 0 ]
    # the plan: the one case standing for the spec, then the engine's own
    plan=${lines[0]#1..}
    [ "$plan" -gt 10 ]
    [[ "$output" == *$'\nok 1 - # SKIP mustache spec cases'* ]]
    [ "$(grep -c '^ok [0-9]* - test_' <<<"$output")" -eq $((plan - 1)) ]
    refute grep -q '^not ok' <<<"$output"
    CI=1 GAMETAB_SHARED=$T/none run "$prog"
    [ "$status" -eq 1 ]
    [[ "$output" == *$'\nnot ok 1 - mustache spec cases'* ]]
    [ "$(grep -c '^ok [0-9]* - test_' <<<"$output")" -eq $((plan - 1)) ]
}

@test "tests/bad-input: a failing row is not ok and the exit status 1, as bats gives (tests/mutate reads the status)" {
    printf 'x01\t0\t-\t-\t-\tplanted failure\tfalse\nx02\t0\t-\t-\t-\ta row that holds\ttrue\n' >"$T/one.tsv"
    run "$BATS_TEST_DIRNAME/bad-input" "$T/one.tsv"
    [ "$status" -eq 1 ]
    [[ "$output" == *"not ok 1 x01: planted failure"* ]]
    [[ "$output" == *"ok 2 x02: a row that holds"* ]]
    printf 'x02\t0\t-\t-\t-\ta row that holds\ttrue\n' >"$T/two.tsv"
    run "$BATS_TEST_DIRNAME/bad-input" "$T/two.tsv"
    [ "$status" -eq 0 ]
}

@test "every mutant's text stands once in its file, and a stranded one is named" {
    # make check sees a change that strands a mutant (CI's sample would
    # fail on it only when it is picked).  Inside a mutation run one text is
    # planted over, by design: there this would "kill" every mutant.
    [ -z "${GAMETAB_MUTANT:-}" ] || skip "inside tests/mutate: mutant $GAMETAB_MUTANT is planted"
    run "$BATS_TEST_DIRNAME/mutate" --check
    [ "$status" -eq 0 ]
    [[ "$output" == *" mutants, each text once in its file, each id once" ]]
    printf 'stale\tsrc/games/wythoff.c\tno such text here\tx\twhy\n' >"$T/m.tsv"
    run "$BATS_TEST_DIRNAME/mutate" --check "$T/m.tsv"
    [ "$status" -eq 2 ]
    [[ "$output" == *"mutant stale: its text is in src/games/wythoff.c 0 times, not once"* ]]
    # an id twice, as a merge left two (this session)
    grep -m1 '^wythoff-upper' "$BATS_TEST_DIRNAME/mutants.tsv" >"$T/m.tsv"
    grep -m1 '^wythoff-upper' "$BATS_TEST_DIRNAME/mutants.tsv" >>"$T/m.tsv"
    run "$BATS_TEST_DIRNAME/mutate" --check "$T/m.tsv"
    [ "$status" -eq 2 ]
    [[ "$output" == *"mutant ids given twice: wythoff-upper"* ]]
}

@test "tests/mutate refuses --sample 0, -j 0 and a --min past 100 before any build (breaker round 27, F2)" {
    # --sample 0 ran every mutant, an hour, as if no --sample was given
    local args
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086 # the arguments, split
        run "$BATS_TEST_DIRNAME/mutate" $args --check
        [ "$status" -eq 2 ] || { echo "mutate $args: exit $status" >&2; return 1; }
        [ "$output" = "mutate: $want" ] || { echo "mutate $args: $output" >&2; return 1; }
    done <<'CASES'
--sample 0|--sample takes a number of mutants, 1 or more
--sample -3|--sample takes a number of mutants, 1 or more
--sample 2x|--sample takes a number of mutants, 1 or more
-j 0|-j takes a number of jobs, 1 or more
-j many|-j takes a number of jobs, 1 or more
--min 101|--min takes a percentage, 0 to 100
--min 50%|--min takes a percentage, 0 to 100
CASES
    # inside a mutation run one text is planted over, so --check fails
    # there by design (it "killed" every mutant no test before it did)
    [ -z "${GAMETAB_MUTANT:-}" ] || return 0
    run "$BATS_TEST_DIRNAME/mutate" --sample 3 -j 1 --min 100 --check
    [ "$status" -eq 0 ]
}

@test "tests/bad-input and tests/check-pages never pass having checked nothing (breaker round 27, F9)" {
    # a missing table ran no row and passed: "1..0", exit 0
    run "$BATS_TEST_DIRNAME/bad-input" "$T/missing.tsv"
    [ "$status" -eq 2 ]
    [ "$output" = "Bail out! $T/missing.tsv: no such readable file" ]
    printf '# only a comment\n' >"$T/empty.tsv"
    run "$BATS_TEST_DIRNAME/bad-input" "$T/empty.tsv"
    [ "$status" -eq 2 ]
    [ "$output" = "Bail out! $T/empty.tsv: no row" ]
    # --help went to grep as an option, and 68 rows of its help were planned
    run "$BATS_TEST_DIRNAME/bad-input" --help
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "The bad-input table, tests/bad-input.tsv, run one row at a time; speaks" ]]
    run "$BATS_TEST_DIRNAME/bad-input" -x
    [ "$status" -eq 2 ]
    [ "$output" = "bad-input: -x: unknown option; usage: tests/bad-input [TABLE]" ]
    run "$BATS_TEST_DIRNAME/bad-input" -- "$T/empty.tsv"
    [ "$status" -eq 2 ]
    [ "$output" = "Bail out! $T/empty.tsv: no row" ]

    local usage="usage: tests/check-pages [-v] [--lang templates/lang/LANG.json]... DOC.pdf..."
    run "$BATS_TEST_DIRNAME/check-pages" -v
    [ "$status" -eq 2 ]
    [ "$output" = "check-pages: no DOC.pdf to check"$'\n'"$usage" ]
    run "$BATS_TEST_DIRNAME/check-pages" -r 300
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "check-pages: -r: unknown option" ]
    echo hello >"$T/n.pdf"
    run "$BATS_TEST_DIRNAME/check-pages" "$T/n.pdf"
    [ "$status" -eq 2 ]
    [ "$output" = "check-pages: $T/n.pdf: not a PDF pdftoppm and pdftotext can read" ]
    run "$BATS_TEST_DIRNAME/check-pages" --help
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "check-pages: what a teacher sees on paper"* ]]
    # a document whose name starts with a dash is a document, after --
    cd "$T"
    "$GAMETAB" table wythoff-p-positions --count 10 -o ./-t.pdf
    run "$BATS_TEST_DIRNAME/check-pages" -v -- -t.pdf
    [ "$status" -eq 0 ]
    [ "$output" = "-t.pdf: 1 page, blank 16%" ]
}
