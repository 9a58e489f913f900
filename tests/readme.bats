#!/usr/bin/env bats
# The README's commands, run as written: its recipe from `render` to a PDF,
# and what it says ./setup installs.

load helpers

README=$BATS_TEST_DIRNAME/../README.md

# The shell blocks of the README that follow the line
# "<!-- tests/readme.bats runs this block -->" (or "...block: WHAT -->",
# with the argument ": WHAT"), one after another.
readme_blocks() {
    awk -v mark="<!-- tests/readme.bats runs this block${1:-} -->" '$0 == mark { want = 1; next }
         want && /^```sh$/ { inside = 1; next }
         inside && /^```$/ { inside = 0; want = 0; next }
         inside { print }' "$README"
}

@test "the README's recipe from render to a PDF works as written: a table, then a figure" {
    mkdir "$T/bin" "$T/work"
    ln -s "$(cd "$(dirname "$GAMETAB")" && pwd)/$(basename "$GAMETAB")" "$T/bin/gametab"
    readme_blocks >"$T/recipe.sh"
    [ "$(grep -c '^pdflatex\|^latexmk' "$T/recipe.sh")" -eq 3 ]
    (cd "$T/work" && PATH="$T/bin:$PATH" bash -e "$T/recipe.sh") >"$T/log" 2>&1 ||
        { tail -30 "$T/log"; false; }
    # the table: every row, its widths settled by the second run
    pdftotext -layout "$T/work/doc.pdf" "$T/doc.txt"
    grep -q '^ *59 *95 *154 *$' "$T/doc.txt"
    refute grep -q 'Rerun' "$T/work/doc.log"
    # the figure: compiled, with pgfplots' compat level set (no warning)
    pdftotext "$T/work/fig-doc.pdf" "$T/fig.txt"
    grep -q 'N' "$T/fig.txt"
    refute grep -q 'running in backwards compatibility mode' "$T/work/fig-doc.log"
}

@test "the README's recipe that prints the errata works as written, from a build's output/" {
    mkdir "$T/bin" "$T/work"
    ln -s "$(cd "$(dirname "$GAMETAB")" && pwd)/$(basename "$GAMETAB")" "$T/bin/gametab"
    readme_blocks ': the errata' >"$T/recipe.sh"
    [ "$(grep -c '^latexmk' "$T/recipe.sh")" -eq 1 ]
    "$GAMETAB" build -o "$T/work/output" >/dev/null
    (cd "$T/work" && PATH="$T/bin:$PATH" bash -e "$T/recipe.sh") >"$T/log" 2>&1 ||
        { tail -30 "$T/log"; false; }
    refute grep -q 'Overfull' "$T/work/output/ru/errata-doc.log"
    pdftotext "$T/work/output/ru/errata-doc.pdf" "$T/errata.txt"
    grep -q 'feng-theorem-2' "$T/errata.txt"
    [ "$(pdfinfo "$T/work/output/ru/errata-doc.pdf" | sed -n 's/^Pages: *//p')" -eq 6 ]
}

@test "the README names every Debian package ./setup installs" {
    packages=$(sed -n '/^packages="/,/"$/p' "$BATS_TEST_DIRNAME/../setup" |
        sed 's/^packages="//; s/"$//' | tr -s ' \n' '\n' | grep .)
    [ "$(echo "$packages" | wc -l)" -ge 20 ]
    for p in $packages clang; do
        grep -q "\`$p\`" "$README" || { echo "README does not name $p" >&2; false; }
    done
}

@test "the README's limits name every LaTeX limit that table --help gives (breaker round 26, F1)" {
    # --from's limits of wythoff-frequencies and wythoff-fibonacci were in
    # --help only
    "$GAMETAB" table --help | tr -s ' \n' ' ' |
        grep -oE 'at most [0-9]+ with --format tex|with --format tex \(or pdf\) at most [0-9, ]+[0-9]' |
        grep -oE '[0-9]+' | sort -u >"$T/limits"
    [ "$(wc -l <"$T/limits")" -ge 9 ]
    sed -n '/^### Exactness and limits/,/^##* [^E]/p' "$README" | tr -s ' \n' ' ' |
        sed -E ':a; s/([0-9]) ([0-9]{3})\b/\1\2/; ta' >"$T/section"
    while read -r n; do
        grep -qE "(^|[^0-9])$n([^0-9]|$)" "$T/section" ||
            { echo "not in the README's limits: $n" >&2; return 1; }
    done <"$T/limits"
}

@test "bench/run times each table's PDF at its LaTeX limit: each line's last value is allowed, one more refused (breaker round 27, F1)" {
    # wythoff-k-heaps ran at --max 190 after its limit became 192; --heaps 4
    # and 5 were not run at all
    sed -n "/<<'LIMITS'/,/^LIMITS/p" "$BATS_TEST_DIRNAME/../bench/run" | sed '1d;$d' >"$T/lines"
    [ "$(wc -l <"$T/lines")" -ge 16 ]
    for name in $("$GAMETAB" list | awk '/^[^ ]/ { print $1 }'); do
        grep -q "^$name " "$T/lines" || { echo "bench/run: no line for $name" >&2; return 1; }
    done
    while read -r name args; do
        read -ra at <<<"$args"
        [ "${#at[@]}" -ge 2 ]
        "$GAMETAB" table "$name" "${at[@]}" --format tex -o /dev/null ||
            { echo "refused at the limit: $name $args" >&2; return 1; }
        # the last option's value, its first number one larger
        local last=${at[-1]} first rest
        first=${last%%,*}
        rest=${last#"$first"}
        at[-1]=$((first + 1))$rest
        run "$GAMETAB" table "$name" "${at[@]}" --format tex -o /dev/null
        [ "$status" -eq 2 ] || { echo "not at the limit: $name $args (${at[*]}: $status)" >&2; return 1; }
    done <"$T/lines"
}
