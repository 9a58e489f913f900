#!/usr/bin/env bats
# The handout: build writes it with its figures (and the worksheet); the
# figures draw the rows of their tables; the documents compile with latexmk
# (pdflatex) with no error and no overfull box wider than 1pt, and no page
# of the PDF is blank.

load helpers

# Compiles DIR/DOC.tex with latexmk; fails on a LaTeX error, on an overfull
# box wider than 1pt and on a blank page.
compile_doc() { # DIR DOC
    local dir=$1 doc=$2
    if ! (cd "$dir" && "${LATEXMK:-latexmk}" -pdf -interaction=nonstopmode -halt-on-error \
            "$doc.tex" >/dev/null 2>&1); then
        echo "$dir/$doc.tex does not compile:" >&2
        grep -a -A3 '^!' "$dir/$doc.log" >&2 || tail -20 "$dir/$doc.log" >&2
        return 1
    fi
    check_log "$dir/$doc.log"
    check_pages "$dir/$doc.pdf"
}

# The overfull boxes of a LaTeX log wider (or higher) than 1pt, one a line.
wide_boxes() { # LOG
    grep -a -o 'Overfull \\[hv]box ([0-9.]*pt too [a-z]*)' "$1" |
        awk '{ w = $3; sub(/^\(/, "", w); sub(/pt$/, "", w); if (w + 0 > 1) print }'
}

check_log() { # LOG
    local wide
    wide=$(wide_boxes "$1")
    if [ -n "$wide" ]; then
        echo "$1: overfull boxes:" >&2
        echo "$wide" >&2
        return 1
    fi
    # A line of a paragraph stretched past what TeX calls acceptable shows
    # wide gaps between its words.
    if grep -a -q 'Underfull \\hbox (badness [0-9]*) in paragraph' "$1"; then
        echo "$1: $(grep -a -m1 'Underfull \\hbox (badness [0-9]*) in paragraph' "$1")" >&2
        return 1
    fi
    # A float taller than the page runs into the bottom margin, and waits
    # for a page of its own past the sections that follow it.
    if grep -a -q 'Float too large' "$1"; then
        echo "$1: $(grep -a -m1 'Float too large' "$1")" >&2
        return 1
    fi
}

# The pixels darker than light gray in the top nine tenths of a binary PGM
# (pdftoppm -gray): the page without its foot, where the page number is.
dark_pixels() { # PGM
    local w h
    read -r w h < <(sed -n 2p "$1")
    tail -c $((w * h)) "$1" | head -c $((w * (h * 9 / 10))) | od -An -v -tu1 |
        awk '{ for (i = 1; i <= NF; i++) if ($i < 160) n++ } END { print n + 0 }'
}

# Every page rendered at 40 dpi holds something above its foot: more than 10
# dark pixels (none on a page with only its number, a short line has 37).
check_pages() { # PDF
    local pdf=$1 pages dir
    dir=$(mktemp -d "$T/pages.XXXXXX")
    pdftoppm -gray -r 40 "$pdf" "$dir/p"
    pages=0
    for pgm in "$dir"/p-*.pgm; do
        pages=$((pages + 1))
        if [ "$(dark_pixels "$pgm")" -le 10 ]; then
            echo "$pdf: page $(basename "$pgm" .pgm | sed 's/^p-0*//') is blank" >&2
            return 1
        fi
    done
    [ "$pages" -ge 1 ]
}

# Compiles the documents DIR/LANG/DOC for each LANG/DOC given, in parallel.
compile_all() { # DIR LANG/DOC...
    local dir=$1 pids=() doc
    shift
    for doc in "$@"; do
        compile_doc "$dir/${doc%/*}" "${doc#*/}" 2>"$T/${doc//\//-}.err" &
        pids+=($!)
    done
    local failed=0 i=0
    for doc in "$@"; do
        wait "${pids[$i]}" || { failed=1; cat "$T/${doc//\//-}.err" >&2; }
        i=$((i + 1))
    done
    return $failed
}

@test "latexmk and pdftoppm are installed (the quick start installs them)" {
    command -v "${LATEXMK:-latexmk}"
    command -v pdftoppm
    kpsewhich pgfplots.sty
}

@test "build writes the handout and its figures in both languages, and --worksheet the worksheet" {
    gt build -o "$T/out"
    [ "$status" -eq 0 ]
    for lang in ru en; do
        for f in handout figure-wythoff-game figure-wythoff-board figure-wythoff-frequencies \
                 figure-wythoff-grundy figure-kordemsky-graph wythoff-game; do
            [ -s "$T/out/$lang/$f.tex" ] || { echo "missing $lang/$f.tex" >&2; return 1; }
        done
        [ ! -e "$T/out/$lang/worksheet.tex" ]
        grep -q 'a4paper' "$T/out/$lang/handout.tex"
    done
    gt build -o "$T/out" --worksheet --paper a5 --lang ru
    [ "$status" -eq 0 ]
    grep -q 'a5paper' "$T/out/ru/handout.tex"
    # Every fragment a document inputs is there beside it.
    for doc in "$T/out/ru/handout.tex" "$T/out/ru/worksheet.tex" "$T/out/en/handout.tex"; do
        for name in $(grep -o '\\input{[^}]*}' "$doc" | sed 's/\\input{\(.*\)}/\1/'); do
            [ -s "$(dirname "$doc")/$name.tex" ] || { echo "$doc: no $name.tex" >&2; return 1; }
        done
    done
    grep -q 'worksheet-wythoff-p-positions' "$T/out/ru/worksheet.tex"
    refute grep -q 'worksheet-' "$T/out/ru/handout.tex"
}

@test "build and figure check --paper, --start and the figures' ranges" {
    gt build -o "$T/out" --paper a3
    assert_error 2
    [[ "$err" == *"--paper: unknown paper 'a3' (a4 or a5)"* ]]
    [ ! -e "$T/out" ]
    gt build -o "$T/out" --start 12
    assert_error 2
    gt build -o "$T/out" --start 31,2
    assert_error 2
    [[ "$err" == *"--start: 31 is out of range for build's figure wythoff-game (0..30)"* ]]
    gt figure nosuch
    assert_error 2
    gt figure wythoff-board --count 16
    assert_error 2
    gt figure wythoff-board --max 3
    assert_error 2
    [[ "$err" == *"--max: not a parameter of figure wythoff-board"* ]]
    gt table wythoff-game --start 1001,0 --format tex
    assert_error 2
    gt table wythoff-game --start 1,x
    assert_error 2
}

# Writes each line of FIGURES ("NAME ARGS") as a figure in LANG, f1.tex,
# f2.tex, ... in $T/LANG, and compiles them a page each into doc.pdf
# there, on the article class's page, with LANG's preamble.
compile_figures() { # LANG FIGURES
    local lang=$1 n=0 fig args
    mkdir "$T/$lang"
    (cd "$T/$lang" && "$GAMETAB" render preamble.tex --lang "$lang" -o pre.tex)
    while read -r fig args; do
        n=$((n + 1))
        # shellcheck disable=SC2086
        "$GAMETAB" figure "$fig" $args --lang "$lang" -o "$T/$lang/f$n.tex"
        printf '\\input{f%d}\\clearpage\n' "$n" >>"$T/$lang/figs.tex"
    done <<<"$2"
    printf '%s\n' '\documentclass{article}' '\input{pre}' \
        '\usepackage{tikz,pgfplots}\pgfplotsset{compat=1.18}\usetikzlibrary{arrows.meta}' \
        '\begin{document}' '\input{figs}' '\end{document}' >"$T/$lang/doc.tex"
    compile_doc "$T/$lang" doc
}

@test "every figure at both ends of its ranges fits the text width, in both languages" {
    # Axis labels set in units of the board had run past a small board's
    # side (wythoff-board --count 2: 2.5pt, wythoff-grundy --max 2: 7.7pt).
    local figures='wythoff-game --start 0,0
wythoff-game --start 30,30
wythoff-board --count 2
wythoff-board --count 15
wythoff-frequencies --count 2
wythoff-frequencies --count 2000
wythoff-grundy --max 2
wythoff-grundy --max 32
kordemsky-graph --max 1
kordemsky-graph --max 17'
    for lang in ru en; do
        compile_figures "$lang" "$figures"
        # Not even the 1pt compile_doc lets pass.
        if grep -a 'Overfull' "$T/$lang/doc.log"; then return 1; fi
    done
}

# The numbers on page PAGE of PDF whose boxes overlap (by more than 0.2pt
# both ways), a pair a line: "3 overlaps 1".
overlapping_numbers() { # PDF PAGE
    pdftotext -bbox -f "$2" -l "$2" "$1" - | awk '
        /<word / {
            w = $0; sub(/.*">/, "", w); sub(/<.*/, "", w)
            if (w !~ /^[0-9]+$/) next
            split("xMin yMin xMax yMax", k, " ")
            for (i = 1; i <= 4; i++) {
                match($0, k[i] "=\"[0-9.]*\"")
                box[n, i] = substr($0, RSTART + 6, RLENGTH - 7) + 0
            }
            t[n++] = w
        }
        function lo(a, b) { return a < b ? a : b }
        function hi(a, b) { return a > b ? a : b }
        END {
            for (i = 0; i < n; i++)
                for (j = i + 1; j < n; j++)
                    if (lo(box[i, 3], box[j, 3]) - hi(box[i, 1], box[j, 1]) > 0.2 &&
                        lo(box[i, 4], box[j, 4]) - hi(box[i, 2], box[j, 2]) > 0.2)
                        print t[i] " overlaps " t[j]
        }'
}

@test "the labels of a wide board's squares stay apart: 10 11 12, not 101112 (breaker round 15, F1)" {
    # The article class's 10pt text is 345pt wide, as build's --paper a5;
    # there a board of 32 or 37 squares leaves 7.5 to 8.7pt a square, and two
    # digits in \scriptsize are 8pt wide: they ran together into one word.
    local figures='wythoff-board --count 15
wythoff-game --start 30,29
wythoff-grundy --max 32'
    for lang in ru en; do
        compile_figures "$lang" "$figures"
        local page side want axis
        for page in 1 2 3; do
            # The side of the board: the grid's far corner.
            side=$(grep -o -m1 'grid ([0-9]*,' "$T/$lang/f$page.tex" | tr -dc 0-9)
            want="$(seq -s ' ' 0 $((side - 1))) a"
            pdftotext -layout -f "$page" -l "$page" "$T/$lang/doc.pdf" "$T/$lang/p$page.txt"
            # The a-axis: every label its own word, 0 to side - 1, then "a".
            axis=$(grep -E '^ *0 +1 +2 ' "$T/$lang/p$page.txt" | grep -E ' a$' | tail -1 | tr -s ' ' | sed 's/^ //')
            if [ "$axis" != "$want" ]; then
                echo "$lang page $page: a-axis '$axis', want '$want'" >&2
                return 1
            fi
            # No two labels (nor, on the Grundy board, two values) as one word.
            if grep -n -E '[0-9]{3,}' "$T/$lang/p$page.txt" >&2; then
                echo "$lang page $page: labels run together (above)" >&2
                return 1
            fi
            # Nor one number on another: the game's last move, along the
            # bottom row, had its number on the a-axis label 1.
            overlapping_numbers "$T/$lang/doc.pdf" "$page" >"$T/$lang/o$page.txt"
            if [ -s "$T/$lang/o$page.txt" ]; then
                echo "$lang page $page: $(tr '\n' ';' <"$T/$lang/o$page.txt")" >&2
                return 1
            fi
        done
    done
}

@test "figure wythoff-frequencies plots the table's CSV rows (--count)" {
    gt figure wythoff-frequencies --count 37 -o "$T/f.tex"
    [ "$status" -eq 0 ]
    "$GAMETAB" table wythoff-frequencies --count 37 -o "$T/f.csv"
    sed -n '/^\\pgfplotstableread/,/^}\\gametabfrequencies/p' "$T/f.tex" |
        sed '1d;$d' | sed 's/\\\\$//' >"$T/plotted.csv"
    diff "$T/f.csv" "$T/plotted.csv"
    [ "$(wc -l <"$T/plotted.csv")" -eq 38 ]
    grep -q 'xmax=37' "$T/f.tex"
}

@test "figure wythoff-frequencies ticks N at integers from 1 for a small --count, in both languages" {
    # Left to pgfplots, --count 2 was ticked 0; 0.2; ... 2 and half the plot
    # was 0 < N < 1, where p_N and q_N are not defined (breaker round 16, F5).
    # The fractions on a page are the y axis's four and the two limits, once each.
    local lang page sep want got
    for lang in ru en; do
        compile_figures "$lang" 'wythoff-frequencies --count 2
wythoff-frequencies --count 3
wythoff-frequencies --count 7'
        sep=.
        [ "$lang" = en ] || sep=,
        want=$(printf '0%s%s\n' "$sep" 2 "$sep" 3820 "$sep" 4 "$sep" 6 "$sep" 6180 "$sep" 8 | sort)
        for page in 1 2 3; do
            got=$(pdftotext -f "$page" -l "$page" "$T/$lang/doc.pdf" - | tr -s ' \n' '\n\n' |
                grep -E '^[0-9]+[.,][0-9]+$' | sort)
            if [ "$got" != "$want" ]; then
                echo "$lang page $page: $(tr '\n' ' ' <<<"$got")" >&2
                return 1
            fi
        done
        grep -q 'xmin=1, xmax=2, xtick distance=1,' "$T/$lang/f1.tex"
    done
    # The default count keeps pgfplots' own ticks, from 1 (round 17).
    "$GAMETAB" figure wythoff-frequencies -o "$T/d.tex"
    grep -q 'xmin=1, xmax=200, ymin=0' "$T/d.tex"
}

@test "figure wythoff-frequencies labels its limits outside the plot, and starts N at 1 past --count 10 (breaker round 17, F5)" {
    # The labels 1/φ ≈ 0.6180 and 1/φ² ≈ 0.3820 sat on white boxes inside the
    # plot's right end, where they hid p_9, p_10, q_9, q_10 of --count 10 (and
    # N = 25..28 of --count 30); and from --count 11 the N axis began at 0.
    local lang page last axis
    for lang in ru en; do
        compile_figures "$lang" 'wythoff-frequencies --count 10
wythoff-frequencies --count 11
wythoff-frequencies --count 30'
        if grep -a 'Overfull' "$T/$lang/doc.log"; then return 1; fi
        for page in 1 2 3; do
            last=$(grep -o -m1 'xmax=[0-9]*' "$T/$lang/f$page.tex" | tr -dc 0-9)
            grep -q "xmin=1, xmax=$last," "$T/$lang/f$page.tex"
            # The plot's right end: the middle of the N axis's last label;
            # each label's number (the caption has 1/φ too) begins right of it.
            pdftotext -bbox -f "$page" -l "$page" "$T/$lang/doc.pdf" "$T/$lang/b$page.html"
            axis=$(grep "\">$last</word>" "$T/$lang/b$page.html" | sed 's/.*xMin="\([0-9.]*\)".*xMax="\([0-9.]*\)".*/\1 \2/' |
                awk '{ print ($1 + $2) / 2 }')
            [ -n "$axis" ]
            grep -E '">0[.,](6180|3820)</word>' "$T/$lang/b$page.html" | sed 's/.*xMin="\([0-9.]*\)".*/\1/' >"$T/$lang/l$page.txt"
            [ "$(wc -l <"$T/$lang/l$page.txt")" -eq 2 ]
            if ! awk -v axis="$axis" '$1 <= axis { bad = 1 } END { exit bad }' "$T/$lang/l$page.txt"; then
                echo "$lang page $page: a label begins at $(tr '\n' ' ' <"$T/$lang/l$page.txt")inside the plot (ends at $axis)" >&2
                return 1
            fi
        done
    done
}

@test "figure wythoff-board marks the P-positions of the table (--count), on its smallest board" {
    gt figure wythoff-board --count 12 -o "$T/b.tex"
    [ "$status" -eq 0 ]
    "$GAMETAB" table wythoff-p-positions --count 12 | tail -n +2 >"$T/p.csv"
    # The board of side b_11 + 1 = 29 and its 2 * 12 - 1 marked squares.
    grep -q '(0,0) rectangle (29,29)' "$T/b.tex"
    awk -F, '{ print $2 "," $3; if ($2 != $3) print $3 "," $2 }' "$T/p.csv" | sort >"$T/want"
    grep -o '\\fill\[gray!22\] ([0-9]*,[0-9]*)' "$T/b.tex" | grep -o '[0-9]*,[0-9]*' | sort >"$T/got"
    diff "$T/want" "$T/got"
    [ "$(wc -l <"$T/got")" -eq 23 ]
    # 11 circles on each line, inside the marked squares: (nφ, nφ²) for
    # n = 1 is (1.618, 2.618), in the square (1; 2).
    [ "$(grep -c 'circle\[radius' "$T/b.tex")" -eq 22 ]
    grep -q '(1.618,2.618) circle' "$T/b.tex"
    grep -q '(2.618,1.618) circle' "$T/b.tex"
    # Each point is drawn clipped to the square it lies in, and that square
    # is marked: a point lies as close as 0.034 to a corner (n = 13 at
    # --count 15), and a whole circle of radius 0.17 crossed into the next
    # square, off the board for n = 8 (breaker round 26, F5).
    gt figure wythoff-board --count 15 -o "$T/b15.tex"
    [ "$status" -eq 0 ]
    grep -o '\\fill\[gray!22\] ([0-9]*,[0-9]*)' "$T/b15.tex" | grep -o '[0-9]*,[0-9]*' | sort >"$T/marked"
    tr -d '\n' <"$T/b15.tex" | grep -o '\\clip ([0-9]*,[0-9]*) rectangle +(1,1);\\fill ([0-9.]*,[0-9.]*) circle\[radius=[0-9.]*\];\\draw\[[^]]*\] ([0-9.]*,[0-9.]*) circle' |
        sed 's/\\clip (\([0-9,]*\)).*\\fill (\([0-9.,]*\)).*\] (\([0-9.,]*\)) circle$/\1 \2 \3/' >"$T/clips"
    [ "$(wc -l <"$T/clips")" -eq 28 ]
    grep -q '^21,34 21.034,34.034 21.034,34.034$' "$T/clips"
    awk '{ split($1, s, ","); split($2, p, ",");
           if (s[1] != int(p[1]) || s[2] != int(p[2]) || $2 != $3) { print "not clipped to its square: " $0; bad = 1 } }
         END { exit bad }' "$T/clips"
    [ -z "$(cut -d' ' -f1 "$T/clips" | sort -u | comm -23 - "$T/marked")" ]
    [ "$(grep -o 'circle\[radius' "$T/b15.tex" | wc -l)" -eq 56 ]
}

@test "figure wythoff-game draws the moves of the table wythoff-game (--start)" {
    gt figure wythoff-game --start 5,9 -o "$T/g.tex"
    [ "$status" -eq 0 ]
    "$GAMETAB" table wythoff-game --start 5,9 | tail -n +2 |
        awk -F, '{ print ($7 ? "gametabwinner" : "gametabloser") " " $3 "," $4 " " $5 "," $6 }' >"$T/want"
    grep '^\\draw\[move' "$T/g.tex" |
        sed 's/.*move, \([a-z]*\)\] (\([0-9]*\).5,\([0-9]*\).5) -- .* (\([0-9]*\).5,\([0-9]*\).5);/\1 \2,\3 \4,\5/' >"$T/got"
    diff "$T/want" "$T/got"
    [ -s "$T/got" ]
}

@test "figure wythoff-game: the first move's number stands clear of the start's frame on the smallest boards (breaker round 58, F7: --start 1,2 drew it on the frame's edge)" {
    "$GAMETAB" build -o "$T/pre" --lang en >/dev/null
    local start
    for start in 1,2 2,1 0,1; do
        gt figure wythoff-game --start "$start" --lang en -o "$T/f.tex"
        [ "$status" -eq 0 ]
        compile_clean "$T" doc '[a4paper]{article}' '\input{pre/en/preamble}' \
            '\usepackage{tikz}\usetikzlibrary{arrows.meta}\usepackage{pgfplots}' '\begin{document}' '\input{f}'
        # The axis labels give the squares' centres; the number 1 on the
        # board must not cross the frame's sides (a +- 0.5, b +- 0.5).
        pdftotext -bbox "$T/doc.pdf" - | python3 -c '
import re, sys
a, b = map(int, sys.argv[1].split(","))
w = [(t, float(x0), float(y0), float(x1), float(y1)) for x0, y0, x1, y1, t in
     re.findall(r"xMin=\"([\d.]+)\" yMin=\"([\d.]+)\" xMax=\"([\d.]+)\" yMax=\"([\d.]+)\">([^<]*)<", sys.stdin.read())]
ys = max(y0 for t, x0, y0, x1, y1 in w if t == "0")          # the a-axis row
cx = {t: (x0 + x1) / 2 for t, x0, y0, x1, y1 in w if y0 == ys}
u = cx["1"] - cx["0"]
cy = {t: (y0 + y1) / 2 for t, x0, y0, x1, y1 in w if x1 < cx["0"] - u / 2}  # the b-axis
ux = lambda x: (x - cx["0"]) / u
uy = lambda y: (cy["0"] - y) / u
on = [(ux(x0), ux(x1), uy(y1), uy(y0)) for t, x0, y0, x1, y1 in w
      if t == "1" and -0.5 < ux((x0 + x1) / 2) < 3.5 and -0.5 < uy((y0 + y1) / 2) < 3.5]
assert len(on) == 1, on
l, r, lo, hi = on[0]
cross = lambda e, p, q: p < e < q
bad = ((cross(a - 0.5, l, r) or cross(a + 0.5, l, r)) and hi > b - 0.5 and lo < b + 0.5) or \
      ((cross(b - 0.5, lo, hi) or cross(b + 0.5, lo, hi)) and r > a - 0.5 and l < a + 0.5)
sys.exit("the number 1 at %.2f..%.2f, %.2f..%.2f crosses the frame of %s" % (l, r, lo, hi, sys.argv[1]) if bad else 0)
' "$start"
    done
}

@test "figure kordemsky-graph has the table's states and values, and every move (--max)" {
    gt figure kordemsky-graph --max 9 -o "$T/k.tex"
    [ "$status" -eq 0 ]
    "$GAMETAB" table kordemsky-grundy --max 9 | tail -n +2 | tr ',' ' ' |
        awk '{ print "s-" $1 "-" $2 "-" $3 " " $4 }' >"$T/want"
    grep '^\\node\[state' "$T/k.tex" | sed 's/.*(\(s-[0-9-]*\)) at .* {\([0-9]*\)};/\1 \2/' >"$T/got"
    diff "$T/want" "$T/got"
    # Moves: 4 from each state of pile >= 4, fewer below, and the pass.
    # Piles 0..9, two states each: 2 * (0 + 1 + 2 + 3 + 4 * 6) + 1 = 61.
    [ "$(grep -c '^\\draw\[\(move\|pass\)\]' "$T/k.tex")" -eq 61 ]
    [ "$(grep -c '^\\draw\[pass\]' "$T/k.tex")" -eq 1 ]
    grep -q 'rectangle (5+0.5' "$T/k.tex" # the period 0..5 framed
}

# The distance in pt of the period frame's right side (the longest vertical
# line between the columns n = 5 and n = 6) from the middle between them, on
# page PAGE of PDF, found in the page rendered at 300 dpi.
frame_offset() { # PDF PAGE
    local c5 c6 y u x w h
    read -r c5 y < <(pdftotext -bbox -f "$2" -l "$2" "$1" - | grep '">5</word>' |
        sed 's/.*xMin="\([0-9.]*\)" yMin="\([0-9.]*\)" xMax="\([0-9.]*\)".*/\1 \2 \3/' | awk '{ print ($1 + $3) / 2, $2 }')
    c6=$(pdftotext -bbox -f "$2" -l "$2" "$1" - | grep '">6</word>' |
        sed 's/.*xMin="\([0-9.]*\)".*xMax="\([0-9.]*\)".*/\1 \2/' | awk '{ print ($1 + $2) / 2 }')
    u=$(awk -v a="$c5" -v b="$c6" 'BEGIN { print b - a }')
    read -r x w < <(awk -v a="$c5" -v u="$u" 'BEGIN { printf "%d %d\n", a * 300 / 72, u * 300 / 72 }')
    read -r y h < <(awk -v y="$y" -v u="$u" 'BEGIN { printf "%d %d\n", (y - 6 * u) * 300 / 72, 6 * u * 300 / 72 }')
    pdftoppm -gray -r 300 -f "$2" -l "$2" -x "$x" -y "$y" -W "$w" -H "$h" "$1" >"$T/frame.pgm"
    tail -c $((w * h)) "$T/frame.pgm" | od -An -v -tu1 | tr -s ' ' '\n' | grep -v '^$' |
        awk -v w="$w" -v x0="$x" -v a="$c5" -v u="$u" '
            { i = NR - 1; c = i % w; if ($1 < 128) { run[c]++; if (run[c] > best[c]) best[c] = run[c] } else run[c] = 0 }
            END {
                for (c = 0; c < w; c++) if (best[c] > top) top = best[c]
                for (c = 0; c < w; c++) if (best[c] >= 0.8 * top) { s += c; n++ }
                printf "%.2f\n", (x0 + s / n + 0.5) * 72 / 300 - (a + u / 2)
            }'
}

@test "figure kordemsky-graph frames its period midway between n = 5 and n = 6, up to --max 17 (breaker round 17, F14)" {
    # At --max 17 the frame's side (0.45 of a column past n = 5) ran along
    # the n = 5 circles, drawn in a font and with arrowheads that did not
    # shrink with the columns; at --max 11 it was 1.3pt off the middle.
    local lang page off
    for lang in ru en; do
        compile_figures "$lang" 'kordemsky-graph --max 11
kordemsky-graph --max 14
kordemsky-graph --max 17'
        if grep -a 'Overfull' "$T/$lang/doc.log"; then return 1; fi
        for page in 1 2 3; do
            off=$(frame_offset "$T/$lang/doc.pdf" "$page")
            if ! awk -v d="$off" 'BEGIN { exit !(d > -0.4 && d < 0.4) }'; then
                echo "$lang page $page: the frame is ${off}pt off the middle between n = 5 and n = 6" >&2
                return 1
            fi
        done
    done
}

@test "figure wythoff-grundy colours the table's values, the zeros apart (--max)" {
    gt figure wythoff-grundy --max 6 -o "$T/w.tex"
    [ "$status" -eq 0 ]
    "$GAMETAB" table wythoff-grundy --max 6 | tail -n +2 | awk -F, '{ print $1 "," $2 " " $3 }' >"$T/want"
    grep -o 'at ([0-9]*\.5,[0-9]*\.5) {[0-9]*}' "$T/w.tex" |
        sed 's/at (\([0-9]*\)\.5,\([0-9]*\)\.5) {\([0-9]*\)}/\1,\2 \3/' >"$T/got"
    diff "$T/want" "$T/got"
    [ "$(grep -c 'fill\[gametabzero\]' "$T/w.tex")" -eq "$(grep -c ' 0$' "$T/want")" ]
}

# The cells of a worksheet fragment left blank: "KEY=answer" for each
# \gametabblank, in order.
blanks() { # FILE
    grep -o '\\gametabblank{[^}]*}' "$1" | sed 's/\\gametabblank{\(.*\)}/\1/'
}

@test "the worksheet: blanks drawn from --seed, the same every build, in every table that shows the number" {
    gt build -o "$T/a" --worksheet --lang en
    [ "$status" -eq 0 ]
    gt build -o "$T/b" --worksheet --lang en --seed 1
    [ "$status" -eq 0 ]
    gt build -o "$T/c" --worksheet --lang en --seed 2
    [ "$status" -eq 0 ]
    local ws=$T/a/en
    # The default seed is fixed: the same worksheet every build.
    for f in "$ws"/worksheet-*.tex; do
        cmp "$f" "$T/b/en/$(basename "$f")"
    done
    # Another seed, other blanks.
    refute cmp -s "$ws/worksheet-wythoff-p-positions.tex" "$T/c/en/worksheet-wythoff-p-positions.tex"
    # Every table with blanks has some, Wythoff's binary Table IIa too, and
    # the plain fragments none.
    for t in wythoff-p-positions wythoff-beatty wythoff-property3 wythoff-zeckendorf-shift \
             wythoff-grundy nim-p-positions wythoff-fibonacci kordemsky-grundy kordemsky-start; do
        [ -n "$(blanks "$ws/worksheet-$t.tex")" ] || { echo "no blanks in $t" >&2; return 1; }
        refute grep -q 'gametabblank' "$ws/$t.tex"
    done
    grep -q 'color{red}\\gametabblank' "$ws/worksheet-wythoff-fibonacci.tex"
    # A blank is the answer in \gametabblank, which the worksheet draws as a
    # box and its answer key frames: the answer key inputs the same fragments.
    grep -q 'renewcommand{\\gametabblank}\[1\]{\\gametabblankbox{#1}}' "$ws/worksheet.tex"
    sed -n '/gametabblankanswer/,$p' "$ws/worksheet.tex" | grep -q '\\input{worksheet-wythoff-p-positions}'
    # A blank cell holds nothing else: its row's values equal the full
    # table's with the blanks filled in.
    "$GAMETAB" table wythoff-p-positions --format tex --lang en |
        grep '^\\gametabstrut\$[ab]_n\$' >"$T/full"
    grep '^\\gametabstrut\$[ab]_n\$' "$ws/worksheet-wythoff-p-positions.tex" |
        sed 's/&\\gametabblank{\([0-9]*\)}/\&\1/g' >"$T/filled"
    diff "$T/full" "$T/filled"
    # The same numbers are blank in every table that shows them: a_n and
    # b_n of the P-positions, Theorem 1's [nu] and [nv], Table II.
    # The n whose cell is blank on the first line matching LINE of FILE,
    # whose first column is n = FIRST.
    p_blanks() { # FILE LINE FIRST
        grep "$2" "$1" | head -1 | tr '&' '\n' | tail -n +2 | sed 's/\\\\.*//' |
            awk -v first="$3" '/gametabblank/ { print NR - 1 + first }'
    }
    local pa bu
    pa=$(p_blanks "$ws/worksheet-wythoff-p-positions.tex" '^\\gametabstrut\$a_n\$' 0 | awk '$1 >= 1')
    bu=$(p_blanks "$ws/worksheet-wythoff-beatty.tex" '^\\gametabstrut\$\\lfloor nu' 1 | awk '$1 <= 12')
    echo "a_n blank at n = $pa, [nu] at n = $bu"
    [ -n "$pa" ]
    [ "$pa" = "$bu" ]
    # Every kind of value is asked for: each Grundy value of the starting
    # positions (0, 1 and 3) and each winning take (2 and 4).
    local start=$ws/worksheet-kordemsky-start.tex
    for v in 0 1 3; do
        grep -q "^[0-9]* & \\\\gametabblank{$v} &" "$start" || { echo "no blank Gr = $v" >&2; return 1; }
    done
    for v in 2 4; do
        grep -q "& \\\\gametabblank{$v}\\\\" "$start" || { echo "no blank take = $v" >&2; return 1; }
    done
    # A blank Grundy value 0 hides the dash of its take in a box too: the
    # answer key frames the dash the table prints (an em dash), not three
    # hyphens.
    grep -q '^[0-9]* & \\gametabblank{0} & \\gametabblank{—}\\' "$start"
    refute grep -q 'gametabblank{-' "$start"
    gt build -o "$T/d" --worksheet --seed x
    assert_error 2
    [[ "$err" == *"--seed: 'x' is not a non-negative whole number"* ]]
}

# The worksheet's cells of Wythoff's tables as "QUANTITY INDEX BLANK FORM",
# BLANK 1 for a box, FORM 1 for another form of the number (binary,
# Fibonacci) that may be a blank of its own: Theorem 2's a_n, a_n - 1 and
# (a_n - 1)_F, property 3's pairs with k1 = a_n and k2 = a_n + 1 (the
# corner (0, 0) too; the pairs at k1 and k2, (b_n - 1, a_n + b_n - 1) and
# (b_n + 1, a_n + b_n + 2), are forms of their row's pair, blank with it),
# Table II and its forms IIa and IIb.
wythoff_cells() { # DIR
    awk '
        function isb(x) { return x ~ /gametabblank/ }
        function val(x) { gsub(/\\gametabblank\{|\}|\$|\(|\)|\\hline|\\\\\*?|\\color\{[a-z]*\}/, "", x); return x }
        function cell(q, i, x, form) { print q, i, isb(x), form }
        FILENAME ~ /zeckendorf/ && /^[0-9]+ & / {
            split($0, f, / & /)
            cell("a", f[1], f[4], 0); cell("a", f[1], f[5], 0); cell("a", f[1], f[6], 1)
        }
        FILENAME ~ /property3/ && /^[0-9]+ & \$\(/ {
            split($0, f, / & /)
            n = f[1]; split(f[2], p, /,/); cell("a", n, p[1], 0); cell("b", n, p[2], 0)
            if (f[3] != "---") {
                cell("a", n, f[3], 0); k = val(f[3])
                split(f[4], p, /,/); cell("a", k, p[1], 1); cell("b", k, p[2], 1)
            }
            cell("a", n, f[5], 0); k = val(f[5])
            split(f[6], p, /,/); cell("a", k, p[1], 1); cell("b", k, p[2], 1)
        }
        FILENAME ~ /fibonacci/ && /^\\gametabstrut No\./ { split($0, no, /&/) }
        FILENAME ~ /fibonacci/ && /^\\gametabstrut\$[ab]\$/ {
            q = substr($0, 15, 1); form = $0 ~ /color/
            m = split($0, f, /&/)
            for (i = 2; i <= m; i++)
                if (val(no[i]) != "")
                    cell(q, val(no[i]), f[i], form)
        }' "$1/worksheet-wythoff-zeckendorf-shift.tex" "$1/worksheet-wythoff-property3.tex" \
           "$1/worksheet-wythoff-fibonacci.tex"
}

@test "the worksheet gives no blank away: a_n - 1, k1, k2 and the binary and Fibonacci forms of a blank a_n are blank (breaker round 16, F4)" {
    local seed
    for seed in 1 2 3 12345; do
        gt build -o "$T/s$seed" --worksheet --lang en --seed "$seed"
        [ "$status" -eq 0 ]
        wythoff_cells "$T/s$seed/en" >"$T/cells"
        # Every cell is there: 13 rows of 3 in Theorem 2, the corner's 5
        # and 12 rows of 8 in property 3, 15 columns of a and b in each of
        # Tables II, IIa and IIb.
        [ "$(wc -l <"$T/cells")" -eq $((13 * 3 + 5 + 12 * 8 + 15 * 6)) ]
        # A number blank in one cell is blank in every cell that shows it
        # or one of its forms.
        awk '!$4 && $3 { blank[$1 " " $2] = 1 } { cells[NR] = $0 }
             END { for (i = 1; i <= NR; i++) { split(cells[i], c, " ")
                       if ((c[1] " " c[2]) in blank && !c[3]) { print "seed '"$seed"': " c[1] "_" c[2] " blank but shown: " cells[i]; bad = 1 } }
                   exit bad }' "$T/cells"
    done
    # The answer key frames the same cells: a blank's answer is its value.
    "$GAMETAB" table wythoff-property3 --format tex --lang en | grep '^[0-9]* & ' >"$T/full"
    grep '^[0-9]* & ' "$T/s1/en/worksheet-wythoff-property3.tex" |
        sed 's/\\gametabblank{\([0-9]*\)}/\1/g' >"$T/filled"
    diff "$T/full" "$T/filled"
}

# Kordemsky's starting positions as "n BLANK", BLANK 1 for a box: the
# start table's Gr((n,0,0)) (START) or the Grundy table's row (n,0,0), whose
# columns are n = 0..13 and 14..27 (GRID).
kordemsky_start_cells() { # START
    awk -F' & ' '/^[0-9]+ & / { print $1, ($2 ~ /gametabblank/) }' "$1"
}
kordemsky_grid_cells() { # GRID
    awk -F'&' '/^\\gametabstrut\$n\$/ { for (i = 2; i <= NF; i++) { c = $i; sub(/\\\\.*/, "", c); n[i] = c } }
               /^\\gametabstrut\$\(n,0,0\)\$/ { for (i = 2; i <= NF; i++) if ($i != "" && $i !~ /^\\\\/) print n[i], ($i ~ /gametabblank/) }' "$1"
}

@test "the worksheet gives no blank away: Gr((n,0,0)) is blank in both of Kordemsky's tables or in neither, its winning move with it, and the Grundy board's (a, b) with (b, a) (breaker round 17, F11)" {
    local seed ws
    for seed in 1 2 3 42; do
        gt build -o "$T/s$seed" --worksheet --lang en --seed "$seed"
        [ "$status" -eq 0 ]
        ws=$T/s$seed/en
        kordemsky_start_cells "$ws/worksheet-kordemsky-start.tex" | sort -n >"$T/start"
        kordemsky_grid_cells "$ws/worksheet-kordemsky-grundy.tex" | sort -n >"$T/grid"
        # The start table's 14 odd n, each as the Grundy table has it.
        [ "$(wc -l <"$T/start")" -eq 14 ]
        join "$T/start" "$T/grid" >"$T/both"
        [ "$(wc -l <"$T/both")" -eq 14 ]
        awk -v seed="$seed" '$2 != $3 { print "seed " seed ": Gr((" $1 ",0,0)) blank in one table, shown in the other"; bad = 1 } END { exit bad }' "$T/both"
        # A blank Gr((n,0,0)) has its winning move blank beside it: "4"
        # says 1, "2" says 3, the dash 0.
        awk -F' & ' -v seed="$seed" '/^[0-9]+ & \\gametabblank/ && $3 !~ /gametabblank/ { print "seed " seed ": take shown beside a blank Gr: " $0; bad = 1 } END { exit bad }' \
            "$ws/worksheet-kordemsky-start.tex"
        # The Grundy board of Wythoff's game is symmetric: a value blank at
        # (a, b) is blank at (b, a).
        awk -F'&' -v seed="$seed" '/^[0-9]+&/ { y = $1; for (x = 0; x < NF - 1; x++) blank[x "," y] = ($(x + 2) ~ /gametabblank/) }
             END { for (k in blank) { split(k, p, ","); s = p[2] "," p[1]
                       if ((s in blank) && blank[k] != blank[s]) { print "seed " seed ": (" k ") and (" s ") differ"; bad = 1 } }
                   exit bad }' "$ws/worksheet-wythoff-grundy.tex"
    done
}

# The blank a_n and b_n (n >= 1) of the worksheet in DIR that the
# frequencies list gives away, one a line: the list's shown rows N say A_N,
# and the numbers between two shown rows N1 < N2 (A_0 = 0) are named when
# A_N2 - A_N1 is 0 or N2 - N1 (all b_n or all a_n).
frequencies_give_away() { # DIR
    awk '
        FILENAME ~ /p-positions/ && /^\\gametabstrut\$[ab]_n\$/ {
            q = substr($0, 15, 1); m = split($0, f, /&/)
            for (i = 2; i <= m; i++)
                if (f[i] ~ /gametabblank/) { v = f[i]; gsub(/[^0-9]/, "", v); if (v + 0 > 0) blank[q " " v + 0] = i - 2 }
        }
        FILENAME ~ /frequencies/ && /^p_\{[0-9]+\}&=/ {
            N = $0; sub(/^p_\{/, "", N); sub(/\}.*/, "", N); rows++
            if ($0 !~ /^p_\{[0-9]+\}&=\\gametabblank/) { a = $0; sub(/^p_\{[0-9]+\}&=/, "", a); sub(/\/.*/, "", a); A[N + 0] = a + 0 }
            last = N + 0
        }
        END {
            if (rows != 11) { print "the list has " rows " rows, not 11"; exit 1 }
            A[0] = 0
            for (k in blank) {
                split(k, p, " "); v = p[2]
                if (v > last) continue
                for (n1 = v - 1; !(n1 in A); n1--) ;
                for (n2 = v; n2 <= last && !(n2 in A); n2++) ;
                if (n2 > last) continue
                d = A[n2] - A[n1]
                if (d == 0 || d == n2 - n1) print p[1] "_" blank[k] " = " v " (rows " n1 " and " n2 ")"
            }
        }' "$1/worksheet-wythoff-p-positions.tex" "$1/worksheet-wythoff-frequencies.tex"
}

@test "the worksheet gives no blank away: the frequencies list blanks the rows that name a blank a_n or b_n (breaker round 17, F1)" {
    local seed ws
    for seed in 1 2 3 7 42 18446744073709551615; do
        gt build -o "$T/s$seed" --worksheet --lang en --seed "$seed"
        [ "$status" -eq 0 ]
        ws=$T/s$seed/en
        grep -q '\\input{worksheet-wythoff-frequencies}' "$ws/worksheet.tex"
        frequencies_give_away "$ws" >"$T/away"
        [ ! -s "$T/away" ] || { sed "s/^/seed $seed: given away: /" "$T/away" >&2; return 1; }
    done
    # Some row is blank, and the answer key frames the whole value: the
    # list filled in is the full list.
    grep -q '^p_{[0-9]*}&=\\gametabblank' "$T/s1/en/worksheet-wythoff-frequencies.tex"
    grep '^p_' "$T/s1/en/wythoff-frequencies.tex" >"$T/full"
    grep '^p_' "$T/s1/en/worksheet-wythoff-frequencies.tex" |
        sed 's/\\gametabblank{\\hbox{\$\\displaystyle \([^$]*\)\$}}/\1/g' >"$T/filled"
    diff "$T/full" "$T/filled"
}

# The worksheet's binary and Fibonacci forms as "KIND VALUE BLANK SHOWN":
# KIND bin or fib, VALUE the number the form writes, BLANK 1 for a box,
# SHOWN 1 when that number is printed beside it (not blank): Nim's Table Ia
# under Table I, Wythoff's Tables IIa and IIb under Table II, Theorem 2's
# (n - 1)_F and (a_n - 1)_F beside n - 1 and a_n - 1.
form_cells() { # DIR
    awk '
        function isb(x) { return x ~ /gametabblank/ }
        function val(x) { gsub(/\\gametabblank\{|\}|\$|\\hline|\\\\|\\color\{[a-z]*\}/, "", x); return x }
        FNR == 1 { tab = 0 }
        /^\\gametabstrut No\./ { m = split($0, no, /&/); for (i = 2; i <= m; i++) no[i] = val(no[i]) }
        /^\\gametabstrut\$[abc]\$/ {
            q = substr($0, 15, 1); m = split($0, f, /&/)
            kind = $0 ~ /color\{red\}/ ? "bin" : $0 ~ /color\{blue\}/ ? "fib" : ""
            for (i = 2; i <= m; i++) {
                if (no[i] == "") continue
                if (kind == "") { dec[FILENAME, q, no[i]] = val(f[i]); shown[FILENAME, q, no[i]] = !isb(f[i]) }
                else print kind, dec[FILENAME, q, no[i]], isb(f[i]), shown[FILENAME, q, no[i]]
            }
        }
        FILENAME ~ /zeckendorf/ && /^[0-9]+ & / {
            split($0, f, / & /)
            print "fib", f[2], isb(f[3]), 1
            print "fib", val(f[5]), isb(f[6]), !isb(f[5])
        }' "$1/worksheet-nim-p-positions.tex" "$1/worksheet-wythoff-fibonacci.tex" \
           "$1/worksheet-wythoff-zeckendorf-shift.tex"
}

@test "the worksheet gives no blank away: a binary or Fibonacci form to fill in is not printed in another cell of any table (breaker round 17, class of F1 and F11)" {
    local seed
    for seed in 1 2 3 42; do
        gt build -o "$T/s$seed" --worksheet --lang en --seed "$seed"
        [ "$status" -eq 0 ]
        form_cells "$T/s$seed/en" >"$T/forms"
        # Nim's 15 triples, Wythoff's 15 pairs in two forms, Theorem 2's 13
        # rows of two forms.
        [ "$(wc -l <"$T/forms")" -eq $((15 * 3 + 15 * 4 + 13 * 2)) ]
        # A form asked of a number printed beside it (an exercise in
        # conversion) is not printed, filled in, in another cell.
        awk -v seed="$seed" '$3 && $4 { asked[$1 " " $2] = 1 } !$3 { given[$1 " " $2] = 1 }
             END { for (k in asked) if (k in given) { print "seed " seed ": " k " blank in one cell, shown in another"; bad = 1 }
                   exit bad }' "$T/forms"
    done
}

# The worksheet's a_n and b_n of one n as "FILE:N A B": A and B 1 for a
# box; the P-positions, Theorem 1's [nu] and [nv], Yaglom's Table II and
# property 3's pairs (a_n, b_n), (a_k1, b_k1) and (a_k2, b_k2); and for
# property 3's row n whose pair is blank, "FILE:N k1 K1 K2" with K1 and K2
# 1 when its pairs at k1 and k2 are blank.
pair_cells() { # DIR
    awk '
        function isb(x) { return x ~ /gametabblank/ }
        FNR == 1 { tab = 0 }
        /^\\gametabstrut\$(a_n|a|\\lfloor nu\\rfloor)\$/ && !/color/ { na = split($0, a, /&/) }
        /^\\gametabstrut\$(b_n|b|\\lfloor nv\\rfloor)\$/ && !/color/ {
            tab++
            m = split($0, b, /&/)
            if (m != na) { print FILENAME ": " tab ": " na " a, " m " b"; next }
            for (i = 2; i <= m; i++) print FILENAME ":" tab "." i - 1, isb(a[i]), isb(b[i])
        }
        FILENAME ~ /property3/ && /^[0-9]+ & / {
            split($0, f, / & /)
            for (i = 2; i <= 6; i += 2) {
                if (f[i] == "---") continue
                split(f[i], p, /,/)
                print FILENAME ":" f[1] "." i, isb(p[1]), isb(p[2])
            }
            split(f[2], p, /,/)
            if (isb(p[1]) && isb(p[2])) print FILENAME ":" f[1], "k1", f[4] == "---" || isb(f[4]), isb(f[6])
        }' "$1/worksheet-wythoff-p-positions.tex" "$1/worksheet-wythoff-beatty.tex" \
           "$1/worksheet-wythoff-fibonacci.tex" "$1/worksheet-wythoff-property3.tex"
}

@test "the worksheet gives no blank away: a_n and b_n of one n are blank together, b_n = a_n + n, and property 3's pairs with their row's (breaker round 17, F1 addendum)" {
    local seed
    for seed in 1 2 3 7 42 18446744073709551615; do
        gt build -o "$T/s$seed" --worksheet --lang en --seed "$seed"
        [ "$status" -eq 0 ]
        pair_cells "$T/s$seed/en" >"$T/pairs"
        # 13 columns of the P-positions and of Theorem 1, 15 of Table II,
        # property 3's 13 rows of three pairs less the corner's (a_k1, b_k1).
        [ "$(grep -c -v ' k1 ' "$T/pairs")" -eq $((13 + 13 + 15 + 13 * 3 - 1)) ]
        # A blank a_n with its b_n shown, or a blank b_n with its a_n shown.
        awk -v seed="$seed" '$2 != "k1" && $2 != $3 { print "seed " seed ": " $0; bad = 1 }
             $2 == "k1" && !($3 && $4) { print "seed " seed ": " $0; bad = 1 }
             END { exit bad }' "$T/pairs"
    done
}

@test "the worksheet gives no blank away: a Fibonacci form is not a 0 appended to or removed from one shown beside it, Theorems II and 2 (breaker round 17, F1 addendum)" {
    local seed
    for seed in 1 2 3 7 42 18446744073709551615; do
        gt build -o "$T/s$seed" --worksheet --lang en --seed "$seed"
        [ "$status" -eq 0 ]
        # Table IIb's a and b of one column ("IIb N A B"), Theorem 2's
        # (n - 1)_F and (a_n - 1)_F of one row with a_n ("T2 N F AF AN"):
        # 1 for a box.
        awk '
            function isb(x) { return x ~ /gametabblank/ }
            FILENAME ~ /fibonacci/ && /^\\gametabstrut\$a\$.*color\{blue\}/ { na = split($0, a, /&/) }
            FILENAME ~ /fibonacci/ && /^\\gametabstrut\$b\$.*color\{blue\}/ {
                m = split($0, b, /&/); blk++
                for (i = 2; i <= m; i++) if (a[i] ~ /[0-9]/) print "IIb", blk "." i - 1, isb(a[i]), isb(b[i])
            }
            FILENAME ~ /zeckendorf/ && /^[0-9]+ & / { split($0, f, / & /); print "T2", f[1], isb(f[3]), isb(f[6]), isb(f[4]) }
        ' "$T/s$seed/en/worksheet-wythoff-fibonacci.tex" "$T/s$seed/en/worksheet-wythoff-zeckendorf-shift.tex" >"$T/shift"
        [ "$(grep -c '^IIb' "$T/shift")" -eq 15 ]
        [ "$(grep -c '^T2' "$T/shift")" -eq 13 ]
        # b_n's digits are a_n's and a 0; a_n - 1's are n - 1's and a 0: a
        # blank beside a shown one is given away, except (a_n - 1)_F beside
        # a blank a_n (the conversion of n - 1 and the theorem ask for it).
        awk -v seed="$seed" '$1 == "IIb" && $3 != $4 { print "seed " seed ": " $0; bad = 1 }
             $1 == "T2" && $3 != $4 && !($4 && $5) { print "seed " seed ": " $0; bad = 1 }
             END { exit bad }' "$T/shift"
    done
}

# The documents of the page test: the handouts and worksheets, both
# languages, both papers, and a table straight to PDF.
@test "every page of the handouts, the worksheets and a PDF table as a teacher would print it" {
    gt build -o "$T/a4" --worksheet
    [ "$status" -eq 0 ]
    gt build -o "$T/a5" --paper a5 --worksheet --start 7,13
    [ "$status" -eq 0 ]
    compile_all "$T/a4" ru/handout en/handout ru/worksheet en/worksheet
    compile_all "$T/a5" ru/handout en/handout ru/worksheet en/worksheet
    gt table kordemsky-grundy --max 60 --lang en -o "$T/k60.pdf"
    [ "$status" -eq 0 ]
    check_pages "$T/k60.pdf"
    "$BATS_TEST_DIRNAME/check-pages" --lang "$BATS_TEST_DIRNAME/../templates/lang/ru.json" \
        --lang "$BATS_TEST_DIRNAME/../templates/lang/en.json" \
        "$T"/a4/*/handout.pdf "$T"/a4/*/worksheet.pdf "$T"/a5/*/handout.pdf "$T"/a5/*/worksheet.pdf \
        "$T/k60.pdf"
    # What each document is.
    pdftotext "$T/a4/ru/handout.pdf" - | grep -q 'Проигрышные поля'
    pdftotext "$T/a4/en/handout.pdf" - | grep -q 'Queen to the corner'
    pdftotext "$T/a4/ru/handout.pdf" - | grep -q '0,6180'
    pdftotext "$T/a5/en/handout.pdf" - | grep -q 'A game from the square (7, 13)'
    pdftotext "$T/a5/ru/worksheet.pdf" - | grep -q 'Ответы'
    # The worksheet asks for the boxes: its empty cells are the positions
    # that never occur (Kordemsky's table).
    pdftotext -l 1 "$T/a4/ru/worksheet.pdf" - | tr '\n' ' ' | grep -q 'Впишите ответы в рамки в таблицах'
    pdftotext -l 1 "$T/a4/en/worksheet.pdf" - | tr '\n' ' ' | grep -q 'Write the answers in the boxes of the tables'
    refute grep -q -E 'пустые клетки|empty cells' <(pdftotext -l 1 "$T/a4/ru/worksheet.pdf" -; pdftotext -l 1 "$T/a4/en/worksheet.pdf" -)
    # The answer key's marked board is numbered as the worksheet's bare one.
    local fig
    for fig in "$T"/a4/ru/worksheet.pdf "$T"/a5/en/worksheet.pdf; do
        pdftotext -layout "$fig" - | tr '\n' ' ' |
            grep -o -E '(Рис|Figure)\.?[^0-9[:alpha:]]{0,12}[0-9]+\. ' |
            sed 's/.*[^0-9]\([0-9][0-9]*\)\. $/\1/' | tr '\n' ' ' >"$T/figs"
        [ "$(cat "$T/figs")" = "1 1 " ] || { echo "$fig: figures $(cat "$T/figs")" >&2; return 1; }
    done
    # Yaglom's Table II is whole: its last column, 15, on the page of its
    # caption (in the worksheet and in its answer key too).
    local doc
    for doc in "$T"/a4/*/*.pdf "$T"/a5/*/*.pdf; do
        pdftotext -layout "$doc" - | awk 'BEGIN { RS = "\f" }
            match($0, /(Таблица|Table) II\. /) { n++; if (substr($0, RSTART) !~ /\n *(№№|No\.) [ 0-9]* 15 *\n/) bad = 1 }
            END { exit !(n && !bad) }' || { echo "$doc: Table II split across pages" >&2; return 1; }
    done
    # Yaglom's tables come in his section, before the next one's heading.
    for doc in "$T"/a4/*/handout.pdf "$T"/a5/*/handout.pdf; do
        pdftotext "$doc" - | awk '/^(Таблица|Table) IIb/ && !t { t = NR }
            /^(Игра с фишками трёх цветов|The three-colour game)$/ && !s { s = NR }
            END { exit !(t && s && t < s) }' ||
            { echo "$doc: Table IIb is not before the three-colour game's heading" >&2; return 1; }
    done
    [ "$(pdfinfo "$T/a4/ru/handout.pdf" | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\).*/\1x\2/p')" = 595.276x841.89 ]
    [ "$(pdfinfo "$T/a5/en/worksheet.pdf" | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\).*/\1x\2/p')" = 419.528x595.276 ]
    for pdf in "$T"/a4/*/*.pdf "$T"/a5/*/*.pdf "$T/k60.pdf"; do
        fonts=$(pdffonts "$pdf")
        refute grep -q 'Type 3' <<<"$fonts"
    done
    # The English handout cites the articles by their English titles, the
    # originals in parentheses, the Chinese one transliterated.
    pdftotext "$T/a4/en/handout.pdf" - | tr '\n' ' ' >"$T/en.txt"
    grep -q 'Two games with matches.*(Russian: «Две игры со спичками»)' "$T/en.txt"
    grep -q 'And yet, Grundy!.*(Russian: «И все-таки, Гранди!»)' "$T/en.txt"
    grep -q 'Sanse qi boyi wenti' "$T/en.txt"
    pdftotext "$T/a4/ru/handout.pdf" - | tr '\n' ' ' | grep -q 'Фэн Юэфэн. Задача об игре с фишками трёх цветов (кит. Sanse qi boyi wenti)'
    # The Kordemsky table of 61 piles: 18 fit a block, so four balanced
    # blocks of 16, widened to a multiple of the period 6: 18 + 18 + 18 + 7,
    # no one-column last block, on one page with its caption.
    [ "$(pdfinfo "$T/k60.pdf" | awk '/^Pages:/ { print $2 }')" -eq 1 ]
    pdftotext -layout "$T/k60.pdf" - | grep -q '^ *n  *54 *55 *56 *57 *58 *59 *60'
}

@test "the handouts of a small start pass the page check: figure 1 is large, and the P-positions' introduction ends page 1 (breaker round 32, F9)" {
    gt build -o "$T/s" --start 1,2
    [ "$status" -eq 0 ]
    compile_all "$T/s" ru/handout en/handout
    "$BATS_TEST_DIRNAME/check-pages" --lang "$BATS_TEST_DIRNAME/../templates/lang/ru.json" \
        --lang "$BATS_TEST_DIRNAME/../templates/lang/en.json" "$T"/s/*/handout.pdf
    pdftotext "$T/s/ru/handout.pdf" - | grep -q 'Партия из поля (1; 2)'
}

# Compiles DIR/NAME.tex, an A4 article page by page from the lines given.
plant() { # DIR NAME LINE...
    local dir=$1 name=$2
    shift 2
    printf '%s\n' '\documentclass[11pt]{article}' '\usepackage[a4paper,bottom=25mm]{geometry}' \
        '\begin{document}' "$@" '\end{document}' >"$dir/$name.tex"
    (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error "$name.tex" >/dev/null 2>&1)
}

@test "the page check catches a stranded heading or caption, a table split 2 + 12, a mostly empty page, a hyphenated heading and a lone word, and passes running text that opens with a caption's words" {
    mkdir "$T/doc"
    printf '{"answers": "Answers", "x_section": "A stranded heading"}\n' >"$T/lang.json"
    local ink='\noindent\rule{\linewidth}{0.78\textheight}\par' rows12='' i
    for i in $(seq 3 14); do rows12="$rows12\\noindent $i\\quad $((i * 2))\\par "; done
    plant "$T/doc" heading "$ink" '\vfill\section*{A stranded heading}' '\newpage' \
        'The body of the section.' "$ink"
    plant "$T/doc" split "$ink" '\vfill\noindent n\quad m\par\noindent 1\quad 2\par\noindent 2\quad 4\par' \
        '\newpage\noindent n\quad m\par' "$rows12" "$ink"
    plant "$T/doc" empty 'One line of text.' '\newpage' "$ink"
    plant "$T/doc" good "$ink" '\newpage' "$ink"
    plant "$T/doc" hyphen '\section*{A strand-\\ed heading}' 'The body of the section.'
    plant "$T/doc" lone '\section*{A stranded\\ heading}' 'The body of the section.'
    # a caption with math after it, stranded; a sentence of running text
    # that opens with the caption's words and math, not (breaker round 32,
    # F9: the ru handout's introduction of the P-positions)
    plant "$T/doc" caption "$ink" '\vfill\noindent\textbf{A stranded heading} $(a_n;b_n)$\par' '\newpage' "$ink"
    plant "$T/doc" prose "$ink" '\vfill A stranded heading $(a_n;b_n)$ with~$b_n\ge a_n$ and their mirror images $(b_n;a_n)$: every column and row holds exactly one of them.' \
        '\newpage' "$ink"
    local check=("$BATS_TEST_DIRNAME/check-pages" --lang "$T/lang.json")
    run "${check[@]}" "$T/doc/caption.pdf"
    [ "$status" -eq 1 ]
    [[ "$output" == *"caption.pdf: page 1: ends with the heading or caption «A stranded heading (an ; bn )»"* ]]
    run "${check[@]}" "$T/doc/prose.pdf"
    [ "$status" -eq 0 ]
    run "${check[@]}" "$T/doc/heading.pdf"
    [ "$status" -eq 1 ]
    [[ "$output" == *"heading.pdf: page 1: ends with the heading or caption «A stranded heading»"* ]]
    run "${check[@]}" "$T/doc/split.pdf"
    [ "$status" -eq 1 ]
    [[ "$output" == *"split.pdf: page 1: a table split 2 + 12 rows (at least 4 on either side)"* ]]
    run "${check[@]}" "$T/doc/empty.pdf"
    [ "$status" -eq 1 ]
    [[ "$output" =~ empty.pdf:\ page\ 1:\ [0-9]+%\ blank\ \(at\ most\ 35%\) ]]
    run "${check[@]}" "$T/doc/hyphen.pdf"
    [ "$status" -eq 1 ]
    [[ "$output" == *"hyphen.pdf: page 1: the heading or caption «A stranded heading» hyphenated («A strand-»)"* ]]
    run "${check[@]}" "$T/doc/lone.pdf"
    [ "$status" -eq 1 ]
    [[ "$output" == *"lone.pdf: page 1: the heading or caption «A stranded heading» leaves «heading» alone on its last line"* ]]
    run "${check[@]}" "$T/doc/good.pdf"
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}

@test "the checks catch a blank page and a box over 1pt" {
    mkdir "$T/doc"
    # A page with its number only, between two of one line each, with the
    # handout's bottom margin.
    printf '%s\n' '\documentclass[11pt]{article}' '\usepackage[a4paper,bottom=25mm]{geometry}' \
        '\begin{document}' 'Some text on a line.' '\newpage\null\newpage' 'More text on a line.' \
        '\end{document}' >"$T/doc/blank.tex"
    run compile_doc "$T/doc" blank
    [ "$status" -ne 0 ]
    [[ "$output" == *"page 2 is blank"* ]]
    printf '%s\n' '\documentclass{article}' '\begin{document}' '\noindent\hbox to 1.5\linewidth{x\hss}' \
        '\end{document}' >"$T/doc/wide.tex"
    run compile_doc "$T/doc" wide
    [ "$status" -ne 0 ]
    [[ "$output" == *"Overfull"* ]]
    printf 'Overfull \\hbox (0.52428pt too wide) in paragraph\nOverfull \\vbox (3.5pt too high) has occurred\n' >"$T/doc/x.log"
    [ "$(wide_boxes "$T/doc/x.log")" = 'Overfull \vbox (3.5pt too high)' ]
}

@test "figure wythoff-frequencies: N past 999 without a thousands separator, as the caption writes it, in ru and en (breaker round 17, F16)" {
    local lang
    for lang in ru en; do
        compile_figures "$lang" 'wythoff-frequencies --count 2000'
        pdftotext -layout "$T/$lang/doc.pdf" "$T/$lang/doc.txt"
        # ru had 1.000 ... 2.000 (use comma sets a period as the separator),
        # en 1,000 ... 2,000; the caption says 2000
        grep -q ' 2000 *$' "$T/$lang/doc.txt"
        refute grep -q '[12][.,]000' "$T/$lang/doc.txt"
    done
}

@test "figure kordemsky-graph: the pass move's label stays between its two circles and inside the frame, up to --max 17, ru and en (breaker round 18, F6)" {
    local lang page
    for lang in ru en; do
        compile_figures "$lang" 'kordemsky-graph --max 11
kordemsky-graph --max 13
kordemsky-graph --max 15
kordemsky-graph --max 17'
        for page in 1 2 3 4; do
            # the column n = 0: its circles' digits (m = 0 above, m = 1
            # below, 2.5 units apart, circles of 0.3 units' radius) and the
            # label's words, left of the move, before the frame at -0.5
            pdftotext -f $page -l $page -bbox "$T/$lang/doc.pdf" - |
                awk -F'"' -v lang=$lang -v page=$page '
                /<word/ { w = $9; sub(/^>/, "", w); sub(/<.*/, "", w)
                          # set along the move: taller than wide (the caption says it too)
                          if ((w == "pass" || w == "пустой" || w == "ход") && $6 - $2 < $8 - $4) {
                              if (!lab || $2 < lx0) lx0 = $2; if (!lab || $4 < ly0) ly0 = $4
                              if (!lab || $8 > ly1) ly1 = $8; lab = 1; next }
                          if (w ~ /^[0-9]$/ && !top) { top = 1; tx = ($2 + $6) / 2; ty = ($4 + $8) / 2; next }
                          if (w ~ /^[0-9]$/ && top && !bot && ($2 + $6) / 2 - tx < 1 && tx - ($2 + $6) / 2 < 1) {
                              bot = 1; by = ($4 + $8) / 2 } }
                END { u = (by - ty) / 2.5; r = 0.3 * u
                      if (!lab || !bot) { print lang, page ": no label or circles"; exit 1 }
                      if (ly0 < ty + r || ly1 > by - r || lx0 < tx - 0.5 * u) {
                          printf "%s page %d: label %.1f..%.1f, x from %.1f; circles end %.1f, start %.1f; frame %.1f\n",
                              lang, page, ly0, ly1, lx0, ty + r, by - r, tx - 0.5 * u; exit 1 } }'
        done
    done
}

@test "a worksheet fragment \\input on its own after the preamble draws its boxes, not the answers; renewed, the answers (breaker round 19, F4)" {
    gt build -o "$T/o" --worksheet --lang en
    [ "$status" -eq 0 ]
    local ws=$T/o/en n
    for t in wythoff-p-positions nim-p-positions kordemsky-start; do
        printf '%s\n' '\documentclass{article}' '\input{preamble}' '\begin{document}' \
            "\\input{worksheet-$t}" '\end{document}' >"$ws/alone.tex"
        printf '%s\n' '\documentclass{article}' '\input{preamble}' '\begin{document}' \
            '\renewcommand{\gametabblank}[1]{#1}' "\\input{worksheet-$t}" '\end{document}' >"$ws/key.tex"
        (cd "$ws" && pdflatex -interaction=nonstopmode -halt-on-error alone.tex >/dev/null &&
            pdflatex -interaction=nonstopmode -halt-on-error key.tex >/dev/null)
        n=$(blanks "$ws/worksheet-$t.tex" | grep -cx '[0-9]\+')
        [ "$n" -ge 3 ]
        # the key shows every answer the sheet leaves out (those numbers)
        [ $(($(pdftotext "$ws/key.pdf" - | grep -o '[0-9]\+' | wc -l) - \
            $(pdftotext "$ws/alone.pdf" - | grep -o '[0-9]\+' | wc -l))) -ge "$n" ] ||
            { echo "$t: the fragment alone shows its answers" >&2; return 1; }
    done
}

@test "the answer key is the handout: each worksheet fragment with its blanks filled in is the table's fragment, the board's zeros bold; no note names a blank's answer (breaker round 20, F9; round 23, F4)" {
    local seed lang t
    for seed in 13 99; do
        for lang in en ru; do
            gt build -o "$T/$seed$lang" --worksheet --lang "$lang" --seed "$seed"
            [ "$status" -eq 0 ]
            local ws=$T/$seed$lang/$lang
            for t in wythoff-p-positions wythoff-beatty wythoff-property3 wythoff-zeckendorf-shift \
                     wythoff-grundy nim-p-positions wythoff-fibonacci kordemsky-grundy kordemsky-start; do
                # \gametabblank{X} -> X (X may hold braces: \textbf{0}); a
                # blank take is the em dash the table writes as ---
                # (property 3's note says less on the worksheet: below)
                perl -pe 's/\\gametabblank\{—\}/---/g; s/\\gametabblank(\{((?:[^{}]++|(?1))*)\})/$2/g' \
                    "$ws/worksheet-$t.tex" | grep -v '^{\\footnotesize\\sloppy\\noindent ' >"$T/filled.tex"
                grep -v '^{\\footnotesize\\sloppy\\noindent ' "$ws/$t.tex" | diff - "$T/filled.tex" ||
                    { echo "seed $seed, $lang: the key's $t is not the handout's" >&2; return 1; }
            done
            grep -q 'gametabblank{\\textbf{0}}' "$ws/worksheet-wythoff-grundy.tex"
            # the note under property 3 names no pair the table may leave
            # blank: (1,2) from the corner (breaker round 23, F4)
            grep -q '(1[,;]2)' "$ws/wythoff-property3.tex"
            refute grep -q '(1[,;]2)' "$ws/worksheet-wythoff-property3.tex"
        done
    done
}

@test "figure kordemsky-graph fits a narrow text: a two-column page, A5, at every size it takes (breaker round 20, F2)" {
    "$GAMETAB" render preamble.tex --lang ru -o "$T/preamble-ru.tex"
    local m cls
    for m in 11 17; do
        "$GAMETAB" figure kordemsky-graph --max "$m" -o "$T/fig.tex"
        for cls in twocolumn a5paper a4paper; do
            compile_clean "$T" d "[$cls]{article}" '\input{preamble-ru}' '\usepackage{tikz}' \
                '\usetikzlibrary{arrows.meta}' '\begin{document}' '\input{fig}' ||
                { echo "--max $m" >&2; return 1; }
        done
    done
    # the labels are in the PDF, the figure whole
    pdftotext "$T/d.pdf" - | grep -q '^m=0$'
}
