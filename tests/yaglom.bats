#!/usr/bin/env bats
# The command line of Yaglom's tables (Kvant 1971 no. 2): nim-p-positions,
# wythoff-fibonacci, wythoff-k-heaps: their parameters, columns, colours
# and usage errors.

load helpers

@test "nim-p-positions: Table I at the article's size, binary digits" {
    gt table nim-p-positions
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | head -1)" = "a,b,c,a_bin,b_bin,c_bin" ]
    [ "$(echo "$out" | sed -n 2p)" = "0,1,1,0,1,1" ]
    [ "$(echo "$out" | sed -n 10p)" = "3,5,6,11,101,110" ] # not printed in the article
    [ "$(echo "$out" | tail -1)" = "0,8,8,0,1000,1000" ]
    [ "$(echo "$out" | wc -l)" -eq 16 ]
}

@test "nim-p-positions --radix 4: base-4 digits under a_base4, b_base4, c_base4" {
    gt table nim-p-positions --radix 4 --count 20
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | head -1)" = "a,b,c,a_base4,b_base4,c_base4" ]
    [ "$(echo "$out" | tail -1)" = "0,10,10,0,22,22" ]
    gt table nim-p-positions --radix 2 --count 1
    [ "$(echo "$out" | head -1)" = "a,b,c,a_bin,b_bin,c_bin" ]
}

@test "nim-p-positions: digit columns are JSON strings" {
    gt table nim-p-positions --count 2 --format json
    [ "$status" -eq 0 ]
    echo "$out" | grep -qF '{"a":0,"b":2,"c":2,"a_bin":"0","b_bin":"10","c_bin":"10"}'
    gt table nim-p-positions --count 2 --radix 4 --format json
    echo "$out" | grep -qF '"a_base4":"0","b_base4":"2","c_base4":"2"}'
}

@test "wythoff-fibonacci: Table II with its binary and Fibonacci words" {
    gt table wythoff-fibonacci
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | head -1)" = "n,a_n,b_n,a_n_bin,b_n_bin,a_n_fib,b_n_fib" ]
    [ "$(echo "$out" | sed -n 2p)" = "1,1,2,1,10,1,10" ]
    [ "$(echo "$out" | tail -1)" = "15,24,39,11000,100111,1000100,10001000" ]
    [ "$(echo "$out" | wc -l)" -eq 16 ]
}

@test "wythoff-k-heaps: one column per heap, sorted rows, (0,...,0) first" {
    gt table wythoff-k-heaps
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | head -2 | tr '\n' ' ')" = "h1,h2,h3 0,0,0 " ]
    [ "$(echo "$out" | wc -l)" -eq 22 ]
    [ "$(echo "$out" | tail -1)" = "3,9,10" ]
    gt table wythoff-k-heaps --heaps 2 --max 20
    [ "$(echo "$out" | tr '\n' ' ')" = "h1,h2 0,0 1,2 3,5 4,7 6,10 8,13 9,15 11,18 12,20 " ]
    gt table wythoff-k-heaps --heaps 5 --max 2
    [ "$(echo "$out" | head -1)" = "h1,h2,h3,h4,h5" ]
    gt table wythoff-k-heaps --heaps 8 --max 0
    [ "$(echo "$out" | tr '\n' ' ')" = "h1,h2,h3,h4,h5,h6,h7,h8 0,0,0,0,0,0,0,0 " ]
}

@test "wythoff-k-heaps: the largest --max for each --heaps is accepted" {
    for km in 1:16777215 2:4095 3:255 4:63 5:26 6:15 7:9 8:7; do
        gt table wythoff-k-heaps --heaps "${km%:*}" --max "${km#*:}" -o "$T/k.csv"
        [ "$status" -eq 0 ] || { echo "--heaps ${km%:*} --max ${km#*:}: $err" >&2; return 1; }
    done
}

@test "LaTeX: digits in red (binary) and blue (Fibonacci), black with --no-color" {
    gt table nim-p-positions --format tex
    [ "$status" -eq 0 ]
    [[ "$out" == *'\gametabstrut$a$&\color{red}0&\color{red}0&\color{red}1'* ]]
    [[ "$out" == *'Таблица Ia'* ]]
    gt table nim-p-positions --format tex --no-color --lang en
    [[ "$out" != *'\color'* ]]
    [[ "$out" == *'Table Ia'* ]]
    # 15 positions: as many columns as the binary table fits, balanced, 8 + 7.
    [[ "$out" == *'\gametabstrut$a$&0&0&1&0&0&1&0&10\\'* ]]
    gt table nim-p-positions --format tex --radix 4
    [[ "$out" == *'четверичной'* ]]
    [[ "$out" != *'Таблица Ia'* ]]
    gt table wythoff-fibonacci --format tex
    [[ "$out" == *'\color{red}100111'* ]]
    [[ "$out" == *'\color{blue}10001000'* ]]
    gt table wythoff-fibonacci --format tex --no-color
    [[ "$out" != *'\color'* ]]
    [[ "$out" == *'&10001000'* ]]
    gt table wythoff-k-heaps --format tex --heaps 4 --max 3 --lang en
    [[ "$out" == *'$h_{1}$&$h_{2}$&$h_{3}$&$h_{4}$\\'* ]]
    [[ "$out" == *'$k=4$, $M=3$'* ]]
}

@test "--help documents the parameters and their limits" {
    gt table --help
    [ "$status" -eq 0 ]
    out=$(echo "$out" | sed -z 's/\n  */ /g') # wrapped lines joined
    # the values --radix takes said as they are, not "2..4" (breaker round 15)
    [[ "$out" == *"nim-p-positions"*"--radix: "*"2 (a_bin"*"or 4 (a_base4"*"default 2, 2 or 4"* ]]
    radix=${out#*nim-p-positions*--radix: }
    [[ "${radix%%--no-color*}" != *"2..4"* ]]
    [[ "$out" == *"wythoff-k-heaps"*"--max: "*"M <= 16777215, 4095, 255, 63, 26, 15, 9, 7 for k = 1..8"* ]]
    [[ "$out" == *"wythoff-fibonacci"*"--no-color"* ]]
    gt list
    out=$(echo "$out" | sed -z 's/\n  */ /g') # an entry's wrapped lines joined
    echo "$out" | grep -q '^nim-p-positions .*Yaglom, Две игры со спичками, Kvant 1971 no. 2'
    echo "$out" | grep -q '^wythoff-k-heaps .*exercise 8'
}

@test "usage errors of the parameters: exit 2, one line on stderr" {
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        gt table $args
        assert_error 2 || { echo "for: gametab table $args" >&2; return 1; }
        [[ "$err" == *"$want"* ]] || { echo "for: gametab table $args: '$err' lacks '$want'" >&2; return 1; }
    done <<'CASES'
nim-p-positions --radix 3|--radix: 3 is not allowed for table nim-p-positions (2 or 4)
nim-p-positions --radix 5|--radix: 5 is out of range for table nim-p-positions (2 or 4)
nim-p-positions --radix 1|--radix: 1 is out of range
nim-p-positions --radix 16|--radix: 16 is out of range
nim-p-positions --radix 3 --format tex|--radix: 3 is not allowed
nim-p-positions --count 0|--count: 0 is out of range for table nim-p-positions
nim-p-positions --heaps 3|--heaps: not a parameter of table nim-p-positions
nim-p-positions --max 3|--max: not a parameter of table nim-p-positions
wythoff-fibonacci --radix 2|--radix: not a parameter of table wythoff-fibonacci
wythoff-fibonacci --count 0|--count: 0 is out of range
wythoff-fibonacci --count 7046029254386353131|out of range for table wythoff-fibonacci (1..7046029254386353130)
wythoff-k-heaps --count 5|--count: not a parameter of table wythoff-k-heaps
wythoff-k-heaps --no-color|--no-color: not a parameter of table wythoff-k-heaps
wythoff-k-heaps --heaps 0|--heaps: 0 is out of range for table wythoff-k-heaps (1..8)
wythoff-k-heaps --heaps 9|--heaps: 9 is out of range for table wythoff-k-heaps (1..8)
wythoff-k-heaps --max 256|--max: 256 is out of range for table wythoff-k-heaps with --heaps 3 (0..255
wythoff-k-heaps --heaps 2 --max 4096|--max: 4096 is out of range for table wythoff-k-heaps with --heaps 2 (0..4095
wythoff-k-heaps --heaps 4 --max 64|with --heaps 4 (0..63
wythoff-k-heaps --heaps 5 --max 27|with --heaps 5 (0..26
wythoff-k-heaps --heaps 8 --max 8|with --heaps 8 (0..7
wythoff-k-heaps --heaps 1 --max 16777216|--max: 16777216 is out of range for table wythoff-k-heaps (0..16777215)
wythoff-k-heaps --max 99999999999999999999|--max: 99999999999999999999 is out of range for table wythoff-k-heaps (0..16777215)
wythoff-k-heaps --heaps 3 --max 300 --format tex|with --heaps 3 (0..255
CASES
}

@test "a LaTeX table of more than 5000 P-positions is a usage error, said before solving" {
    # How many P-positions there are is known only once the game is solved:
    # the largest --max of each --heaps was counted (the test below counts
    # again), so the request is refused up front, exit 2, as for the
    # tables whose count is known before.
    gt table wythoff-k-heaps --heaps 3 --max 255 --format tex
    assert_error 2
    [[ "$err" == *"with --heaps 3 takes at most 192"* ]]
}

compile() { # DIR NAME: DIR holds preamble.tex and NAME.tex
    printf '%s\n' '\documentclass[a4paper]{article}' '\input{preamble}' '\begin{document}' \
        "\\input{$2}" '\end{document}' > "$1/doc-$2.tex"
    (cd "$1" && "${PDFLATEX:-pdflatex}" -interaction=nonstopmode -halt-on-error "doc-$2.tex" \
        >/dev/null 2>&1) || { grep -A3 '^!' "$1/doc-$2.log" >&2; return 1; }
    refute grep -A2 'Overfull' "$1/doc-$2.log" >&2
}

@test "long and wide LaTeX tables break across pages and still compile" {
    for lang in ru en; do
        mkdir -p "$T/$lang"
        "$GAMETAB" build -o "$T" --lang $lang >/dev/null
        gt table nim-p-positions --count 1500 --radix 4 --no-color --lang $lang -o "$T/$lang/nim.tex"
        [ "$status" -eq 0 ]
        gt table wythoff-fibonacci --count 300 --lang $lang -o "$T/$lang/fib.tex"
        [ "$status" -eq 0 ]
        gt table wythoff-k-heaps --heaps 4 --max 20 --lang $lang -o "$T/$lang/k4.tex"
        [ "$status" -eq 0 ]
        gt table wythoff-k-heaps --heaps 8 --max 3 --lang $lang -o "$T/$lang/k8.tex"
        [ "$status" -eq 0 ]
        for name in nim fib k4 k8; do
            compile "$T/$lang" $name
        done
        [ "$(pdfinfo "$T/$lang/doc-k4.pdf" | awk '/^Pages:/ {print $2}')" -gt 1 ]
    done
}

@test "wythoff-k-heaps with --format tex: the largest --max for each --heaps, said in --help and in the refusal, counted again here (breaker round 22, F5)" {
    local k top rows
    for k in 3:192 4:49 5:25; do
        top=${k#*:} k=${k%:*}
        # the CSV's rows: at most 5000 (a LaTeX table's) at top, more past it
        rows=$("$GAMETAB" table wythoff-k-heaps --heaps "$k" --max "$top" | tail -n +2 | wc -l)
        [ "$rows" -le 5000 ]
        rows=$("$GAMETAB" table wythoff-k-heaps --heaps "$k" --max $((top + 1)) | tail -n +2 | wc -l)
        [ "$rows" -gt 5000 ]
        gt table wythoff-k-heaps --heaps "$k" --max "$top" --format tex -o "$T/k.tex"
        [ "$status" -eq 0 ]
        gt table wythoff-k-heaps --heaps "$k" --max $((top + 1)) --format tex -o "$T/k2.tex"
        assert_error 2
        [ "$err" = "gametab: --max: a LaTeX table of wythoff-k-heaps with --heaps $k takes at most $top; use csv or csv.gz for more" ]
        [ ! -e "$T/k2.tex" ]
    done
    # the others fit at every --max their range allows
    for k in 1:16777215 2:4095 6:15 7:9 8:7; do
        gt table wythoff-k-heaps --heaps "${k%:*}" --max "${k#*:}" --format tex -o "$T/k.tex"
        [ "$status" -eq 0 ]
    done
    "$GAMETAB" table --help | tr -s ' \n' ' ' | grep -q 'with --format tex (or pdf) at most 192, 49, 25 for k = 3, 4, 5'
}
