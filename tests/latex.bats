#!/usr/bin/env bats
# Every LaTeX fragment compiles with pdflatex inside a document that inputs
# its language's preamble.tex, with no overfull boxes.

load helpers

compile_fragment() { # DIR LANG NAME
    local dir=$1 lang=$2 name=$3
    cat > "$dir/$lang/doc-$name.tex" <<DOC
\\documentclass[a4paper]{article}
\\input{preamble}
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
}

@test "pdflatex is installed (the quick start installs it)" {
    command -v "${PDFLATEX:-pdflatex}"
}

@test "every fragment of the build compiles, in Russian and in English" {
    gt build -o "$T/out"
    [ "$status" -eq 0 ]
    for lang in ru en; do
        for f in "$T/out/$lang"/*.tex; do
            name=$(basename "$f" .tex)
            [ "$name" = preamble ] && continue
            compile_fragment "$T/out" "$lang" "$name"
        done
    done
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
