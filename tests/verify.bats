#!/usr/bin/env bats
# gametab verify: the report, its exit status, --max, --claim, -o and the
# errata that build writes.

load helpers

@test "verify: one line per claim and a summary; some claims of the articles fail: exit 1, stderr empty" {
    claims=$("$GAMETAB" verify --list | grep -c '^[^ ]')
    [ "$claims" -ge 30 ]
    gt verify
    [ "$status" -eq 1 ]
    [ -z "$err" ]
    [ "$(wc -l <"$T/stdout")" -eq $((claims + 1)) ]
    tail -1 "$T/stdout" | grep -q "^$claims claims: [0-9]* hold, [0-9]* fail, 1 data (bounds ×1)$"
    grep -q '^matulis-theorem-1  *holds  Matulis & Savukinas 1984, Theorem 1 | 1 ≤ n ≤ 100000 | 100000 cases$' "$T/stdout"
    grep -q '^feng-theorem-2  *FAILS  Feng Yuefeng, .* | 4 ≤ t ≤ m ≤ n ≤ 40 | [0-9]* of [0-9]*: (4, 6, 8) N, (2, 4, 6) P; .* | correct: False from (4, 6, 8) on' "$T/stdout"
    grep -q '^yaglom-table-Ia  *FAILS .*№ 9: (0, 110, 110) → (11, 101, 110)' "$T/stdout"
    grep -q '^yaglom-table-IIa  *holds .*18 cases, 12 unreadable skipped$' "$T/stdout"
    grep -q '^yaglom-problem-four-heaps  *data .*#P = 115; ' "$T/stdout"
    # every line: id, result, source | range | cases
    refute grep -v -e '^[a-z0-9I-]*  *\(holds\|FAILS\|data \)  .* | .* | [0-9]* \(cases\|of [0-9]*:\)' -e 'claims:' "$T/stdout"
}

@test "verify: the four-heaps data agree with a search of its own, its cases being the sorted positions its range names (breaker round 17, F15 c; round 25, F3)" {
    gt verify --claim yaglom-problem-four-heaps
    [ "$status" -eq 0 ]
    # Wythoff's game with four heaps, searched again: take from one heap,
    # or the same from all four.
    read -r all p p_odd n_even < <(python3 -c '
import itertools
M = 12
P = {}
for h in sorted(itertools.product(range(M + 1), repeat=4), key=sum):
    moves = [h[:i] + (t,) + h[i + 1:] for i in range(4) for t in range(h[i])]
    moves += [tuple(x - d for x in h) for d in range(1, min(h) + 1)]
    P[h] = not any(P[m] for m in moves)
up = [h for h in P if list(h) == sorted(h)]
nim = lambda h: h[0] ^ h[1] ^ h[2] ^ h[3]
print(len(up), sum(P[h] for h in up), sum(P[h] and nim(h) != 0 for h in up),
      sum(not P[h] and nim(h) == 0 for h in up))')
    [ "$all" -eq 1820 ] # 16 choose 4; 28561 cases, 13^4, were all positions
    grep -qF "| 0 ≤ hᵢ ≤ 12; h₁ ≤ h₂ ≤ h₃ ≤ h₄ | $all cases: #P = $p; #{P : ⊕ ≠ 0} = $p_odd, min (1, 1, 1, 2); #{N : ⊕ = 0} = $n_even, min (1, 1, 1, 1);" "$T/stdout"
}

@test "verify --claim: exit 0 when the claims chosen hold; a prefix chooses an article" {
    gt verify --claim matulis-theorem-1 --claim teterko
    [ "$status" -eq 0 ]
    [ -z "$err" ]
    [ "$(grep -c '^teterko-' "$T/stdout")" -eq "$("$GAMETAB" verify --list | grep -c '^teterko-')" ]
    grep -q '^matulis-theorem-1 ' "$T/stdout"
    refute grep -q '^matulis-theorem-2 ' "$T/stdout"
    gt verify --claim feng-theorem-2
    [ "$status" -eq 1 ]
    [ -z "$err" ]
}

@test "verify: each count of the summary agrees with its word, in en and in ru" {
    gt verify --claim matulis-theorem-1 --claim feng-theorem-2
    [ "$(tail -1 "$T/stdout")" = "2 claims: 1 holds, 1 fails, 0 data (bounds ×1)" ]
    gt verify --claim matulis-theorem-1 --claim feng-theorem-2 --lang ru
    [ "$(tail -1 "$T/stdout")" = "2 утверждения: 1 верно, 1 неверно, 0 — данные (границы ×1)" ]
    gt verify --claim matulis-theorem-1 --claim matulis-theorem-2 --claim feng-theorem-2 --claim feng-theorem-1 --claim feng-theorem-3 --lang ru
    [ "$(tail -1 "$T/stdout")" = "5 утверждений: 4 верны, 1 неверно, 0 — данные (границы ×1)" ]
}

@test "verify --max F multiplies the bounds, each up to its limit" {
    gt verify --claim matulis-theorem-1 --claim teterko-start --claim yaglom-table-Ia --max 3
    [ "$status" -eq 1 ]
    grep -q '^matulis-theorem-1 .* | 1 ≤ n ≤ 300000 | 300000 cases$' "$T/stdout"
    grep -q '^teterko-start .* | n = 1, 3, …, 3003 |' "$T/stdout"
    grep -q '^yaglom-table-Ia .* | № 1…15 |' "$T/stdout"   # a printed table: fixed
    grep -q '(bounds ×3)$' "$T/stdout"
    gt verify --claim matulis-property-1 --max 1000
    [ "$status" -eq 0 ]
    [ "$(wc -l <"$T/stdout")" -eq 2 ]
    grep -q '| 1 ≤ x ≤ 2047; a ≤ b ≤ 4094 |' "$T/stdout"     # its limit
    gt verify --claim matulis-theorem-2 --claim matulis-theorem-2-f1
    [ "$(wc -l <"$T/stdout")" -eq 3 ]
    gt verify --claim matulis-theorem-2
    [ "$(wc -l <"$T/stdout")" -eq 2 ]                        # the id, not the prefix
}

@test "verify --max F: a range \"1, 3, …, N\" ends on an odd term that was checked (F even or odd)" {
    # breaker round 13: --max 2 printed "n = 1, 3, …, 2002" with 1001 cases
    for f in 2 3; do
        gt verify --max $f
        [ "$status" -eq 1 ]
        [ -z "$err" ]
        grep -q '(bounds ×'$f')$' "$T/stdout"
        n=$(grep -c ', …, [0-9]* |' "$T/stdout")
        [ "$n" -ge 2 ]
        # every last term of an odd sequence is odd
        refute grep -E ', …, [0-9]*[02468] \|' "$T/stdout"
        # and the case counts agree with it: n = 1, 3, …, N is (N + 1) / 2 cases; the
        # totals 1, 3, …, T of three piles are sum (t + 1)(t + 2) / 2 cases
        N=$(sed -n 's/^teterko-start .* | n = 1, 3, …, \([0-9]*\) | \([0-9]*\) cases$/\1 \2/p' "$T/stdout")
        [ -n "$N" ]
        set -- $N
        [ $(( ($1 + 1) / 2 )) -eq "$2" ]
        N=$(sed -n 's/^teterko-model .* | n + a + b = 1, 3, …, \([0-9]*\) | \([0-9]*\) cases$/\1 \2/p' "$T/stdout")
        [ -n "$N" ]
        set -- $N
        sum=0
        for ((t = 1; t <= $1; t += 2)); do sum=$((sum + (t + 1) * (t + 2) / 2)); done
        [ "$sum" -eq "$2" ]
    done
}

@test "verify --lang ru: the report in Russian, its result words too" {
    gt verify --claim feng-theorem-3-proof --lang ru
    [ "$status" -eq 1 ]
    grep -q '^feng-theorem-3-proof  НЕВЕРНО  Фэн Юэфэн, теорема 3, конец доказательства | k ≥ 1, 4k + 2 ≤ 40 | 9 из 9: (0, 4, 6): P → N; .* | правильно: (0, 4k, 4k + 2) выигрышна' "$T/stdout"
    tail -1 "$T/stdout" | grep -q '^1 утверждение: 0 верны, 1 неверно'
    gt verify --claim teterko --lang ru
    grep -q '| 501 случай$' "$T/stdout"              # 501 случай, 6 случаев, 4 утверждения
    grep -q '| 6 случаев$' "$T/stdout"
    tail -1 "$T/stdout" | grep -q '^4 утверждения: 4 верны'
    # the result column as wide as its longest word (НЕВЕРНО), in characters
    gt verify --claim matulis-theorem-2 --lang ru
    grep -q '^matulis-theorem-2  верно    Матулис' "$T/stdout"
    gt verify --lang ru
    grep -q '^yaglom-problem-four-heaps  *данные   Яглом 1971' "$T/stdout"
    refute grep -q '  \(holds\|FAILS\|data\)  ' "$T/stdout"
    # Past the id no English word: the ranges and data are formulas
    # (min, mod and mex are the field's notation; table IIa and OCR are
    # names); "data for" was English.
    if cut -d' ' -f2- "$T/stdout" | grep -o '[A-Za-z]\{3,\}' | grep -vx 'min\|mod\|mex\|IIa\|OCR' >&2; then
        return 1
    fi
}

@test "verify: the report is the template verify.txt with the words of lang/LANG.json" {
    mkdir "$T/mine" "$T/mine/lang"
    sed '/{{&cite}}/s/}}, {{/}} — {{/' \
        "$BATS_TEST_DIRNAME/../templates/verify.txt" >"$T/mine/verify.txt"
    sed 's/"verify_holds": "holds"/"verify_holds": "true!"/' \
        "$BATS_TEST_DIRNAME/../templates/lang/en.json" >"$T/mine/lang/en.json"
    GAMETAB_TEMPLATES="$T/mine" gt verify --claim matulis-theorem-1
    [ "$status" -eq 0 ]
    [ "$(head -1 "$T/stdout")" = "matulis-theorem-1  true!  Matulis & Savukinas 1984 — Theorem 1 | 1 ≤ n ≤ 100000 | 100000 cases" ]
    [ "$(tail -1 "$T/stdout")" = "1 claim: 1 holds, 0 fail, 0 data (bounds ×1)" ]
    # --templates DIR, as for the other commands, before GAMETAB_TEMPLATES
    # (breaker round 26, F6: verify had no --templates)
    cp "$T/stdout" "$T/by-env"
    GAMETAB_TEMPLATES="$BATS_TEST_DIRNAME/../templates" gt verify --claim matulis-theorem-1 --templates "$T/mine"
    [ "$status" -eq 0 ]
    cmp "$T/by-env" "$T/stdout"
    # without the template: one line, exit 1, nothing written
    mkdir "$T/empty"
    echo '{{#claims}' >"$T/empty/verify.txt"
    GAMETAB_TEMPLATES="$T/empty" gt verify --claim matulis-theorem-1 -o "$T/report.txt"
    [ "$status" -eq 1 ]
    [ -z "$out" ]
    [ ! -e "$T/report.txt" ]
    [[ "$err" == "gametab: $T/empty/verify.txt:1:"* ]]
}

@test "verify -o FILE writes the report there" {
    gt verify --claim yaglom -o "$T/report.txt"
    [ "$status" -eq 0 ] || [ "$status" -eq 1 ]
    [ -z "$out" ]
    [ -z "$err" ]
    grep -q '^yaglom-theorem-2 ' "$T/report.txt"
    refute grep -q '^matulis-' "$T/report.txt"
}

@test "verify: usage errors exit 2 with one line; runtime errors exit 1 with one line" {
    while IFS='|' read -r args message; do
        # shellcheck disable=SC2086
        gt verify $args
        assert_error 2
        [[ "$err" == *"$message"* ]] || { echo "$args: $err" >&2; return 1; }
    done <<'CASES'
--max 0|--max: 0 is out of range (1..1000
--max 1001|--max: 1001 is out of range (1..1000
--max x|--max: 'x' is not a non-negative whole number
--claim nosuch|--claim: nosuch: no such claim
--claim matulis-theorem-3|--claim: matulis-theorem-3: no such claim
--claim matulis-|--claim: matulis-: no such claim
--lang de|--lang: unknown language 'de'
extra|verify: unexpected argument 'extra'
--bogus|--bogus: unknown option
-o|-o: option needs a value
CASES
    gt verify --claim teterko-27 -o "$T/no/such/dir/report.txt"
    assert_error 1
    [[ "$err" == "gametab: $T/no/such/dir/report.txt: "* ]]
}

@test "verify --help, --version and --list" {
    gt verify --help
    [ "$status" -eq 0 ]
    [[ "$out" == Usage:* ]]
    [ -z "$err" ]
    grep -q -- '--max F' "$T/stdout"
    # (a paragraph filled to the width: its lines joined)
    tr '\n' ' ' <"$T/stdout" | grep -q 'standard error has one line starting "gametab: "'
    gt verify --version
    [ "$status" -eq 0 ]
    [[ "$out" == "gametab "* ]]
    gt --help
    grep -q '^  verify ' "$T/stdout"
    gt verify --list
    [ "$status" -eq 0 ]
    # One line per claim the report checks, in its order.
    "$GAMETAB" verify | awk 'NF > 1 && $2 != "claims:" {print $1}' >"$T/report" || true
    [ -s "$T/report" ]
    awk '/^[^ ]/ {print $1}' "$T/stdout" | diff - "$T/report"
    # (an entry's lines, wrapped to 80 columns, joined)
    sed -z 's/\n  */ /g' "$T/stdout" | grep -q '^matulis-theorem-1  *Matulis & Savukinas 1984, Theorem 1; bound 100000 (at most 10000000): n'
}

@test "verify: a progress line on a terminal, erased at the end; none with --quiet or off a terminal" {
    # script(1) gives gametab a terminal; --max 3 takes a few seconds.  Some
    # claims fail: exit 1.
    script -qec "'$GAMETAB' verify --max 3 -o /dev/null" /dev/null >"$T/tty.txt" || true
    tr '\r' '\n' <"$T/tty.txt" >"$T/lines"
    grep -Eq '^gametab: claim [0-9]+ of [0-9]+ \([a-z0-9-]+\), [0-9]+:[0-9]{2} elapsed' "$T/lines"
    # which claim: the last one shown is further on than the first
    first=$(grep -Eo '^gametab: claim [0-9]+' "$T/lines" | head -1 | grep -Eo '[0-9]+$')
    last=$(grep -Eo '^gametab: claim [0-9]+' "$T/lines" | tail -1 | grep -Eo '[0-9]+$')
    [ "$last" -gt "$first" ]
    # erased: the output ends with a carriage return and "erase the line"
    [ "$(tail -c 4 "$T/tty.txt" | od -An -c | tr -d ' \n')" = '\r033[K' ]
    script -qec "'$GAMETAB' verify --max 3 --quiet -o /dev/null" /dev/null >"$T/quiet.txt" || true
    [ ! -s "$T/quiet.txt" ]
    # not a terminal: nothing on standard error
    gt verify --max 3 -o /dev/null
    [ "$status" -eq 1 ]
    [ -z "$err" ]
    gt verify --list --quiet
    [ "$status" -eq 2 ]
    [ "$err" = "gametab: --quiet: does not apply to --list (only to the report)" ]
}

@test "build writes the errata: errata.csv.gz, a row per claim, and LANG/errata.tex" {
    gt build -o "$T/out"
    [ "$status" -eq 0 ]
    claims=$("$GAMETAB" verify --list | grep -c '^[^ ]')
    # UTF-8's byte-order mark, then the header; the article by its authors
    # (and year, where the text gives it).
    zcat "$T/out/errata.csv.gz" | head -1 | grep -qx $'\xEF\xBB\xBF''article,id,source,result,bound,range,cases,failures,skipped,counterexamples,statement_en,statement_ru,correction_en,correction_ru'
    [ "$(zcat "$T/out/errata.csv.gz" | grep -c '^\(Matulis & Savukinas 1984\|Feng Yuefeng\|Yaglom 1971\|Teterko\),')" -eq "$claims" ]
    zcat "$T/out/errata.csv.gz" | grep -q '^Feng Yuefeng,feng-theorem-2,"Feng Yuefeng, «Theorem 2», stated without proof",FAILS,40,'
    for lang in ru en; do
        grep -q 'longtable' "$T/out/$lang/errata.tex"
        grep -q 'feng-theorem-2' "$T/out/$lang/errata.tex"
    done
    grep -q 'Неверно' "$T/out/ru/errata.tex"
    grep -q 'Fails' "$T/out/en/errata.tex"
    # errata.csv.gz through table-booktabs.tex compiles on A3 landscape,
    # as the README says, every wrapped column at least its widest word.
    gt render table-booktabs.tex "$T/out/errata.csv.gz" -o "$T/out/ru/e.tex"
    [ "$status" -eq 0 ]
    printf '%s\n' '\documentclass{article}' '\usepackage[a3paper,landscape,margin=15mm]{geometry}' \
        '\input{preamble}' '\begin{document}' '\input{e}' '\end{document}' >"$T/out/ru/a3.tex"
    (cd "$T/out/ru" && "${PDFLATEX:-pdflatex}" -interaction=nonstopmode -halt-on-error a3.tex >/dev/null)
    if grep -A2 Overfull "$T/out/ru/a3.log" >&2; then
        return 1
    fi
    pdftotext "$T/out/ru/a3.pdf" - | grep -q 'yaglom-problem-four-heaps'
}
