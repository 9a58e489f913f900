#!/usr/bin/env bats
# gametab table NAME --format pdf: the table's LaTeX document compiled with
# latexmk in a temporary directory, the PDF written atomically; --format tex
# --standalone: that document.  (The pages of a PDF table are checked with
# the handouts' in tests/handout.bats.)

load helpers

@test "--format pdf and -o x.pdf write a complete PDF of the table, on one page for the frequencies" {
    gt table wythoff-frequencies --format pdf -o "$T/f.pdf"
    [ "$status" -eq 0 ]
    [ -z "$out" ]
    [ -z "$err" ]
    [ "$(pdfinfo "$T/f.pdf" | awk '/^Pages:/ { print $2 }')" -eq 1 ]
    pdftotext "$T/f.pdf" - | grep -q 'Частоты чисел'
    # The source under the table.
    pdftotext "$T/f.pdf" - | tr '\n' ' ' | grep -q 'Матулис.*Квант. 1984. № 7.*Частоты чисел'
    # The format from the extension; English; nothing left beside the PDF.
    gt table wythoff-p-positions --count 40 --lang en -o "$T/p.pdf"
    [ "$status" -eq 0 ]
    pdftotext "$T/p.pdf" - | grep -q 'P-positions'
    [ "$(ls "$T" | grep -v '^std')" = "$(printf 'f.pdf\np.pdf')" ]
    # The same document as --format tex --standalone writes.
    gt table wythoff-p-positions --count 40 --lang en --format tex --standalone -o "$T/p.tex"
    [ "$status" -eq 0 ]
    grep -q '^\\documentclass' "$T/p.tex"
    grep -q '^\\end{document}' "$T/p.tex"
    (cd "$T" && latexmk -pdf -interaction=nonstopmode -halt-on-error p.tex >/dev/null 2>&1)
    "$GAMETAB" table wythoff-p-positions --count 40 --lang en -o "$T/direct.pdf"
    diff <(pdftotext "$T/p.pdf" -) <(pdftotext "$T/direct.pdf" -)
    # Without --standalone, a fragment.
    gt table wythoff-p-positions --format tex
    [[ "$out" != *'\documentclass'* ]]
}

@test "the frequencies at their LaTeX limit (5000 rows) are a PDF of every row, in order" {
    # One alignat* of 5000 lines took a minute of pdflatex (amsmath rebuilds
    # its list of every field's width for each field); the \halign under it
    # takes seconds (bench/run, section 5).  Its rows break across pages:
    # none lost or doubled.
    gt table wythoff-frequencies --count 5000 -o "$T/f.pdf"
    [ "$status" -eq 0 ]
    "$GAMETAB" table wythoff-frequencies --count 5000 -o "$T/f.csv"
    pdftotext "$T/f.pdf" "$T/f.txt"
    diff <(grep -o 'p[0-9]* = [0-9]*/[0-9]*' "$T/f.txt") \
         <(awk -F, 'NR > 1 { print "p" $1 " = " $2 "/" $1 }' "$T/f.csv")
    diff <(grep -o 'q[0-9]* = [0-9]*/[0-9]*' "$T/f.txt") \
         <(awk -F, 'NR > 1 { print "q" $1 " = " $3 "/" $1 }' "$T/f.csv")
    # The last row and the limits after the table.
    grep -q '^p5000 = 3090/5000 = 0,618,$' "$T/f.txt"
    grep -q '^q5000 = 1910/5000 = 0,382\.$' "$T/f.txt"
    grep -q '^lim qN = 2 =$' "$T/f.txt"
    grep -q '^≈ 0,3820\.$' "$T/f.txt"
}

@test "every table of gametab list compiles as a document, in Russian and in English" {
    # Each table's default size, as --format tex --standalone writes it (the
    # document --format pdf compiles); one pdflatex run each, two at a time.
    for name in $("$GAMETAB" list | awk '/^[^ ]/ { print $1 }'); do
        for lang in ru en; do
            "$GAMETAB" table "$name" --lang "$lang" --format tex --standalone -o "$T/$name-$lang.tex"
        done
    done
    [ "$(ls "$T"/*.tex | wc -l)" -ge 26 ]
    (cd "$T" && ls *.tex | xargs -P 2 -I{} sh -c \
        'pdflatex -draftmode -interaction=nonstopmode -halt-on-error {} >/dev/null 2>&1 || echo {} >>failed')
    if [ -e "$T/failed" ]; then
        for f in $(cat "$T/failed"); do grep -m1 -A2 '^!' "$T/${f%.tex}.log" >&2 || true; done
        echo "do not compile: $(cat "$T/failed")" >&2
        false
    fi
    # The Chinese article's source in Latin letters, as the handout cites it.
    grep -q 'Feng Yuefeng, .*Sanse qi boyi wenti' "$T/misere-nim-p-positions-en.tex"
}

@test "a PDF table is the same bytes each time: its dates are SOURCE_DATE_EPOCH's, 1980-01-01 by default" {
    gt table wythoff-p-positions --count 5 -o "$T/a.pdf"
    [ "$status" -eq 0 ]
    sleep 1
    gt table wythoff-p-positions --count 5 -o "$T/b.pdf"
    [ "$status" -eq 0 ]
    cmp "$T/a.pdf" "$T/b.pdf"
    pdfinfo -isodates "$T/a.pdf" | grep -q '^CreationDate: *1980-01-01T00:00:00'
    SOURCE_DATE_EPOCH=1000000000 gt table wythoff-p-positions --count 5 -o "$T/c.pdf"
    [ "$status" -eq 0 ]
    pdfinfo -isodates "$T/c.pdf" | grep -q '^ModDate: *2001-09-09T01:46:40'
}

# gametab with only the programs of $T/bin on the PATH: $status, $err.
without_tex() {
    set +e
    env PATH="$T/bin" "$GAMETAB" "$@" >"$T/stdout" 2>"$T/stderr"
    status=$?
    set -e
    err=$(cat "$T/stderr")
}

@test "without TeX, the error names the Debian package; a LaTeX error is the log's first" {
    # No latexmk on the PATH.
    mkdir "$T/bin"
    without_tex table wythoff-frequencies -o "$T/f.pdf"
    assert_error 1
    [[ "$err" == *"latexmk not found: install the Debian package latexmk"* ]]
    [ ! -e "$T/f.pdf" ]
    # latexmk, but no pdflatex.
    ln -s "$(command -v latexmk)" "$T/bin/latexmk"
    without_tex table wythoff-frequencies -o "$T/f.pdf"
    assert_error 1
    [[ "$err" == *"pdflatex not found: install the Debian package texlive-latex-base"* ]]
    [ ! -e "$T/f.pdf" ]
    # A template with an undefined command: the first error of the log, and
    # an existing file left as it was.
    mkdir "$T/mine"
    sed 's/^\\par\\begingroup/\\gametabnosuchcommand\\par\\begingroup/' \
        "$BATS_TEST_DIRNAME/../templates/wythoff-frequencies.tex" >"$T/mine/wythoff-frequencies.tex"
    echo keep >"$T/f.pdf"
    mkdir "$T/tmp"
    TMPDIR="$T/tmp" gt table wythoff-frequencies --templates "$T/mine" -o "$T/f.pdf"
    assert_error 1
    [[ "$err" == *"wythoff-frequencies: pdflatex failed: Undefined control sequence"* ]]
    # Where: the line of the standalone document, which that command shows,
    # and the text there.
    line=$(echo "$err" | sed -n 's/.*(line \([0-9]*\) of what --format tex --standalone writes, at .*\\gametabnosuchcommand)$/\1/p')
    [ -n "$line" ]
    "$GAMETAB" table wythoff-frequencies --templates "$T/mine" --format tex --standalone |
        sed -n "${line}p" | grep -q gametabnosuchcommand
    [ "$(cat "$T/f.pdf")" = keep ]
    # The temporary directory is gone.
    [ -z "$(ls -A "$T/tmp")" ]
}

@test "--standalone goes with --format tex only" {
    gt table wythoff-p-positions --standalone
    assert_error 2
    [[ "$err" == *"--standalone: does not apply to --format csv (only to tex)"* ]]
    gt table wythoff-p-positions --standalone --format pdf -o "$T/x.pdf"
    assert_error 2
    [ ! -e "$T/x.pdf" ]
}

@test "the source line of every table's PDF cites the article as the handout does: ru in Russian, en in English" {
    local name lang pages src latin
    for name in $("$GAMETAB" list | awk '/^[^ ]/ {print $1}'); do
        for lang in ru en; do
            "$GAMETAB" table "$name" --lang "$lang" -o "$T/$name-$lang.pdf"
            pages=$(pdfinfo "$T/$name-$lang.pdf" | awk '/^Pages:/ {print $2}')
            # the source: the last paragraph of the last page, from its
            # first author on
            pdftotext -f "$pages" -l "$pages" "$T/$name-$lang.pdf" - |
                awk '/^(А\. |И\. М\.|Фэн |A\. |I\. M\.|Feng )/ { s = "" } { s = s " " $0 } END { print s }' \
                    >"$T/source"
            src=$(cat "$T/source")
            [ -n "$src" ] || { echo "$name $lang: no source line" >&2; return 1; }
            if [ "$lang" = ru ]; then
                grep -q 'Квант\|Фэн Юэфэн\|Тетерко' "$T/source"
                # Latin script only in the names of symbols: p_N, a_n, k,
                # Gr, the tables I, Ia, II, IIa, IIb; and the Chinese
                # title's transliteration, «(кит. Sanse qi boyi wenti)»
                latin=$(sed 's/(кит\. [^()]*)//g' "$T/source" | grep -o '[A-Za-z]\+' | grep -vx '[A-Za-z]\|[pqab][Nn]\|I\|Ia\|II\|IIa\|IIb\|Gr' || true)
                [ -z "$latin" ] || { echo "$name ru: Latin words in the source: $latin: $src" >&2; return 1; }
                refute grep -q 'p_N\|a_n\|Kvant\|no\.' "$T/source"
            else
                grep -q 'Kvant\|Feng Yuefeng\|Teterko' "$T/source"
                # Cyrillic only in the original titles, in parentheses
                sed 's/([^()]*)//g' "$T/source" >"$T/outside"
                refute grep -q '[А-Яа-яЁё]' "$T/outside"
                refute grep -q 'p_N\|a_n\|//' "$T/source"
            fi
        done
    done
}

@test "a PDF table's source line ends the page of the table's end: never alone on the last page, never split from it (breaker round 18, F11)" {
    # Sizes at which the source line was alone on the last page: after a
    # block of a horizontal table (LaTeX invites a break where center
    # ends), after the frequencies' limits (a break after a display), after
    # a paragraph (the misère list, property 3's note), after a longtable
    # (longtable invites a break where it ends).
    local args pages first
    for args in "nim-p-positions --count 60 --radix 4" "wythoff-p-positions --count 308" \
        "wythoff-frequencies --count 296" "misere-nim-p-positions --max 65" \
        "wythoff-property3 --count 50" "kordemsky-start --max 7760"; do
        # shellcheck disable=SC2086 # the table and its options
        "$GAMETAB" table $args -o "$T/t.pdf"
        pages=$(pdfinfo "$T/t.pdf" | awk '/^Pages:/ {print $2}')
        [ "$pages" -ge 2 ] # a table that fills a page and more
        # the last page: the source's first line is not its first line
        pdftotext -f "$pages" -l "$pages" -layout "$T/t.pdf" - | grep -v '^[[:space:]]*$' >"$T/last"
        first=$(grep -n '^ *\(А\. Ю\. Матулис\|И\. М\. Яглом\|Фэн Юэфэн\|А\. Тетерко\)' "$T/last" | cut -d: -f1)
        [ -n "$first" ] || { echo "$args: the source is not on the last page" >&2; return 1; }
        [ "$first" -gt 1 ] || { echo "$args: the source alone on page $pages" >&2; return 1; }
    done
    # Nor a paragraph split by the page break: property 3's two-line note
    # began a page's last line and ended on the next (breaker round 20, F3).
    "$GAMETAB" table wythoff-property3 --count 400 --lang en -o "$T/p.pdf"
    pages=$(pdfinfo "$T/p.pdf" | awk '/^Pages:/ {print $2}')
    pdftotext -f "$pages" -l "$pages" "$T/p.pdf" - | tr '\n' ' ' >"$T/last"
    grep -q 'The index of a pair' "$T/last"
    grep -q 'exercise 4)' "$T/last"
}

@test "--format pdf on a terminal: a line says latexmk runs, with the time spent, erased at the end; none with --quiet (breaker round 19, F5)" {
    # script(1) gives gametab a terminal; 1500 rows take latexmk seconds.
    script -qec "'$GAMETAB' table wythoff-fibonacci --count 1500 -o '$T/f.pdf'" /dev/null >"$T/tty.txt"
    [ -s "$T/f.pdf" ]
    tr '\r' '\n' <"$T/tty.txt" >"$T/lines"
    grep -Eq '^gametab: compiling the PDF \(latexmk -pdf\), [0-9]+:[0-9]{2} elapsed' "$T/lines"
    [ "$(tail -c 4 "$T/tty.txt" | od -An -c | tr -d ' \n')" = '\r033[K' ]
    script -qec "'$GAMETAB' table wythoff-fibonacci --count 1500 --quiet -o '$T/q.pdf'" /dev/null >"$T/quiet.txt"
    [ ! -s "$T/quiet.txt" ]
    cmp "$T/f.pdf" "$T/q.pdf"
}

@test "Ctrl-Z during a PDF stops latexmk's group with gametab, fg continues both, and the stop does not count against the time limit (breaker round 45, F10)" {
    # gametab in a process group of its own under a parent of the same
    # session, as a shell's job is, so that SIGTSTP stops it.  Stopped 8 s
    # under a limit of 6 s: latexmk ran on alone before, and on fg the
    # compile was reported as past the limit.
    cat > "$T/stop.py" <<'PY'
import os, signal, subprocess, sys, time
gametab, pdf, csv = sys.argv[1:4]
env = dict(os.environ, GAMETAB_TEX_SECONDS_MAX="6")
def state(pid):
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]
def latexmk(parent):
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if fields[1] == str(parent) and open(f"/proc/{pid}/comm").read().strip() == "latexmk":
                return int(pid)
        except (OSError, IndexError):
            pass
p = subprocess.Popen([gametab, "table", "wythoff-p-positions", "-o", pdf], env=env, process_group=0)
for _ in range(3000):
    child = latexmk(p.pid)
    if child:
        break
    time.sleep(0.01)
assert child, "no latexmk"
os.kill(p.pid, signal.SIGTSTP)
time.sleep(0.5)
assert state(p.pid) == "T", "gametab not stopped"
assert state(child) == "T", "latexmk not stopped: " + state(child)
time.sleep(8)
os.kill(p.pid, signal.SIGCONT)
assert p.wait() == 0
# Stopped and continued while it writes: no write is cut short (the
# handler restarts them), the file is whole.
p = subprocess.Popen([gametab, "table", "wythoff-p-positions", "--count", "400000", "-o", csv],
                     process_group=0)
for _ in range(5):
    time.sleep(0.05)
    os.kill(p.pid, signal.SIGTSTP)
    time.sleep(0.05)
    os.kill(p.pid, signal.SIGCONT)
assert p.wait() == 0
PY
    run python3 "$T/stop.py" "$GAMETAB" "$T/x.pdf" "$T/p.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    pdftotext "$T/x.pdf" - | grep -q 'P-позиции\|Проигрышные'
    [ "$(wc -l < "$T/p.csv")" -eq 400001 ]
}
