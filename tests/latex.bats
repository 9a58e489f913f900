#!/usr/bin/env bats
# Every LaTeX fragment compiles with pdflatex inside a document that inputs
# its language's preamble.tex, with no overfull boxes.

load helpers

# The document is LaTeX's article at 10pt (the page of `gametab table
# --format tex`), or with PAGE a4 the A4 handout's page (11pt, 25mm side
# margins), which `gametab build` sizes its fragments for by default.
compile_fragment() { # DIR LANG NAME [PAGE]
    local dir=$1 lang=$2 name=$3 class='[a4paper]{article}' geometry=''
    if [ "${4:-}" = a4 ]; then
        class='[11pt,a4paper]{article}'
        geometry='\usepackage[a4paper,hmargin=25mm,top=20mm,bottom=25mm]{geometry}'
    fi
    cat > "$dir/$lang/doc-$name.tex" <<DOC
\\documentclass$class
\\input{preamble}
$geometry
\\begin{document}
\\input{$name}
\\end{document}
DOC
    if ! (cd "$dir/$lang" && "${PDFLATEX:-pdflatex}" -interaction=nonstopmode -halt-on-error \
            "doc-$name.tex" >/dev/null 2>&1); then
        echo "$lang/$name.tex does not compile:" >&2
        grep -A3 '^!' "$dir/$lang/doc-$name.log" >&2 || tail -20 "$dir/$lang/doc-$name.log" >&2
        return 1
    fi
    if grep -q 'Overfull' "$dir/$lang/doc-$name.log"; then
        echo "$lang/$name.tex: overfull box" >&2
        grep -A2 'Overfull' "$dir/$lang/doc-$name.log" >&2
        return 1
    fi
    [ -s "$dir/$lang/doc-$name.pdf" ]
    # Bitmap (Type 3) fonts mean a font size without a Type 1 font: blurry
    # print, text that cannot be searched or copied.
    if pdffonts "$dir/$lang/doc-$name.pdf" | grep -q 'Type 3'; then
        echo "$lang/$name.tex: bitmap fonts in the PDF" >&2
        pdffonts "$dir/$lang/doc-$name.pdf" >&2
        return 1
    fi
}

@test "pdflatex is installed (the quick start installs it)" {
    command -v "${PDFLATEX:-pdflatex}"
}

@test "every lang.KEY a template uses is in every language file" {
    local templates=$BATS_TEST_DIRNAME/../templates used lang missing
    used=$(grep -rhoE 'lang\.[A-Za-z0-9_-]+' "$templates"/*.tex "$templates"/*.txt |
        sed 's/^lang\.//' | sort -u)
    [ "$(wc -l <<<"$used")" -gt 50 ]
    for lang in "$templates"/lang/*.json; do
        missing=$(python3 -c 'import json, sys
strings = json.load(open(sys.argv[1]))
print(" ".join(k for k in sys.stdin.read().split() if not isinstance(strings.get(k), str) or not strings[k]))' \
            "$lang" <<<"$used")
        [ -z "$missing" ] || { echo "$(basename "$lang"): no $missing" >&2; return 1; }
    done
}

# A pair or a triple in the tool's own words is written as the tables write
# it, with the language's pair_sep: (12, 14) in English, (12; 14) in Russian
# (breaker round 26, F2 and F3: "(12; 14)" under an English caption of
# "(12, 14)", and the Russian three-colour section's "(0, 0, 1)" above a list
# of "(0; 0; 1)").  A parenthesis counts as a tuple when every part between
# its commas or semicolons is one short token: a number, a letter, a_n, t-2.
@test "every tuple of a language file is written with its pair_sep" {
    local lang
    for lang in "$BATS_TEST_DIRNAME"/../templates/lang/*.json; do
        python3 - "$lang" <<'PY'
import json, re, sys
strings = json.load(open(sys.argv[1], encoding="utf-8"))
sep = strings["pair_sep"].strip()
token = re.compile(r"^[\w+\-\u2212]{1,12}$")
tuples = bad = 0
for key, text in strings.items():
    for inner in re.findall(r"\(([^()]*)\)", text if isinstance(text, str) else ""):
        parts = [p.replace("~", "").strip() for p in re.split(r"[,;]", inner)]
        if len(parts) < 2 or not all(token.match(p) for p in parts):
            continue
        tuples += 1
        if set(re.findall(r"[,;]", inner)) != {sep}:
            print(f"{sys.argv[1]}: {key}: ({inner}) is not written with '{sep}'", file=sys.stderr)
            bad = 1
if tuples < 5:
    print(f"{sys.argv[1]}: only {tuples} tuples found: is the pattern still right?", file=sys.stderr)
    bad = 1
sys.exit(bad)
PY
    done
}

@test "every fragment of the build compiles, in Russian and in English" {
    gt build -o "$T/out"
    [ "$status" -eq 0 ]
    for lang in ru en; do
        for f in "$T/out/$lang"/*.tex; do
            name=$(basename "$f" .tex)
            # Documents, and figures needing TikZ: tests/handout.bats.
            case $name in preamble | handout | worksheet | figure-*) continue ;; esac
            compile_fragment "$T/out" "$lang" "$name" a4
        done
    done
}

@test "the Russian caption is real text in the PDF" {
    gt build -o "$T/out" --lang ru
    compile_fragment "$T/out" ru wythoff-p-positions a4
    pdftotext "$T/out/ru/doc-wythoff-p-positions.pdf" - | grep -q 'Проигрышные поля'
}

@test "both preambles in one document" {
    gt build -o "$T/out"
    printf '%s\n' '\documentclass{article}' '\input{ru/preamble}' '\input{en/preamble}' \
        '\begin{document}' '\input{ru/wythoff-p-positions}' '\end{document}' > "$T/out/both.tex"
    (cd "$T/out" && "${PDFLATEX:-pdflatex}" -interaction=nonstopmode -halt-on-error both.tex >/dev/null)
}

@test "long tables wrap into blocks and still compile" {
    for lang in ru en; do
        mkdir -p "$T/$lang"
        gt table wythoff-p-positions --count 3000 --lang $lang -o "$T/$lang/p.tex"
        [ "$status" -eq 0 ]
        gt table wythoff-frequencies --count 400 --lang $lang -o "$T/$lang/f.tex"
        [ "$status" -eq 0 ]
        "$GAMETAB" build -o "$T" --lang $lang >/dev/null
        compile_fragment "$T" $lang p
        compile_fragment "$T" $lang f
    done
}

@test "misère Nim and Kordemsky tables compile at larger sizes (page breaks, many blocks)" {
    for lang in ru en; do
        mkdir -p "$T/$lang"
        gt table misere-nim-p-positions --max 192 --lang $lang -o "$T/$lang/m.tex"
        [ "$status" -eq 0 ]
        gt table kordemsky-grundy --max 400 --lang $lang -o "$T/$lang/g.tex"
        [ "$status" -eq 0 ]
        gt table kordemsky-grundy --max 5 --lang $lang -o "$T/$lang/g5.tex"
        [ "$status" -eq 0 ]
        # four-digit piles: nine columns a block, not ten (3.8pt over;
        # breaker round 20, F6)
        gt table kordemsky-grundy --max 1000 --lang $lang -o "$T/$lang/g1000.tex"
        [ "$status" -eq 0 ]
        gt table kordemsky-start --max 999 --lang $lang -o "$T/$lang/s.tex"
        [ "$status" -eq 0 ]
        "$GAMETAB" build -o "$T" --lang $lang >/dev/null
        for f in m g g5 g1000 s; do
            compile_fragment "$T" $lang $f
        done
    done
}

# pdflatex stops at a longtable of 257 columns ("This can't happen (256
# spans)"): table-booktabs.tex declares 256 (gametab: columns at most), so
# render refuses 257 before writing, and the limit is the real one: 256
# compile, and the template without its declaration renders 257 that
# pdflatex cannot compile.  table-kvant.tex sets a column as a line: 1000
# compile.
@test "table-booktabs.tex: 256 columns compile, 257 are refused at render, as pdflatex would fail; table-kvant.tex compiles 1000" {
    mkdir -p "$T/d" "$T/plain"
    for n in 256 257 1000; do
        awk -v n=$n 'BEGIN { for (r = 0; r < 2; r++) for (i = 0; i < n; i++)
            printf "%s%s%d%s", i ? "," : "", r ? "" : "c", i, i == n - 1 ? "\n" : "" }' > "$T/w$n.csv"
    done
    gt render preamble.tex --lang en -o "$T/d/preamble.tex"
    [ "$status" -eq 0 ]
    gt render table-booktabs.tex "$T/w256.csv" -o "$T/d/b256.tex"
    [ "$status" -eq 0 ]
    gt render table-booktabs.tex "$T/w257.csv" -o "$T/d/b257.tex"
    assert_error 1
    [[ "$err" == "gametab: "*"/table-booktabs.tex: 257 columns: the template takes at most 256 ("*"256 spans"* ]]
    [ ! -e "$T/d/b257.tex" ]
    sed '/<<! gametab: columns at most/,/>>$/d' "$BATS_TEST_DIRNAME/../templates/table-booktabs.tex" \
        > "$T/plain/table-booktabs.tex"
    refute grep -q 'columns at most' "$T/plain/table-booktabs.tex"
    gt render table-booktabs.tex "$T/w257.csv" --templates "$T/plain" -o "$T/d/p257.tex"
    [ "$status" -eq 0 ]
    gt render table-kvant.tex "$T/w1000.csv" -o "$T/d/k1000.tex"
    [ "$status" -eq 0 ]
    for name in b256 p257 k1000; do
        printf '%s\n' '\documentclass{article}' '\input{preamble}' '\begin{document}' \
            "\\input{$name}" '\end{document}' > "$T/d/doc-$name.tex"
    done
    # Twice: the second run sets the longtable's widths from the first.
    for run in 1 2; do
        (cd "$T/d" && "${PDFLATEX:-pdflatex}" -interaction=nonstopmode -halt-on-error doc-b256.tex >/dev/null)
    done
    (cd "$T/d" && "${PDFLATEX:-pdflatex}" -interaction=nonstopmode -halt-on-error doc-k1000.tex >/dev/null)
    refute bash -c "cd '$T/d' && '${PDFLATEX:-pdflatex}' -interaction=nonstopmode -halt-on-error doc-p257.tex >/dev/null"
    grep -q "This can't happen (256 spans)" "$T/d/doc-p257.log"
    for name in b256 k1000; do
        pdftotext "$T/d/doc-$name.pdf" "$T/d/$name.txt"
        grep -qw c0 "$T/d/$name.txt"
    done
}

@test "fragments on a narrow text: the errata on A5, the frequencies' limits in a column of a two-column page (breaker round 20, F4, F5)" {
    "$GAMETAB" build --lang en -o "$T/out" >/dev/null
    "$GAMETAB" table wythoff-frequencies --format tex --lang en -o "$T/out/en/fr.tex"
    local cls
    # the errata's columns are shares of the line less their gaps (they
    # were 0.95 of it plus 16pt: 2pt over on A5)
    for cls in a5paper a4paper; do
        compile_clean "$T/out/en" e "[$cls]{article}" '\input{preamble}' '\begin{document}' \
            '\input{errata}'
    done
    # the frequencies' two limits, 95pt wider than a column on one line
    compile_clean "$T/out/en" f '[twocolumn]{article}' '\input{preamble}' '\begin{document}' \
        '\input{fr}'
}
