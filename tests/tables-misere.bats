#!/usr/bin/env bats
# The tables of Feng Yuefeng's three-colour game (misère Nim) and of
# Teterko's «И все-таки, Гранди!» (Kordemsky's problem 286) on the command
# line: defaults, columns, formats, captions computed from the values, and
# the limits of --max.

load helpers

@test "misere-nim-p-positions: columns t,m,n, grouped by t, --max 12 by default" {
    gt table misere-nim-p-positions
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | head -4 | tr '\n' ' ')" = "t,m,n 0,0,1 0,2,2 0,3,3 " ]
    [ "$(echo "$out" | wc -l)" -eq 31 ]
    [ "$(echo "$out" | tail -1)" = "7,11,12" ]
    # (0,0,0) is no position: the article's t, m, n are not all zero.
    refute grep -qx '0,0,0' <<<"$out"
    # Feng: (1,2,3), (2,4,6), (2,5,7), (2,8,10), (3,4,7), (3,5,6), (3,8,11),
    # (3,9,10) lose; (2,4,5) wins; the final list's (4,6,8) wins.
    for p in 1,2,3 2,4,6 2,5,7 2,8,10 3,4,7 3,5,6 3,8,11 3,9,10 4,8,12; do
        echo "$out" | grep -qx "$p" || { echo "missing $p" >&2; return 1; }
    done
    refute grep -qx '2,4,5' <<<"$out"
    refute grep -qx '4,6,8' <<<"$out"
}

@test "misere-nim-p-positions --max 1 and 255" {
    gt table misere-nim-p-positions --max 1
    [ "$out" = "$(printf 't,m,n\n0,0,1\n1,1,1')" ]
    gt table misere-nim-p-positions --max 255 --format csv.gz -o "$T/p.csv.gz"
    [ "$status" -eq 0 ]
    # The largest t of a P-position: 127 ^ 191 = 192.
    [ "$(zcat "$T/p.csv.gz" | tail -1)" = "127,191,192" ]
    # Every row has nim-sum 0 except (0,0,1) and (1,1,1) (Bouton's misère rule).
    zcat "$T/p.csv.gz" | tail -n +2 | awk -F, '
        function bxor(a, b,   r, bit) { r = 0; bit = 1
            while (a || b) { if ((a % 2) != (b % 2)) r += bit; a = int(a / 2); b = int(b / 2); bit *= 2 }
            return r }
        { x = bxor(bxor($1, $2), $3)
          if (($0 == "0,0,1" || $0 == "1,1,1") ? x == 0 : x != 0) { print "bad row " $0; exit 1 } }'
}

@test "misere-nim-p-positions: the LaTeX lists the triples by t" {
    gt table misere-nim-p-positions --format tex --lang en
    [ "$status" -eq 0 ]
    [[ "$out" == *"P-positions of misère Nim (the last piece loses)"* ]]
    echo "$out" | grep -q 't=0\$:}\$(0,0,1)\$, \$(0,2,2)\$'
    echo "$out" | grep -q 't=7\$:}\$(7,11,12)\$\.'
    gt table misere-nim-p-positions --format tex --lang ru
    [[ "$out" == *"Проигрышные позиции"* ]]
    echo "$out" | grep -q '\$(3;5;6)\$'
}

@test "kordemsky-grundy: the reachable states, n + m + p odd, --max 27" {
    gt table kordemsky-grundy
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | head -4 | tr '\n' ' ')" = "n,m,p,grundy 0,0,1,1 0,1,0,0 1,0,0,0 " ]
    [ "$(echo "$out" | wc -l)" -eq 57 ]
    [ "$(echo "$out" | tail -2 | tr '\n' ' ')" = "27,0,0,3 27,1,1,3 " ]
    echo "$out" | tail -n +2 | awk -F, '($1 + $2 + $3) % 2 != 1 { exit 1 }'
}

@test "kordemsky-grundy: the caption's period is computed" {
    gt table kordemsky-grundy --format tex --lang en
    [ "$status" -eq 0 ]
    [[ "$out" == *'Period~$6$, from~$n=0$ (one period framed).'* ]]
    gt table kordemsky-grundy --format tex --lang ru
    [[ "$out" == *'Период~$6$, начиная с~$n=0$ (один период обведён рамкой).'* ]]
    # Piles 0..8 cannot show it: the four piles 0..3 must recur at 6..9.
    gt table kordemsky-grundy --max 8 --format tex --lang en
    [ "$status" -eq 0 ]
    [[ "$out" == *'No period is seen yet for~$n\le 8$.'* ]]
    [[ "$out" != *'Period~'* ]]
    gt table kordemsky-grundy --max 9 --format tex --lang en
    [[ "$out" == *'Period~$6$, from~$n=0$'* ]]
}

@test "kordemsky-grundy: the framed period is ruled on both sides, also where it starts a block" {
    # the column specs, one a block, a cell column written c
    specs() {
        grep -o 'begin{tabular}{.*}\\hline$' <<<"$out" | sed 's/wc{\\gametabcell}/c/g; s/^begin{tabular}{//; s/}\\hline$//'
    }
    # period 6 from n = 0, 28 piles in two balanced blocks of 14: the frame
    # is piles 0..5, the first six columns of the first block, closed by one
    # rule before pile 6
    gt table kordemsky-grundy --format tex --lang en
    [ "$status" -eq 0 ]
    [ "$(specs | tr '\n' ' ')" = "|c|cccccc|cccccccc| |c|cccccccccccccc| " ]
    [[ "$out" == *'(one period framed)'* ]]
    # blocks of 7, as asked (12 would not fit): the same rule in the first block
    gt table kordemsky-grundy --format tex --lang en --block-columns 7
    [ "$(specs | tr '\n' ' ')" = "|c|cccccc|c| |c|ccccccc| |c|ccccccc| |c|ccccccc| " ]
    [[ "$out" == *'(one period framed)'* ]]
    # blocks of 6: the frame is the first block, ruled by the table's own rules
    gt table kordemsky-grundy --format tex --lang en --block-columns 6
    [ "$(specs | sort -u)" = "|c|cccccc|" ]
    [[ "$out" == *'(one period framed)'* ]]
    # blocks of 4 cannot hold a period: no rule, and the caption says so
    gt table kordemsky-grundy --format tex --lang en --block-columns 4
    [ "$(specs | sort -u)" = "|c|cccc|" ]
    [[ "$out" != *'(one period framed)'* ]]
}

@test "kordemsky-start: n odd, Gr and the winning take; 27: Gr 3, take 2" {
    gt table kordemsky-start
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | head -4 | tr '\n' ' ')" = "n,grundy,take 1,0, 3,3,2 5,1,4 " ]
    [ "$(echo "$out" | tail -1)" = "27,3,2" ]
    [ "$(echo "$out" | wc -l)" -eq 15 ]
    gt table kordemsky-start --max 3 --format json
    [ "$status" -eq 0 ]
    echo "$out" | grep -qx '{"n":1,"grundy":0,"take":null},'
    echo "$out" | grep -qx '{"n":3,"grundy":3,"take":2}'
    echo "$out" | grep -q '"journal":null,"year":null,"issue":null'
    gt table kordemsky-start --format tex --lang en
    [[ "$out" == *'27 & 3 & 2\\'* ]]
    [[ "$out" == *'25 & 0 & ---\\'* ]]
    # One notation on a page: in Russian the caption's (n;0;0), the source
    # line's too (it wrote (n,0,0); breaker round 25, noticed)
    for t in kordemsky-start kordemsky-grundy; do
        gt table $t --format tex --lang ru --standalone
        [ "$status" -eq 0 ]
        echo "$out" | grep -v '^%' | grep -q '(n;0;0)'
        if echo "$out" | grep -v '^%' | grep '(n,0,0)'; then return 1; fi
    done
}

@test "list names the sources without a journal or year" {
    gt list
    out=$(echo "$out" | sed -z 's/\n  */ /g') # an entry's wrapped lines joined
    echo "$out" | grep -q '^misere-nim-p-positions .*\[Feng Yuefeng (冯跃峰), 三色棋搏弈问题, Theorems 1, 3, 4'
    echo "$out" | grep -q '^kordemsky-grundy .*\[A. Teterko, И все-таки, Гранди!, Fig. 1'
    echo "$out" | grep -q '^kordemsky-start .*\[A. Teterko, И все-таки, Гранди!, Gr((n,0,0))'
}

@test "usage errors of --max: exit 2, one line on stderr" {
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        gt $args
        assert_error 2 || { echo "for: gametab $args" >&2; return 1; }
        [[ "$err" == *"$want"* ]] || { echo "for: gametab $args: '$err' lacks '$want'" >&2; return 1; }
    done <<'CASES'
table misere-nim-p-positions --max 0|out of range for table misere-nim-p-positions (1..255)
table misere-nim-p-positions --max 256|out of range for table misere-nim-p-positions (1..255)
table misere-nim-p-positions --count 5|--count: not a parameter of table misere-nim-p-positions
table kordemsky-grundy --max 4194304|out of range for table kordemsky-grundy (0..4194303)
table kordemsky-grundy --heaps 3|--heaps: not a parameter of table kordemsky-grundy
table kordemsky-start --max 0|out of range for table kordemsky-start (1..4194303)
table kordemsky-start --max 4194304|out of range for table kordemsky-start (1..4194303)
table kordemsky-start --max -1|--max: '-1' is not a non-negative whole number
CASES
}

@test "the largest --max works; a LaTeX table past 5000 rows is a usage error" {
    gt table kordemsky-start --max 4194303 --format csv.gz -o "$T/s.csv.gz"
    [ "$status" -eq 0 ]
    [ "$(zcat "$T/s.csv.gz" | tail -1)" = "4194303,3,2" ]
    gt table kordemsky-grundy --max 2499 --format tex -o "$T/g.tex"
    [ "$status" -eq 0 ]
    gt table kordemsky-grundy --max 2500 --format tex -o "$T/g2.tex"
    assert_error 2
    [[ "$err" == *"--max: a LaTeX table of kordemsky-grundy takes at most 2499"* ]]
    [ ! -e "$T/g2.tex" ]
}
