#!/usr/bin/env bats
# The parameters of wythoff-beatty, wythoff-property3, wythoff-zeckendorf-shift
# and wythoff-grundy on the command line: defaults, limits, usage errors, and
# their LaTeX at the largest sizes compiled without overfull boxes.

load helpers

compile() { # DIR FRAGMENT-NAME: pdflatex with the preamble of DIR's language
    local dir=$1 name=$2
    printf '%s\n' '\documentclass[a4paper]{article}' '\input{preamble}' '\begin{document}' \
        "\\input{$name}" '\end{document}' > "$dir/doc-$name.tex"
    if ! (cd "$dir" && "${PDFLATEX:-pdflatex}" -interaction=nonstopmode -halt-on-error \
            "doc-$name.tex" >/dev/null 2>&1); then
        grep -A3 '^!' "$dir/doc-$name.log" >&2
        return 1
    fi
    if grep -A2 'Overfull' "$dir/doc-$name.log" >&2; then
        echo "$dir/$name.tex: overfull box" >&2
        return 1
    fi
}

@test "the four tables are listed" {
    gt list
    [ "$status" -eq 0 ]
    out=$(echo "$out" | sed -z 's/\n  */ /g') # an entry's wrapped lines joined
    for t in wythoff-beatty wythoff-property3 wythoff-zeckendorf-shift wythoff-grundy; do
        echo "$out" | grep -q "^$t .*Kvant 1984 no. 7" || { echo "$t missing" >&2; return 1; }
    done
}

@test "defaults: 13 Beatty rows, 12 property-3 rows, 13 Zeckendorf rows, a 10 x 10 board" {
    gt table wythoff-beatty
    [ "$(echo "$out" | head -1)" = "n,floor_nu,floor_nv" ]
    [ "$(echo "$out" | sed -n 2p)" = "1,1,2" ]
    [ "$(echo "$out" | tail -1)" = "13,21,34" ]
    [ "$(echo "$out" | wc -l)" -eq 14 ]
    gt table wythoff-property3
    [ "$(echo "$out" | head -1)" = "n,a_n,b_n,k1,a_k1,b_k1,k2,a_k2,b_k2" ]
    [ "$(echo "$out" | sed -n 2p)" = "1,1,2,1,1,2,2,3,5" ]
    [ "$(echo "$out" | tail -1)" = "12,19,31,19,30,49,20,32,52" ]
    [ "$(echo "$out" | wc -l)" -eq 13 ]
    gt table wythoff-zeckendorf-shift
    [ "$(echo "$out" | head -1)" = "n,a_n,n_minus_1_fib,a_n_minus_1_fib" ]
    [ "$(echo "$out" | sed -n 6p)" = "5,8,101,1010" ]
    [ "$(echo "$out" | wc -l)" -eq 14 ]
    gt table wythoff-grundy
    [ "$(echo "$out" | head -1)" = "a,b,grundy" ]
    [ "$(echo "$out" | wc -l)" -eq 101 ]
    # (1; 2) and (2; 1) are P-positions, (9; 9) is not.
    echo "$out" | grep -qx '1,2,0'
    echo "$out" | grep -qx '2,1,0'
    [ "$(echo "$out" | grep -c ',0$')" -eq 7 ] # (0;0), (1;2), (2;1), (3;5), (5;3), (4;7), (7;4)
}

@test "--count and --max change the size" {
    gt table wythoff-beatty --count 1
    [ "$out" = "$(printf 'n,floor_nu,floor_nv\n1,1,2')" ]
    gt table wythoff-zeckendorf-shift --count 1000
    # 999 = 987 + 8 + 3 + 1; a_1000 - 1 = 1617 = 1597 + 13 + 5 + 2 (by hand)
    [ "$(echo "$out" | tail -1)" = "1000,1618,100000000010101,1000000000101010" ]
    gt table wythoff-grundy --max 1
    [ "$out" = "$(printf 'a,b,grundy\n0,0,0')" ]
    gt table wythoff-grundy --max 64
    [ "$(echo "$out" | wc -l)" -eq 4097 ]
}

@test "Fibonacci digits are strings in JSON, numbers stay numbers" {
    gt table wythoff-zeckendorf-shift --count 2 --format json
    [ "$status" -eq 0 ]
    [[ "$out" == *'{"n":2,"a_n":3,"n_minus_1_fib":"1","a_n_minus_1_fib":"10"}'* ]]
}

@test "JSON read by python: integers are integers to 2^64 - 1, decimals numbers, no value null" {
    gt table wythoff-p-positions --from 7046029254386353130 --count 1 --format json
    [ "$status" -eq 0 ]
    python3 -c '
import json, sys
row = json.load(sys.stdin)["rows"][0]
assert row == {"n": 7046029254386353130, "a_n": 11400714819323198485,
               "b_n": 18446744073709551615}, row
assert all(type(v) is int for v in row.values()), row' <<<"$out"
    gt table wythoff-frequencies --from 7046029254386353128 --count 1 --format json
    [ "$status" -eq 0 ]
    python3 -c '
import json, sys
from decimal import Decimal
row = json.load(sys.stdin, parse_float=Decimal)["rows"][0]
assert row["N"] == 7046029254386353129 and type(row["A_N"]) is int, row
assert row["p_N"] == Decimal("0.618033988750") and row["q_N"] == Decimal("0.381966011250"), row' <<<"$out"
    gt table kordemsky-start --max 3 --format json
    [ "$status" -eq 0 ]
    python3 -c '
import json, sys
rows = json.load(sys.stdin)["rows"]
assert rows == [{"n": 1, "grundy": 0, "take": None}, {"n": 3, "grundy": 3, "take": 2}], rows' <<<"$out"
}

@test "usage errors of the parameters: exit 2, one line naming the limit" {
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        gt table $args
        assert_error 2 || { echo "for: gametab table $args" >&2; return 1; }
        [[ "$err" == *"$want"* ]] || { echo "for: $args: '$err' lacks '$want'" >&2; return 1; }
    done <<'CASES'
wythoff-beatty --count 0|--count: 0 is out of range for table wythoff-beatty (1..7046029254386353130)
wythoff-beatty --count 7046029254386353131|out of range for table wythoff-beatty (1..7046029254386353130)
wythoff-beatty --max 5|--max: not a parameter of table wythoff-beatty
wythoff-beatty --format tex --count 5001|at most 5000 rows
wythoff-property3 --count 0|out of range for table wythoff-property3 (1..4354685564936845355)
wythoff-property3 --count 4354685564936845356|out of range for table wythoff-property3 (1..4354685564936845355)
wythoff-property3 --heaps 2|--heaps: not a parameter of table wythoff-property3
wythoff-zeckendorf-shift --count 0|out of range for table wythoff-zeckendorf-shift (1..7046029254386353130)
wythoff-zeckendorf-shift --count 7046029254386353131|out of range for table wythoff-zeckendorf-shift (1..7046029254386353130)
wythoff-zeckendorf-shift --radix 3|--radix: not a parameter of table wythoff-zeckendorf-shift
wythoff-grundy --max 0|--max: 0 is out of range for table wythoff-grundy (1..32768)
wythoff-grundy --max 32769|--max: 32769 is out of range for table wythoff-grundy (1..32768)
wythoff-grundy --max 18446744073709551615|out of range for table wythoff-grundy (1..32768)
wythoff-grundy --max -3|--max: '-3' is not a non-negative whole number
wythoff-grundy --count 10|--count: not a parameter of table wythoff-grundy
wythoff-grundy --no-color|--no-color: not a parameter of table wythoff-grundy
wythoff-grundy --max 33 --format tex|--max: a LaTeX table of wythoff-grundy takes at most 32
wythoff-grundy --max 4096 -o board.tex|--max: a LaTeX table of wythoff-grundy takes at most 32
CASES
}

@test "the largest counts and board are accepted (checked without computing them)" {
    # Past validation, opening a file in a missing directory fails: exit 1.
    for args in "wythoff-beatty --count 7046029254386353130" \
                "wythoff-property3 --count 4354685564936845355" \
                "wythoff-zeckendorf-shift --count 7046029254386353130" \
                "wythoff-grundy --max 4096"; do
        # shellcheck disable=SC2086
        gt table $args -o "$T/missing/x.csv"
        assert_error 1 || { echo "for: $args" >&2; return 1; }
    done
}

@test "table --help shows the LaTeX limit of --max" {
    gt table --help
    out=$(echo "$out" | sed -z 's/\n  */ /g') # wrapped lines joined
    [[ "$out" == *"--max: board size N: 0 <= a, b < N; about 0.64 N^2 bytes (164 MiB at 16384); default 10, 1..32768, at most 32 with --format tex"* ]]
}

@test "the LaTeX of the largest sizes compiles without overfull boxes, in both languages" {
    for lang in ru en; do
        mkdir -p "$T/$lang"
        "$GAMETAB" build -o "$T/b" --lang $lang >/dev/null
        cp "$T/b/$lang/preamble.tex" "$T/$lang/"
        for args in "wythoff-grundy --max 32:g32" "wythoff-grundy --max 24:g24" \
                    "wythoff-grundy --max 17:g17" "wythoff-grundy --max 1:g1" \
                    "wythoff-beatty --count 5000:b" "wythoff-property3 --count 5000:p" \
                    "wythoff-zeckendorf-shift --count 5000:z"; do
            # shellcheck disable=SC2086
            gt table ${args%:*} --lang $lang -o "$T/$lang/${args#*:}.tex"
            [ "$status" -eq 0 ] || { echo "$err" >&2; return 1; }
            compile "$T/$lang" "${args#*:}"
        done
    done
}

@test "the LaTeX board marks exactly the P-positions in bold" {
    gt table wythoff-grundy --format tex --lang en
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | grep -o '&\\textbf{0}' | wc -l)" -eq 7 ]
    # The bottom line is b = 0: the corner in bold, then 1..9.
    echo "$out" | grep -q '^0&\\textbf{0}&1&2&3&4&5&6&7&8&9\\\\'
}

@test "wythoff-game LaTeX: no move only at (0;0); who wins as the start says" {
    gt table wythoff-game --start 0,0 --format tex --lang en
    [ "$status" -eq 0 ]
    [[ "$out" == *'there is no move.'* ]]
    [[ "$out" != *'xrightarrow'* ]]
    # on an edge or beside the corner there is a move, and the first player wins
    for s in 0,5 5,0 0,1 1,0 1,1; do
        gt table wythoff-game --start $s --format tex --lang en
        [ "$status" -eq 0 ]
        if [[ "$out" == *'there is no move'* ]]; then
            echo "--start $s: no move?" >&2
            return 1
        fi
        [[ "$out" == *'xrightarrow{1}'* ]]
        [[ "$out" == *'the first player wins'* ]]
        # one move ends it: no loser's move to speak of (breaker round 33)
        [[ "$out" == *'the first player wins at once'* && "$out" != *'xrightarrow{2}'* ]]
    done
    gt table wythoff-game --format tex --lang en
    [[ "$out" == *'xrightarrow{2}'* && "$out" != *'at once'* ]]
    # a P-position: the second player wins
    for s in 1,2 2,1 3,5 8,13; do
        gt table wythoff-game --start $s --format tex --lang en
        [[ "$out" != *'there is no move'* ]]
        [[ "$out" == *'the second player wins'* ]]
    done
}

@test "wythoff-game --no-color: in black, the squares the winner's moves reach underlined, those of the CSV's to_p = 1; the PDF says so in both languages (breaker round 32, F5)" {
    gt table wythoff-game --start 30,29 --format tex --lang en --no-color
    [ "$status" -eq 0 ]
    [[ "$out" != *textcolor* ]]
    [[ "$out" == *'(to the squares underlined)'* ]]
    underlined=$(echo "$out" | grep -o 'underline{([0-9]*,[0-9]*)}' | tr -d 'underlin{}' | tr '\n' ' ')
    want=$("$GAMETAB" table wythoff-game --start 30,29 | awk -F, 'NR > 1 && $7 == 1 { printf "(%s,%s) ", $5, $6 }')
    [ -n "$want" ]
    [ "$underlined" = "$want" ]
    # in colour, as before: no underline
    gt table wythoff-game --start 30,29 --format tex --lang en
    [[ "$out" == *textcolor* && "$out" != *underline* ]]
    "$GAMETAB" table wythoff-game --no-color -o "$T/ru.pdf"
    "$GAMETAB" table wythoff-game --no-color --lang en -o "$T/en.pdf"
    pdftotext "$T/ru.pdf" - | tr '\n' ' ' | grep -q 'на подчёркнутые поля'
    pdftotext "$T/en.pdf" - | tr '\n' ' ' | grep -q 'to the squares underlined'
}

@test "wythoff-grundy: the CSV is byte for byte what the algorithm before wrote (N = 1, 3, 257, 2048)" {
    # sha256 of `gametab table wythoff-grundy --max N` from the row-by-row
    # bitset algorithm (2N bits a line, no summaries), before the stripes.
    while IFS=' ' read -r N want; do
        got=$("$GAMETAB" table wythoff-grundy --max "$N" | sha256sum | cut -d' ' -f1)
        [ "$got" = "$want" ] || { echo "--max $N: $got, want $want" >&2; return 1; }
    done <<'SUMS'
1 2cea0f27c61f7e811cbed980d8bb66bfd0e86a5b3b89a0837ce7f9238e8b8e5b
3 aa31ca1946511ad12f0e017e577f548c4fcf0eb52611bb5cd6b167e353dea9f8
257 a8573d7e7f4501f3c1da9498419bf2120757524d054bdcf0edd5ebb4d99a2ec4
2048 b1a3da0ff618b30970d7bddc6794502162716dd421564e9a9ee7809c2eccd5d5
SUMS
    # The csv.gz holds the same rows, and so do the rows JSON lists.
    gt table wythoff-grundy --max 257 -o "$T/g.csv.gz"
    [ "$status" -eq 0 ]
    [ "$(zcat "$T/g.csv.gz" | sha256sum | cut -d' ' -f1)" = \
      a8573d7e7f4501f3c1da9498419bf2120757524d054bdcf0edd5ebb4d99a2ec4 ]
}

@test "wythoff-grundy: a write that fails stops the computing thread (exit 1, no wait for the board)" {
    # /dev/full refuses the first buffer; the rows computed ahead are thrown
    # away and the thread is joined within a stripe (128 rows, well under a
    # second), not after the 16384 x 16384 board (about ten seconds).
    run timeout 5 "$GAMETAB" table wythoff-grundy --max 16384 -o /dev/full
    [ "$status" -eq 1 ]
    [[ "$output" == "gametab: "* ]]
    # A reader that stops early: the pipe closes, gametab ends.
    run timeout 5 bash -c "'$GAMETAB' table wythoff-grundy --max 16384 | head -c 64 | wc -c"
    [ "$status" -eq 0 ]
    [ "$output" = 64 ]
}
