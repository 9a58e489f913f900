#!/usr/bin/env bats
# `gametab render` on input nobody here wrote (issue 12): gzip read as
# strictly as gzip -t, UTF-8 checked, characters outside the preamble's
# repertoire refused, the data's names apart from the template's keys, and
# LaTeX that compiles and prints exactly the cells (pdflatex + pdftotext).

load helpers

# gzip's verdict and gametab's agree on FILE: gametab renders it (exit 0)
# exactly when `gzip -t` passes it without a warning; else one error line,
# exit 1, naming the file, and no output file.
same_verdict_as_gzip() { # FILE
    local f=$1 gz=0
    gzip -t "$f" 2>/dev/null || gz=$?
    rm -f "$T/out.tex"
    gt render table-booktabs.tex "$f" -o "$T/out.tex"
    if [ "$gz" -eq 0 ]; then
        [ "$status" -eq 0 ] || { echo "$f: gzip -t passes it, gametab says: $err" >&2; return 1; }
    else
        assert_error 1 || { echo "$f: gzip -t refuses it (exit $gz), gametab exits $status" >&2; return 1; }
        [[ "$err" == "gametab: $f: "*gzip* ]] ||
            { echo "$f: message does not name the file and gzip: $err" >&2; return 1; }
        [ ! -e "$T/out.tex" ] || { echo "$f: an output file was written" >&2; return 1; }
    fi
}

@test "gzip cut short at every length is refused, as gzip -t refuses it" {
    printf 'n,v\n1,123456\n' | gzip -n > "$T/ok.csv.gz"
    local size
    size=$(stat -c %s "$T/ok.csv.gz")
    head -c $((size - 11)) "$T/ok.csv.gz" > "$T/cut11.csv.gz"
    gt render table-booktabs.tex "$T/cut11.csv.gz" -o "$T/out.tex"
    assert_error 1
    [ "$err" = "gametab: $T/cut11.csv.gz: the gzip data is truncated: the file ends before the compressed data does" ]
    [ ! -e "$T/out.tex" ]
    for ((n = 2; n < size; n++)); do
        head -c "$n" "$T/ok.csv.gz" > "$T/cut.csv.gz"
        same_verdict_as_gzip "$T/cut.csv.gz"
    done
    same_verdict_as_gzip "$T/ok.csv.gz"
}

@test "gametab's own 90 000-row csv.gz cut at half is refused; whole, every row is read" {
    "$GAMETAB" table wythoff-p-positions --count 90000 -o "$T/p.csv.gz"
    head -c $(($(stat -c %s "$T/p.csv.gz") / 2)) "$T/p.csv.gz" > "$T/half.csv.gz"
    gt render table-booktabs.tex "$T/half.csv.gz" -o "$T/out.tex"
    assert_error 1
    [[ "$err" == *": the gzip data is truncated: "* ]]
    [ ! -e "$T/out.tex" ]
    gt render table-booktabs.tex "$T/p.csv.gz"
    [ "$status" -eq 0 ]
    [ "$(grep -c '\\\\\*\?$' "$T/stdout")" -eq 90002 ] # the header twice, 90 000 rows
}

# Overwrites byte OFFSET (from the end when negative) of FILE with the
# byte's complement.
flip_byte() { # FILE OFFSET
    python3 -c '
import sys
p, off = sys.argv[1], int(sys.argv[2])
b = bytearray(open(p, "rb").read())
b[off] ^= 0xFF
open(p, "wb").write(b)' "$1" "$2"
}

@test "a bad CRC, a bad length, corrupt data, trailing bytes: refused in plain words" {
    printf 'n,v\n1,123456\n2,7\n' | gzip -n > "$T/ok.csv.gz"
    cp "$T/ok.csv.gz" "$T/crc.csv.gz"
    flip_byte "$T/crc.csv.gz" -8
    gt render table-booktabs.tex "$T/crc.csv.gz"
    assert_error 1
    [ "$err" = "gametab: $T/crc.csv.gz: the gzip data is corrupt: its CRC does not match the data" ]
    cp "$T/ok.csv.gz" "$T/len.csv.gz"
    flip_byte "$T/len.csv.gz" -1
    gt render table-booktabs.tex "$T/len.csv.gz"
    assert_error 1
    [ "$err" = "gametab: $T/len.csv.gz: the gzip data is corrupt: its length field does not match the data" ]
    { cat "$T/ok.csv.gz"; printf 'junk'; } > "$T/junk.csv.gz"
    gt render table-booktabs.tex "$T/junk.csv.gz"
    assert_error 1
    [ "$err" = "gametab: $T/junk.csv.gz: trailing bytes after the gzip data (gzip -t: trailing garbage)" ]
    { cat "$T/ok.csv.gz"; printf '\0\0\0\0'; } > "$T/zeros.csv.gz"
    same_verdict_as_gzip "$T/zeros.csv.gz"
    same_verdict_as_gzip "$T/junk.csv.gz"
    same_verdict_as_gzip "$T/crc.csv.gz"
    same_verdict_as_gzip "$T/len.csv.gz"
    # every byte of the header and the compressed data, spoilt one at a time
    local size
    size=$(stat -c %s "$T/ok.csv.gz")
    # (from the third: a spoilt magic number is plain text, not gzip -t's to judge)
    for ((i = 2; i < size; i++)); do
        cp "$T/ok.csv.gz" "$T/spoilt.csv.gz"
        flip_byte "$T/spoilt.csv.gz" "$i"
        same_verdict_as_gzip "$T/spoilt.csv.gz"
    done
}

@test "several gzip members are one file, as for gzip; standard input too" {
    printf 'n,v\n1,a\n' | gzip -n > "$T/m.csv.gz"
    printf '2,b\n' | gzip -n >> "$T/m.csv.gz"
    gzip -t "$T/m.csv.gz"
    gt render table-booktabs.tex "$T/m.csv.gz"
    [ "$status" -eq 0 ]
    [[ "$out" == *$'\n1 & a\\\\*\n2 & b\\\\*\n'* ]]
    gt render table-booktabs.tex - < "$T/m.csv.gz"
    [ "$status" -eq 0 ]
    [[ "$out" == *$'\n2 & b\\\\*\n'* ]]
    head -c 20 "$T/m.csv.gz" > "$T/cut.csv.gz"
    gt render table-booktabs.tex - < "$T/cut.csv.gz"
    assert_error 1
    [ "$err" = "gametab: standard input: the gzip data is truncated: the file ends before the compressed data does" ]
}

@test "invalid UTF-8 in the data names its line and suggests iconv" {
    printf 'x\n\xe9\n' > "$T/latin1.csv"
    gt render table-booktabs.tex "$T/latin1.csv" -o "$T/out.tex"
    assert_error 1
    [ "$err" = "gametab: $T/latin1.csv:2: invalid UTF-8 (saved in another encoding? convert it: iconv -f cp1251 -t utf-8 for Russian, -f cp1252 for Western)" ]
    [ ! -e "$T/out.tex" ]
    iconv -f latin1 -t utf-8 "$T/latin1.csv" > "$T/utf8.csv"
    gt render table-booktabs.tex "$T/utf8.csv"
    [ "$status" -eq 0 ]
    # Excel's Western "CSV" is cp1252: its advice keeps “ ” – € (latin1
    # made them C1 controls, refused; breaker round 17, F14)
    printf 'Name,Note\nRen\xe9,\x93caf\xe9\x94 \x96 5\x80\n' > "$T/w1252.csv"
    gt render table-booktabs.tex "$T/w1252.csv"
    [[ "$err" == *'-f cp1252 for Western)' ]]
    iconv -f cp1252 -t utf-8 "$T/w1252.csv" > "$T/w8.csv"
    gt render table-booktabs.tex "$T/w8.csv"
    [ "$status" -eq 0 ]
    [[ "$out" == *'René & “café” – 5€'* ]]
    # overlong, a surrogate, past U+10FFFF, cut short at the end; inside a
    # quoted field that spans lines, the line of the byte
    local bad
    for bad in '\xc0\xaf' '\xed\xa0\x80' '\xf4\x90\x80\x80' '\xe2\x82'; do
        printf "a,b\n1,\"x\ny$bad\"\n" > "$T/bad.csv"
        gt render table-booktabs.tex "$T/bad.csv"
        assert_error 1
        [ "$err" = "gametab: $T/bad.csv:3: invalid UTF-8 (saved in another encoding? convert it: iconv -f cp1251 -t utf-8 for Russian, -f cp1252 for Western)" ]
    done
    # a Russian Excel's CSV (cp1251): the hint's iconv gives the names back
    printf 'Фамилия,Балл\r\nИванов,4\r\n' | iconv -f utf-8 -t cp1251 > "$T/excel-ru.csv"
    gt render table-booktabs.tex "$T/excel-ru.csv"
    assert_error 1
    [[ "$err" == *"excel-ru.csv:1: invalid UTF-8 "*"iconv -f cp1251 -t utf-8 for Russian"* ]]
    iconv -f cp1251 -t utf-8 "$T/excel-ru.csv" > "$T/ru.csv"
    gt render table-booktabs.tex "$T/ru.csv"
    [ "$status" -eq 0 ]
    [[ "$out" == *'Иванов & 4\\'* ]]
    # whatever the template: an HTML one too
    printf '{{#rows}}{{data.x}}{{/rows}}' > "$T/t.html"
    gt render "$T/t.html" "$T/latin1.csv"
    assert_error 1
    [[ "$err" == *"latin1.csv:2: invalid UTF-8"* ]]
}

@test "a template or partial with invalid UTF-8 is refused, not copied into the output" {
    printf 'caf\xe9\n{{#rows}}{{data.x}}{{/rows}}\n' > "$T/t.tex"
    printf 'x\n1\n' > "$T/d.csv"
    gt render "$T/t.tex" "$T/d.csv" -o "$T/out.tex"
    assert_error 1
    [ "$err" = "gametab: $T/t.tex:1: invalid UTF-8 (saved in another encoding? convert it: iconv -f cp1251 -t utf-8 for Russian, -f cp1252 for Western)" ]
    [ ! -e "$T/out.tex" ]
    printf 'ok\n{{> part}}\n' > "$T/main.tex"
    printf '\n\n\xff\n' > "$T/part.tex"
    gt render "$T/main.tex" "$T/d.csv" -o "$T/out.tex"
    assert_error 1
    # said as a template is: the partial's own file and line
    [[ "$err" == "gametab: $T/part.tex:3: invalid UTF-8 (saved in another encoding?"* ]]
    [ ! -e "$T/out.tex" ]
}

@test "a directory as template or data is said to be one" {
    mkdir "$T/td"
    gt render "$T/td"
    assert_error 1
    [ "$err" = "gametab: template $T/td: is a directory, not a template file" ]
    gt render table-booktabs.tex "$T/td"
    assert_error 1
    [ "$err" = "gametab: $T/td: is a directory, not a CSV file" ]
}

@test "characters the preamble cannot print are refused with line and column, before anything is written" {
    printf 'a,b\n1,"α ✓ ok"\n2,"x\nзначение 冯跃峰"\n' > "$T/cjk.csv"
    echo OLD > "$T/out.tex"
    gt render table-booktabs.tex "$T/cjk.csv" -o "$T/out.tex"
    assert_error 1
    [ "$err" = "gametab: $T/cjk.csv:4:10: character U+51AF cannot be typeset with the preamble's fonts (remove it, or render with a template whose name does not end in .tex (nor .ltx, .latex): HTML escaping takes any character)" ]
    [ "$(cat "$T/out.tex")" = OLD ]
    local c want
    for c in '😀:U+1F600' '\x01:U+0001' '\xc2\xad:U+00AD' 'Α:U+0391' 'Đ:U+0110' 'ο:U+03BF' 'Ħ:U+0126'; do
        printf "h\nab${c%%:*}\n" > "$T/c.csv"
        gt render table-kvant.tex "$T/c.csv"
        assert_error 1
        want="gametab: $T/c.csv:2:3: character ${c#*:} cannot be typeset with the preamble's fonts (remove it, *"
        [[ "$err" == $want ]] || { echo "got: $err; want: $want" >&2; return 1; }
    done
    # a decomposed accent (й as и and U+0306, as macOS and PDF copies
    # have it): the message's command composes it, and then it renders
    printf 'a\nи\xcc\x86\n' > "$T/nfd.csv"
    gt render table-booktabs.tex "$T/nfd.csv"
    assert_error 1
    [[ "$err" == "gametab: $T/nfd.csv:2:2: character U+0306 cannot be typeset with the preamble's fonts (a combining accent: compose the text first, e.g. python3 -c "* ]]
    local cmd=${err#*e.g. }
    cmd=${cmd%%; one still there*}
    cmd=${cmd%% (a gzip file*}
    cmd=${cmd/IN.csv/"$T/nfd.csv"}
    cmd=${cmd/OUT.csv/"$T/nfc.csv"}
    eval "$cmd"
    gt render table-booktabs.tex "$T/nfc.csv"
    [ "$status" -eq 0 ]
    [[ "$out" == *й* ]]
    # q and U+0306 compose to no letter: the message says what then
    # (breaker round 16: it sent the user round the loop)
    printf 'a\nq\xcc\x86\n' > "$T/q.csv"
    eval "${cmd//nfd.csv/q.csv}"
    gt render table-booktabs.tex "$T/nfc.csv"
    assert_error 1
    [[ "$err" == *"U+0306"*"; one still there after that has no letter to compose with: remove it; or the file is in cp1251, whose МЁ, НЁ and the like are these bytes: iconv -f cp1251 -t utf-8)" ]]
    # a cp1251 file whose first line is valid UTF-8 by chance: МЁ is the
    # bytes of U+0328, and the message names the encoding too (a
    # newcomer's run, 2026-12-04: only "compose the text first")
    printf 'a,b\n\xcc\xa8,1\n\xcf\xe5\xf2\xff,2\n' > "$T/cp.csv"
    gt render table-booktabs.tex "$T/cp.csv"
    assert_error 1
    [[ "$err" == "gametab: $T/cp.csv:2:1: character U+0328 "*"iconv -f cp1251 -t utf-8)" ]]
    # a combining mark two cp1251 bytes cannot make (U+20D7, E2 83 97:
    # three bytes) is not said to be cp1251
    printf 'a\nq\xe2\x83\x97\n' > "$T/arrow.csv"
    gt render table-booktabs.tex "$T/arrow.csv"
    assert_error 1
    [[ "$err" == *"U+20D7"*"; one still there after that has no letter to compose with: remove it)" ]]
    # in the header too
    printf '冯\n1\n' > "$T/h.csv"
    gt render table-booktabs.tex "$T/h.csv"
    assert_error 1
    [[ "$err" == *"h.csv:1:1: character U+51AF"* ]]
    # an HTML template takes any Unicode text
    printf '{{#rows}}{{data.b}};{{/rows}}' > "$T/t.html"
    gt render "$T/t.html" "$T/cjk.csv"
    [ "$status" -eq 0 ]
    [ "$out" = "α ✓ ok;x
значение 冯跃峰;" ]
}

@test "the data's names do not hide the template's keys; repeated names keep every column" {
    printf 'a,a,cells,first,last,lang,file,data,name,value\n1,2,c,f,l,L,F,D,N,V\n' > "$T/keys.csv"
    gt render table-kvant.tex "$T/keys.csv"
    [ "$status" -eq 0 ]
    local line
    for line in 'a&1' 'a&2' 'cells&c' 'first&f' 'last&l' 'lang&L' 'file&F' 'data&D' 'name&N' 'value&V'; do
        grep -qxF "\\gametabstrut $line\\\\\\hline" "$T/stdout" || { echo "no line $line" >&2; return 1; }
    done
    gt render table-booktabs.tex "$T/keys.csv"
    [ "$status" -eq 0 ]
    [[ "$out" == *$'\n1 & 2 & c & f & l & L & F & D & N & V\\\\*\n'* ]]
    # by name under data, the first of a repeated name; the template's own
    # keys whatever the columns are called
    printf '{{#rows}}{{data.a}} {{data.lang}} {{data.file}} {{lang.code}} {{file}} {{#first}}first{{/first}}{{/rows}}' \
        > "$T/k.tex"
    gt render "$T/k.tex" "$T/keys.csv" --lang en
    [ "$status" -eq 0 ]
    [ "$out" = "1 L F en $T/keys.csv first" ]
}

# Renders each "NAME TEMPLATE CSV" of the list into $T/doc/NAME.tex, and
# compiles them in one document, one a page, with the preamble of `build`;
# the text of page i is left in $T/doc/page-i.txt (pdftotext -raw, NFC).
render_pages() {
    mkdir -p "$T/doc"
    "$GAMETAB" build -o "$T/build" >/dev/null
    local name template csv i=0
    {
        printf '%s\n' '\documentclass{article}' \
            '\usepackage[paperwidth=5700mm,paperheight=1000mm,margin=10mm]{geometry}' \
            "\\input{$T/build/${RENDER_LANG:-ru}/preamble}" '\pagestyle{empty}' '\begin{document}'
        while read -r name template csv; do
            "$GAMETAB" render "$template" ${csv:+"$csv"} -o "$T/doc/$name.tex" || return 1
            printf '\\input{%s}\\clearpage\n' "$T/doc/$name"
        done
        printf '%s\n' '\end{document}'
    } > "$T/doc/doc.tex"
    if ! (cd "$T/doc" && "${PDFLATEX:-pdflatex}" -interaction=nonstopmode -halt-on-error doc.tex \
            >/dev/null 2>&1); then
        grep -A3 '^!' "$T/doc/doc.log" >&2
        return 1
    fi
    local pages
    pages=$(pdfinfo "$T/doc/doc.pdf" | awk '/^Pages:/ {print $2}')
    for ((i = 1; i <= pages; i++)); do
        # composed (NFC): T2A builds some accented letters from two glyphs
        pdftotext -raw -f "$i" -l "$i" "$T/doc/doc.pdf" - |
            python3 -c 'import sys, unicodedata; print(unicodedata.normalize("NFC", sys.stdin.read()), end="")' \
                > "$T/doc/page-$i.txt"
    done
}

@test "the issue's inputs compile and print exactly their cells (pdflatex, pdftotext)" {
    printf 'x\n[1]\n[2]\n' > "$T/bracket.csv"
    printf '[h],*s\n*1,(lr)\n [2], *\n' > "$T/lead.csv"
    local -a lig=(--count --- "''" '``' '!`' '?`' '<<a>>' ',,' '–-' '–--' 'fi ff ffl' "a''b" 'x‘‘y' 'a’’b' '‘‘’’')
    { echo opt; printf '"%s"\n' "${lig[@]}"; } > "$T/lig.csv"
    printf 'g\nα β Γ Ω μ ϕ φ ε ϵ\n✓ ≤ ≥ − ∞ ∈\nŁódź Kraków Ærø\nЁлка Ґанок Її\n' > "$T/chars.csv"
    python3 -c 'import sys; sys.stdout.write("a,b\n1,\"" + "xyz," * 50000 + "\"\n")' > "$T/long.csv"
    python3 -c 'print("k,v"); print("1," + "x" * 4000)' > "$T/wide.csv"
    render_pages <<EOF
b1 table-booktabs.tex $T/bracket.csv
k1 table-kvant.tex $T/bracket.csv
b2 table-booktabs.tex $T/lead.csv
k2 table-kvant.tex $T/lead.csv
b3 table-booktabs.tex $T/lig.csv
b4 table-booktabs.tex $T/chars.csv
b5 table-booktabs.tex $T/long.csv
k3 table-kvant.tex $T/wide.csv
k4 table-kvant.tex $T/long.csv
EOF
    grep -qx 'x' "$T/doc/page-1.txt"
    grep -qx '\[1\]' "$T/doc/page-1.txt"
    grep -qx '\[2\]' "$T/doc/page-1.txt"
    grep -qx 'x \[1\] \[2\]' "$T/doc/page-2.txt"
    grep -qx '\[h\] \*s' "$T/doc/page-3.txt"
    grep -qx '\*1 (lr)' "$T/doc/page-3.txt"
    grep -qx '\[2\] \*' "$T/doc/page-3.txt"
    grep -qx '\[h\] \*1 \[2\]' "$T/doc/page-4.txt"
    grep -qx '\*s (lr) \*' "$T/doc/page-4.txt"
    local cell
    for cell in "${lig[@]}"; do
        grep -qxF -- "$cell" "$T/doc/page-5.txt" || { echo "cell $cell: not in the PDF" >&2; return 1; }
    done
    while read -r cell; do
        grep -qxF -- "$cell" "$T/doc/page-6.txt" || { echo "cell $cell: not in the PDF" >&2; return 1; }
    done < <(tail -n +2 "$T/chars.csv")
    # 200 000 characters in a cell: short lines in the .tex, the cell whole
    # in the PDF's text stream (what fits on the page: its start)
    [ "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' "$T/doc/b5.tex")" -le 1100 ]
    grep -q "^1 xyz,xyz,xyz,xyz," "$T/doc/page-7.txt"
    # a cell wider than the text width: a block of one column (\settowidth
    # of 4000 digits was past TeX's largest dimension), the cell running on
    # to the right of its line's name
    grep -qx 'k 1' "$T/doc/page-8.txt"
    grep -q '^v xxxxxxxxxx' "$T/doc/page-8.txt"
    # 200 000 characters (some 900 000pt) compile too; past 32768pt TeX's
    # box widths wrap around, so where the cell lands is not asserted
    grep -qx 'a 1' "$T/doc/page-9.txt"
}

@test "a value after \\* or a starred command, or starting with * after \\, prints whole (pdflatex, pdftotext)" {
    # \\* [3pt] took the cell [3pt] as its optional argument: the cell
    # vanished from the PDF.  \\ takes a star only right after it: after
    # a space the star is text, and so is what follows.
    printf 'a,b\n[3pt],*[2pt]\n' > "$T/star.csv"
    printf '%s\n' 'x\\*{{#rows}}{{data.a}}{{/rows}} y' '' 'p\\ * {{#rows}}{{data.a}}{{/rows}} q' '' \
        'r\\{{#rows}}{{data.b}}{{/rows}} s' '' 'u\\**{{#rows}}{{data.a}}{{/rows}} w' > "$T/star.tex"
    render_pages <<EOF
s1 $T/star.tex $T/star.csv
EOF
    grep -qxF 'x\\*{}[3pt] y' "$T/doc/s1.tex"
    grep -qxF '[3pt] y' "$T/doc/page-1.txt"
    grep -qxF '* [3pt] q' "$T/doc/page-1.txt" # \\ takes no star after a space
    grep -qxF '*[2pt] s' "$T/doc/page-1.txt"
    grep -qxF '*[3pt] w' "$T/doc/page-1.txt"
}

@test "a value prints whole next to the template's text or another value: no ligature, no longer control word (pdflatex, pdftotext, ru and en)" {
    # "range {{data.lo}}-{{data.hi}}" with hi = -5 printed "range 1–5"; "\S{{v}}"
    # wrote \Sabc, an undefined control sequence
    printf 'h,c,lq,rq,nd,e,w,m5,lt,gt\n-,",",‘,’,–,,abc,-5,<,>\n' > "$T/e.csv"
    cat > "$T/edges.tex" <<'EOF'
{{#rows}}
\noindent p1:1-{{data.m5}}\par
\noindent p2:{{data.h}}{{data.h}}\par
\noindent p3:{{data.c}}{{data.c}}\par
\noindent p4:{{data.h}}{{data.e}}{{data.h}}\par
\noindent p5:{{data.h}}-\par
\noindent p6:{{data.nd}}-\par
\noindent p7:–{{data.h}}\par
\noindent p8:{{data.lq}}{{data.lq}}\par
\noindent p9:{{data.rq}}{{data.rq}}\par
\noindent p10:`{{data.lq}}\par
\noindent p11:'{{data.rq}}\par
\noindent p12:{{data.c}},\par
\noindent p13:\S{{data.w}}\par
\noindent p14:{{data.lq}}`\par
\noindent p15:{{data.rq}}'\par
\noindent p16:-%
{{data.h}}\par
\noindent p17:{{data.nd}}{{data.h}}\par
\noindent p18:<{{data.lt}} >{{data.gt}}\par
\noindent p19:-{{data.nd}}\par
{{/rows}}
EOF
    local lang i
    local -a want=('1--5' -- ,, -- -- –- –- ‘‘ ’’ ‘‘ ’’ ,, §abc ‘‘ ’’ -- –- '<< >>' -–)
    for lang in ru en; do
        RENDER_LANG=$lang render_pages <<EOF
p $T/edges.tex $T/e.csv
EOF
        for i in "${!want[@]}"; do
            grep -qxF -- "p$((i + 1)):${want[i]}" "$T/doc/page-1.txt" ||
                { echo "$lang p$((i + 1)): want ${want[i]}, got $(grep "^p$((i + 1)):" "$T/doc/page-1.txt")" >&2; return 1; }
        done
        rm -r "$T/doc" "$T/build"
    done
}

@test "no data and a header without rows: both generic templates compile (pdflatex)" {
    printf 'n,a_n\n' > "$T/header.csv"
    printf 'n,a_n\n7,11\n' > "$T/one.csv"
    render_pages <<EOF
b0 table-booktabs.tex
k0 table-kvant.tex
b1 table-booktabs.tex $T/header.csv
k1 table-kvant.tex $T/header.csv
b2 table-booktabs.tex $T/one.csv
EOF
    grep -qx '%% no data, so no table (gametab render TEMPLATE DATA)' "$T/doc/b0.tex"
    grep -qx '%% no data, so no table (gametab render TEMPLATE DATA)' "$T/doc/k0.tex"
    # b0 and k0 make no page; b1 is its header; k1, no rows, the column of
    # the lines' names alone (it was an empty page: breaker round 34)
    grep -qx 'n a_n' "$T/doc/page-1.txt"
    [ "$(tr -d '\f ' <"$T/doc/page-2.txt" | grep -v '^$' | tr '\n' ' ')" = "n a_n " ]
    grep -qx 'n a_n' "$T/doc/page-3.txt"
    grep -qx '7 11' "$T/doc/page-3.txt"
}

# The text of the cells of CSV file $1 as the PDF reads them back, one
# line a row, blanks left out: each character render accepts beyond the
# repertoire (src/template/latex.c's list `declared`) as it reads.
cells_as_read() { # CSV
    python3 - "$1" "$BATS_TEST_DIRNAME/../src/template/latex.c" <<'EOF'
import csv, gzip, re, sys
src = open(sys.argv[2], encoding="utf-8").read()
table = src[src.index("} declared[] = {"):]
table = table[:table.index("};")]
reads = {int(cp, 16): re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), r)
         for cp, r in re.findall(r'\{0x([0-9A-F]+), "([^"]*)"\}', table)}
assert len(reads) >= 20, reads
with gzip.open(sys.argv[1], "rt", encoding="utf-8-sig", newline="") as f:
    for row in csv.reader(f):
        print("".join("".join(reads.get(ord(c), c) for c in cell if not c.isspace()) for cell in row))
EOF
}

@test "every CSV gametab writes renders through both generic templates, ru and en, and reads back right" {
    "$GAMETAB" build -o "$T/b" >/dev/null
    local -a csvs=("$T"/b/*.csv.gz)
    [ "${#csvs[@]}" -ge 14 ]
    local lang f i
    for lang in ru en; do
        i=0
        for f in "${csvs[@]}"; do
            i=$((i + 1))
            printf 'b%d table-booktabs.tex %s\nk%d table-kvant.tex %s\n' "$i" "$f" "$i" "$f"
        done | RENDER_LANG=$lang render_pages
        # it compiled; the document holds every row of every CSV (as the
        # booktabs pages print it), the characters beyond the repertoire as
        # they read
        cat "$T"/doc/page-*.txt | tr -d ' \f\n' >"$T/got.txt"
        for f in "${csvs[@]}"; do
            while read -r row; do
                grep -qF -- "$row" "$T/got.txt" ||
                    { echo "$lang, $(basename "$f"): row not in the PDF: $row" >&2; return 1; }
            done < <(cells_as_read "$f")
        done
    done
}

@test "every character the preamble declares renders, in a cell alone and between letters, and reads back as latex.c says, ru and en" {
    # The list `declared` of src/template/latex.c, a row a character: the
    # character alone, then between letters (Олійник's і, Ș in Știu).
    python3 - "$BATS_TEST_DIRNAME/../src/template/latex.c" >"$T/declared.csv" <<'EOF2'
import csv, re, sys
src = open(sys.argv[1], encoding="utf-8").read()
table = src[src.index("} declared[] = {"):]
table = table[:table.index("};")]
w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow(["c", "word"])
for cp in re.findall(r'\{0x([0-9A-F]+), "', table):
    ch = chr(int(cp, 16))
    w.writerow([ch, "ab" + ch + "cd"])
EOF2
    gzip -k "$T/declared.csv"
    [ "$(wc -l <"$T/declared.csv")" -ge 30 ]
    local lang
    for lang in ru en; do
        printf 'd table-booktabs.tex %s\n' "$T/declared.csv" | RENDER_LANG=$lang render_pages
        tr -d ' \f\n' <"$T/doc/page-1.txt" >"$T/got.txt"
        while read -r row; do
            grep -qF -- "$row" "$T/got.txt" ||
                { echo "$lang: not in the PDF as latex.c says: $row" >&2; return 1; }
        done < <(cells_as_read "$T/declared.csv.gz" | tail -n +2)
    done
}

@test "property: random CSV files through both generic templates come back exactly from the PDF" {
    run python3 "$BATS_TEST_DIRNAME/render-property.py" --cases 200 --per-doc 200
    printf '# %s\n' "${lines[@]}" >&3
    [ "$status" -eq 0 ]
}

@test "every character of the README's repertoire comes back from the PDF, one by one" {
    run python3 "$BATS_TEST_DIRNAME/render-property.py" --repertoire
    printf '# %s\n' "${lines[@]}" >&3
    [ "$status" -eq 0 ]
}
