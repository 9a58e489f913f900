#!/usr/bin/env bats
# The command line: help, version, list, and every kind of bad argument.

load helpers

# What the completion (completion/gametab, sourced) offers after WORDs.
complete_words() { # WORD...
    COMP_WORDS=(gametab "$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _gametab
    printf '%s\n' "${COMPREPLY[@]}" | sort
}

# offered_iff_refused OPTION PATTERN WHAT: fails, naming WHAT and OPTION,
# unless the completion offered --OPTION ($T/offered, one word a line)
# exactly when the program refused it: when its message ($T/err) matches
# the extended regular expression PATTERN.
offered_iff_refused() {
    local offered=no refused=no
    if grep -Eq -- "$2" "$T/err"; then
        refused=yes
    fi
    if grep -qx -- "--$1" "$T/offered"; then
        offered=yes
    fi
    [ $offered != $refused ] ||
        { echo "$3 --$1: offered $offered, refused $refused: $(cat "$T/err")" >&2; return 1; }
}

@test "--help (or -h) and --version work for the program and every command" {
    for cmd in "" list table figure render verify build; do
        gt $cmd --help
        [ "$status" -eq 0 ]
        [[ "$out" == Usage:* ]]
        [ -z "$err" ]
        help=$out
        gt $cmd -h # as `gametab -h` (it was an unknown option after a command)
        [ "$status" -eq 0 ]
        [ "$out" = "$help" ]
        [ -z "$err" ]
        gt $cmd --version
        [ "$status" -eq 0 ]
        [[ "$out" == "gametab "* ]]
    done
}

@test "gametab help [COMMAND [ARG...]] is gametab [COMMAND [ARG...]] --help, and completes as it (newcomer 26: help was an unknown command)" {
    for cmd in "" list table figure render verify build; do
        gt help $cmd
        [ "$status" -eq 0 ]
        [ -z "$err" ]
        diff <(echo "$out") <("$GAMETAB" $cmd --help)
    done
    diff <("$GAMETAB" help table nim-p-positions) <("$GAMETAB" table nim-p-positions --help)
    "$GAMETAB" --help | grep -q 'gametab help COMMAND'
    gt help nosuch
    [ "$status" -eq 2 ]
    [ "$err" = "gametab: nosuch: unexpected after help (a command's help: gametab COMMAND --help)" ]
    # help's help is help in every spelling (breaker round 54, F3: help help
    # was, --help help and help -h were usage errors)
    for words in "help help" "--help help" "-h help" "help --help" "help -h" "--help --help" "--he help"; do
        # shellcheck disable=SC2086 # the words split on purpose
        diff <("$GAMETAB" $words) <("$GAMETAB" --help)
    done
    diff <("$GAMETAB" -h help table) <("$GAMETAB" table --help)
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    [ "$(complete_words help ta)" = table ]
    [ "$(complete_words help table nim-p)" = nim-p-positions ]
    diff <(complete_words help '') <(complete_words --help '')
}

@test "table NAME --help gives that table's parameters only, figure NAME --help that figure's; an unknown NAME every one, saying it is none (newcomer 26: every table was listed; breaker round 53, F3)" {
    tables=$("$GAMETAB" table --help | sed -n '/^Tables and their parameters:/,$s/^  \([a-z0-9-]*\)$/\1/p')
    [ "$(echo "$tables" | wc -l)" -ge 12 ]
    for t in $tables; do
        "$GAMETAB" table "$t" --help >"$T/one"
        [ "$(sed -n '/^Its parameters (every table.s: gametab table --help):$/,$s/^  \([a-z0-9-]*\)$/\1/p' "$T/one")" = "$t" ]
        # its block is the one the whole list gives
        diff <(sed -n '/^Its parameters/,$p' "$T/one" | tail -n +2) \
            <("$GAMETAB" table --help | awk -v t="$t" '/^  [a-z0-9-]+$/ { on = $1 == t } on')
        [ "$(awk 'length > 80' "$T/one")" = "" ]
    done
    "$GAMETAB" table wythoff-grundy --help | grep -q -- '--max: '
    [ -z "$("$GAMETAB" table wythoff-grundy --help | grep -- '    --radix: ')" ]
    figures=$("$GAMETAB" figure --help | sed -n 's/^  \([a-z-]*\) (table .*/\1/p')
    for f in $figures; do
        [ "$("$GAMETAB" figure "$f" --help | sed -n 's/^  \([a-z-]*\) (table .*/\1/p')" = "$f" ]
        "$GAMETAB" figure "$f" --help | grep -qx "Its table and parameters (every figure's: gametab figure --help):"
    done
    # a NAME that is none: every one, saying so (breaker round 53, F3)
    diff <("$GAMETAB" table wythoff-grundi --help) \
        <("$GAMETAB" table --help | sed 's/^Tables and their parameters:$/Tables and their parameters (no table is named wythoff-grundi):/')
    "$GAMETAB" help table wythoff-grundi | grep -qx 'Tables and their parameters (no table is named wythoff-grundi):'
    # the word right after --help names it too; help help is help; a name
    # not fit to be shown back (a control, cut UTF-8, empty, long) is "as
    # given" (a short check of round 53's fix, F2-F4)
    diff <("$GAMETAB" table --help wythoff-game) <("$GAMETAB" table wythoff-game --help)
    diff <("$GAMETAB" help help table wythoff-game) <("$GAMETAB" table wythoff-game --help)
    for bad in $'\e[31mx' $'\xd0' '' "$(printf 'a%.0s' {1..65})"; do
        "$GAMETAB" table "$bad" --help | grep -qx 'Tables and their parameters (no table is named as given):'
    done
    "$GAMETAB" table 'жx' --help | grep -qx 'Tables and their parameters (no table is named жx):'
    diff <("$GAMETAB" figure nosuch --help) \
        <("$GAMETAB" figure --help | sed 's/^Figures, the tables they draw, and their parameters:$/Figures, their tables and parameters (no figure is named nosuch):/')
}

@test "list names each table with its source" {
    gt list
    [ "$status" -eq 0 ]
    # One entry per table (its line and the indented lines that continue it,
    # wrapped to 80 columns), the tables `table --help` describes, in its order.
    out=$(echo "$out" | sed -z 's/\n  */ /g')
    "$GAMETAB" table --help | sed -n '/^Tables and their parameters:/,$s/^  \([a-z0-9-]*\)$/\1/p' >"$T/help"
    [ -s "$T/help" ]
    echo "$out" | awk '{print $1}' | diff - "$T/help"
    echo "$out" | grep -q '^wythoff-p-positions .*Matulis & Savukinas.*Kvant 1984 no. 7'
    echo "$out" | grep -q '^wythoff-frequencies .*Kvant 1984 no. 7'
}

@test "table writes CSV to standard output by default" {
    gt table wythoff-p-positions
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | head -3 | tr '\n' ' ')" = "n,a_n,b_n 0,0,0 1,1,2 " ]
    [ "$(echo "$out" | wc -l)" -eq 14 ]
    [ "$(echo "$out" | tail -1)" = "12,19,31" ]
}

@test "table --count sets the number of rows" {
    gt table wythoff-frequencies --count 3
    [ "$status" -eq 0 ]
    [ "$out" = "$(printf 'N,A_N,B_N,p_N,q_N\n1,1,0,1.000000000000,0.000000000000\n2,1,1,0.500000000000,0.500000000000\n3,2,1,0.666666666667,0.333333333333')" ]
}

@test "table --format tex and csv.gz on standard output" {
    gt table wythoff-p-positions --format tex --lang en
    [ "$status" -eq 0 ]
    [[ "$out" == *"P-positions"* ]]
    "$GAMETAB" table wythoff-p-positions --format csv.gz | gzip -dc | head -2 > "$T/head"
    [ "$(cat "$T/head")" = "$(printf 'n,a_n,b_n\n0,0,0')" ]
}

@test "the format follows the extension of -o" {
    gt table wythoff-p-positions -o "$T/p.csv.gz"
    [ "$status" -eq 0 ]
    gzip -t "$T/p.csv.gz"
    gt table wythoff-p-positions -o "$T/p.gz"
    [ "$status" -eq 0 ]
    gzip -t "$T/p.gz"
    gt table wythoff-p-positions -o "$T/p.tex"
    [ "$status" -eq 0 ]
    grep -q 'begin{tabular}' "$T/p.tex"
    # .ltx and .latex, any case, are LaTeX names as for render's templates
    # (breaker round 26, F7: "cannot tell the format of 'x.ltx'")
    for name in p.ltx p.LATEX; do
        gt table wythoff-p-positions -o "$T/$name"
        [ "$status" -eq 0 ]
        cmp "$T/p.tex" "$T/$name"
    done
    gt table wythoff-p-positions -o "$T/p.csv"
    [ "$status" -eq 0 ]
    [ "$(head -1 "$T/p.csv")" = "n,a_n,b_n" ]
    gt table wythoff-p-positions --format csv -o "$T/p.txt"
    [ "$status" -eq 0 ]
    [ "$(head -1 "$T/p.txt")" = "n,a_n,b_n" ]
}

@test "usage errors: exit 2, one line on stderr naming the argument" {
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        gt $args
        assert_error 2 || { echo "for: gametab $args" >&2; return 1; }
        [[ "$err" == *"$want"* ]] || { echo "for: gametab $args: '$err' lacks '$want'" >&2; return 1; }
    done <<'CASES'
|COMMAND: missing (list, table
frobnicate|frobnicate: unknown command
table|missing table name
table no-such-table|no-such-table: no such table
table wythoff-p-positions --count -1|--count: '-1' is not a non-negative whole number
table wythoff-p-positions --count abc|--count: 'abc' is not a non-negative whole number
table wythoff-p-positions --count 99999999999999999999999|--count: 99999999999999999999999 is out of range for table wythoff-p-positions (1..7046029254386353131)
table wythoff-p-positions --count 12x|--count: '12x'
table wythoff-p-positions --count=|--count: '' is not a non-negative whole number
table wythoff-p-positions --count 0|--count: 0 is out of range
table wythoff-p-positions --count 7046029254386353132|out of range for table wythoff-p-positions (1..7046029254386353131)
table wythoff-frequencies --count 7046029254386353130|out of range for table wythoff-frequencies (1..7046029254386353129)
table wythoff-p-positions --format xls|--format: unknown format 'xls'
table wythoff-p-positions --lang fr|--lang: unknown language 'fr'
table wythoff-p-positions --frobnicate|--frobnicate: unknown option
table wythoff-p-positions --count|--count: option needs a value
table wythoff-p-positions -o|-o: option needs a value
table wythoff-p-positions -o table.xls|cannot tell the format
table wythoff-p-positions --format tex --count 5001|at most 5000 rows
table wythoff-p-positions --block-columns 0|--block-columns: 0 is out of range
table wythoff-p-positions --level 10|--level: 10 is out of range (0..9)
table wythoff-p-positions --jobs 0|--jobs: 0 is out of range (1..64)
table wythoff-p-positions --jobs 65|--jobs: 65 is out of range (1..64)
table wythoff-p-positions extra|unexpected argument 'extra'
list extra|unexpected argument 'extra'
build extra|unexpected argument 'extra'
build --lang de|--lang: unknown language 'de'
build -o|-o: option needs a value
build --paper a3|--paper: unknown paper 'a3' (a4 or a5)
build --start 31,0|--start: 31 is out of range for build's figure wythoff-game (0..30)
build --start 1|--start: '1' is not A,B
table wythoff-p-positions --f 2|--f: ambiguous option: --from, --format
table wythoff-p-positions --quiet=1|--quiet: option takes no value
table wythoff-p-positions --count 2 extra another|unexpected argument 'extra'
table nim-p-positions --radix 5|--radix: 5 is out of range for table nim-p-positions (2 or 4)
table wythoff-game --start 1,2,3|--start: '1,2,3' is not A,B (two whole numbers, a comma between)
figure|missing figure name
figure wythoff-game --heaps 2|--heaps: unknown option
figure wythoff-board --count 0|--count: 0 is out of range for figure wythoff-board
render|missing template
render a b c|unexpected argument 'c'
verify --max 0|--max: 0 is out of range (1..1000: a factor on the bounds)
verify --claim nosuch|--claim: nosuch: no such claim
CASES
}

@test "an option that does not apply to the format asked for is a usage error" {
    # One rule for all: --no-color on a table without colour, --level with
    # csv, --lang with json, -o with verify --list each name why.
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        gt table $args
        assert_error 2 || { echo "for: gametab table $args" >&2; return 1; }
        [ "$err" = "gametab: $want" ] || { echo "for: gametab table $args: '$err'" >&2; return 1; }
    done <<'CASES'
wythoff-p-positions --level 1|--level: does not apply to --format csv (only to csv.gz)
wythoff-p-positions --jobs 2 --format tex|--jobs: does not apply to --format tex (only to csv.gz)
wythoff-p-positions --lang en --format json|--lang: does not apply to --format json (only to tex, pdf)
wythoff-p-positions --block-columns 3 -o x.csv.gz|--block-columns: does not apply to --format csv.gz (only to tex, pdf)
wythoff-p-positions --templates .|--templates: does not apply to --format csv (only to tex, pdf)
nim-p-positions --no-color|--no-color: does not apply to --format csv (only to tex, pdf)
wythoff-grundy --no-color --format tex|--no-color: not a parameter of table wythoff-grundy
CASES
    cd "$T"
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        gt verify --list $args
        if ! assert_error 2 || [ "$err" != "gametab: $want" ]; then
            echo "for: verify --list $args" >&2
            return 1
        fi
    done <<'CASES'
--max 2|--max: does not apply to --list (only to the report)
--claim feng|--claim: does not apply to --list (only to the report)
--lang ru|--lang: does not apply to --list (only to the report)
--output x|-o: does not apply to --list (only to the report)
CASES
    [ ! -e x ]
    # Where they apply, they are taken.
    gt table nim-p-positions --count 2 --no-color --lang en --block-columns 2 --format tex
    [ "$status" -eq 0 ]
    [[ "$out" != *red* ]]
    gt table wythoff-p-positions --count 2 --level 1 --jobs 2 --quiet --format csv.gz
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$out" | head -c 2 | od -An -tx1 | tr -d ' ')" = 1f8b ]
}

@test "the largest count is accepted (checked without writing the rows)" {
    # The top of the range passes validation: with -o in a missing directory
    # the run fails at open (exit 1), not at the count (exit 2).
    gt table wythoff-p-positions --count 7046029254386353131 -o "$T/missing/x.csv"
    assert_error 1
}

@test "an error is one line, whatever the argument holds" {
    gt table $'wythoff\np'
    assert_error 2
    [ "$err" = "gametab: wythoff?p: no such table (see gametab list)" ]
    gt table wythoff-p-positions -o ''
    assert_error 2
    [ "$err" = "gametab: -o: the file name is empty" ]
}

@test "options may follow the arguments, even with POSIXLY_CORRECT" {
    POSIXLY_CORRECT=1 gt table wythoff-p-positions --count 2
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | wc -l)" -eq 3 ]
    gt table --count 2 -- wythoff-p-positions
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | wc -l)" -eq 3 ]
}

@test "--help, the man page and the completion offer the same options and names" {
    # gametab.1 and the completion are made by the build from the specs
    # --help prints; each list below is read from the program's output.
    cd "$(dirname "$GAMETAB")"
    [ -f gametab.1 ]
    [ -f completion/gametab ]
    MANWIDTH=80 man --warnings ./gametab.1 >"$T/man.txt" 2>"$T/man.err"
    [ ! -s "$T/man.err" ] || { cat "$T/man.err" >&2; return 1; }
    grep -q '^COMMANDS' "$T/man.txt"
    # every exit status, a signal's too, and build's use of TMPDIR (breaker
    # round 22, F4)
    tr -s ' \n' ' ' <"$T/man.txt" | grep -q '128 + N when signal N stopped it'
    "$GAMETAB" --help | tr -s ' \n' ' ' | grep -q '128 + N when signal N stopped it'
    tr -s ' \n' ' ' <"$T/man.txt" | grep -q "and build's gametab.xlsx, write"
    # No word hyphenated at a line's end, at 80 columns or 60: options,
    # template names and TeX commands are copied from the page (breaker
    # round 17: --ver-sion, ta-ble-booktabs.tex, \pgf-plotsset).
    MANWIDTH=60 man ./gametab.1 2>/dev/null >"$T/man60.txt"
    if grep -n $'\u2010$\|[a-z]-$' "$T/man.txt" "$T/man60.txt" | grep -v -- ' --*$' >&2; then
        return 1
    fi
    # shellcheck source=/dev/null
    source completion/gametab
    commands=$("$GAMETAB" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p')
    [ "$(echo "$commands" | wc -l)" -ge 6 ]
    # and help, the word for --help
    [ "$(complete_words '' | grep -v -e '^--' -e '^help$')" = "$(echo "$commands" | sort)" ]
    complete_words '' | grep -qx help
    for cmd in $commands; do
        "$GAMETAB" "$cmd" --help | sed -n 's/^  \(-., \)\{0,1\}--\([a-z-]*\).*/\2/p' | sort >"$T/help"
        sed 's/\\-/-/g' gametab.1 | awk -v cmd="$cmd" '
            /^\.S[SH] / { on = index($0, ".SS \"gametab " cmd) == 1; next }
            on && tp { if (match($0, /--[a-z-]+/)) print substr($0, RSTART + 2, RLENGTH - 2) }
            { tp = $0 == ".TP" }' | sort >"$T/man"
        # --help says a negatable option once, as --no-NAME; the completion
        # offers --NAME too, which the parser also reads.
        complete_words "$cmd" -- | grep -vx -e --help -e --version | sed 's/^--//' |
            awk '{ w[NR] = $0; offered[$0] = 1 } END { for (i = 1; i <= NR; i++) if (!offered["no-" w[i]]) print w[i] }' \
            >"$T/completion"
        diff "$T/help" "$T/man" || { echo "$cmd: --help and the man page differ" >&2; return 1; }
        diff "$T/help" "$T/completion" || { echo "$cmd: --help and the completion differ" >&2; return 1; }
    done
    # The table, figure and claim names, and an option's choices.
    "$GAMETAB" list | awk '/^[^ ]/ {print $1}' | sort >"$T/tables"
    diff "$T/tables" <(complete_words table '')
    "$GAMETAB" figure --help | sed -n 's/^  \([a-z-]*\) (table .*/\1/p' | sort >"$T/figures"
    [ -s "$T/figures" ]
    diff "$T/figures" <(complete_words figure '')
    "$GAMETAB" verify --list | awk '/^[^ ]/ {print $1}' | sort >"$T/claims"
    diff "$T/claims" <(complete_words verify --claim '')
    [ "$(complete_words table x --format '' | tr '\n' ' ')" = "csv csv.gz json pdf tex xlsx " ]
    [ "$(complete_words build --paper = '' | tr '\n' ' ')" = "a4 a5 " ]
    # render --separator: its choices, ';' and '|' quoted for the shell
    [ "$(complete_words render t.tex --separator '' | LC_ALL=C sort | tr '\n' ' ')" = ', \; \| tab ' ]
    # Options and their values are not arguments: the table name is still
    # the first, and table takes no second.
    [ "$(complete_words table --count = 5 -o x.csv nim-p)" = nim-p-positions ]
    [ -z "$(complete_words table nim-p-positions '')" ]
    # Once the table is named, only its parameters, and the values of one
    # that takes a few (--radix 2 or 4, not 3)
    [ "$(complete_words table wythoff-grundy --f | tr '\n' ' ')" = "--format " ]
    [ "$(complete_words table --quiet wythoff-grundy --m | tr '\n' ' ')" = "--max " ]
    [ "$(complete_words table --f | tr '\n' ' ')" = "--format --from " ]
    [ "$(complete_words table nim-p-positions --radix '' | tr '\n' ' ')" = "2 4 " ]
    [ "$(complete_words table -o x.csv nim-p-positions --radix = '' | tr '\n' ' ')" = "2 4 " ]
    [ "$(complete_words table wythoff-k-heaps --heaps '' | tr '\n' ' ')" = "$(seq -s ' ' 1 8) " ]
    [ -z "$(complete_words table wythoff-grundy --max '')" ]
    # As the parser reads the line: a prefix names its option (--cou takes a
    # value, --fo is --format, --out is -o), -oFILE holds its value, after
    # -- every word is an argument, and a negatable parameter has two forms.
    [ "$(complete_words table --cou 5 nim-p)" = nim-p-positions ]
    [ "$(complete_words table --out x.csv nim-p)" = nim-p-positions ]
    [ "$(complete_words table -ox.csv nim-p)" = nim-p-positions ]
    [ "$(complete_words table --fo '' | tr '\n' ' ')" = "csv csv.gz json pdf tex xlsx " ]
    [ "$(complete_words table nim-p-positions --rad = '' | tr '\n' ' ')" = "2 4 " ]
    [ "$(complete_words build --pa '' | tr '\n' ' ')" = "a4 a5 " ]
    [ -z "$(complete_words table -- --c)" ]
    [ "$(complete_words table -- nim-p)" = nim-p-positions ]
    [ "$(complete_words table nim-p-positions --co | tr '\n' ' ')" = "--color --count " ]
    [ "$(complete_words table nim-p-positions --no | tr '\n' ' ')" = "--no-color " ]
    [ "$(complete_words table wythoff-p-positions --co | tr '\n' ' ')" = "--count " ]
    mkdir "$T/files"
    touch "$T/files/-x.csv"
    [ "$(cd "$T/files" && complete_words render -- -)" = -x.csv ]
    [ "$(cd "$T/files" && complete_words render t.tex -- -)" = -x.csv ]
}

@test "every command's --lang says its default (render's did not: breaker round 15)" {
    for cmd in table figure render verify build; do
        gt $cmd --help
        [ "$status" -eq 0 ]
        line=$(echo "$out" | sed -z 's/\n      */ /g' | grep -- '--lang L') # continuation lines joined
        [[ "$line" == *"default"* ]] || { echo "$cmd: $line" >&2; return 1; }
    done
}

@test "the completion offers a table or figure exactly the options it does not refuse" {
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    checked=0
    for cmd in table figure; do
        # Every option of the command, with a value of its kind; a table's
        # or figure's refusal names it ("--heaps: not a parameter of table
        # T", "--block-columns: table T is not laid out in blocks ...").
        # --templates /nonexistent stops any other run before its work.
        "$GAMETAB" $cmd --help | sed -n 's/^  \(-., \)\{0,1\}--\([a-z-]*\)\( \([A-Za-z0-9,]*\)\)\{0,1\}  .*/\2 \4/p' >"$T/options"
        # --help says a negatable option as --no-NAME only
        sed -n 's/^no-\([a-z-]*\) $/\1 /p' "$T/options" >"$T/negated"
        cat "$T/negated" >>"$T/options"
        [ "$(wc -l <"$T/options")" -ge 6 ]
        names=$("$GAMETAB" $cmd --help | sed -n 's/^  \([a-z][a-z0-9-]*\)\( (table .*\)\{0,1\}$/\1/p')
        [ "$(echo "$names" | wc -l)" -ge 5 ]
        for name in $names; do
            complete_words $cmd "$name" -- >"$T/offered"
            while read -r option metavar; do
                case $option in help | version) continue ;; esac
                case $metavar in '') value=() ;; A,B) value=(1,1) ;; *) value=(1) ;; esac
                "$GAMETAB" $cmd "$name" --"$option" "${value[@]}" --templates /nonexistent \
                    -o "$T/x.tex" 2>"$T/err" >/dev/null || true # a usage error, any
                offered_iff_refused "$option" \
                    "^gametab: --$option: (not a parameter of $cmd $name|$cmd $name is not)" "$cmd $name"
                checked=$((checked + 1))
            done <"$T/options"
        done
    done
    [ "$checked" -ge 150 ]
    # The case that was offered and refused.
    [ -z "$(complete_words table wythoff-k-heaps -- | grep -x -- --block-columns)" ]
    complete_words table nim-p-positions -- | grep -qx -- --block-columns
}

@test "after an option, the completion offers another exactly when some format takes both; after gametab --help, what the command takes (breaker round 18, F8)" {
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    formats=$(complete_words table x --format '')
    [ "$(echo "$formats" | wc -l)" -ge 6 ]
    # The options of the table's --help ("--NAME METAVAR  ...") that
    # nim-p-positions takes, among them those for some formats only.
    "$GAMETAB" table --help | sed -n 's/^  \(-., \)\{0,1\}--\([a-z-]*\)\( \([A-Za-z0-9,]*\)\)\{0,1\}  .*/\2 \4/p' |
        grep -v -e '^help' -e '^version' -e '^format' -e '^output' -e '^no-' -e '^count' -e '^quiet' |
        grep -F -f <(complete_words table nim-p-positions -- | sed 's/^--\(.*\)/\1 /') >"$T/options"
    grep -qx 'lang L' "$T/options"
    grep -qx 'level L' "$T/options"
    grep -qx 'standalone ' "$T/options"
    checked=0
    while read -r a ametavar; do
        case $ametavar in '') avalue=() ;; L) avalue=(en) ;; DIR) avalue=("$T") ;; *) avalue=(2) ;; esac
        if [ "$a" = level ]; then avalue=(5); fi
        complete_words table nim-p-positions --"$a" "${avalue[@]}" -- >"$T/offered"
        complete_words table nim-p-positions --"$a" "${avalue[@]}" --format '' >"$T/offered-formats"
        while read -r b bmetavar; do
            [ "$a" != "$b" ] || continue
            case $bmetavar in '') bvalue=() ;; L) bvalue=(en) ;; DIR) bvalue=("$T") ;; *) bvalue=(2) ;; esac
            if [ "$b" = level ]; then bvalue=(5); fi
            # possible: some format the program does not refuse --a --b for
            # (-o in a missing directory: a format's run stops there)
            possible=no
            for f in $formats; do
                "$GAMETAB" table nim-p-positions --count 1 --"$a" "${avalue[@]}" --"$b" "${bvalue[@]}" \
                    --format "$f" -o "/nonexistent/x.$f" 2>"$T/err" >/dev/null || true
                if ! grep -q 'does not apply' "$T/err"; then possible=yes; fi
            done
            offered=no
            if grep -qx -- "--$b" "$T/offered"; then offered=yes; fi
            [ $offered = $possible ] ||
                { echo "--$a then --$b: offered $offered, some format takes both: $possible" >&2; return 1; }
            checked=$((checked + 1))
        done <"$T/options"
        # and --format offers the formats --a applies to
        for f in $formats; do
            "$GAMETAB" table nim-p-positions --count 1 --"$a" "${avalue[@]}" --format "$f" \
                -o "/nonexistent/x.$f" 2>"$T/err" >/dev/null || true
            offered=no
            if grep -qx -- "$f" "$T/offered-formats"; then offered=yes; fi
            refused=no
            if grep -q 'does not apply' "$T/err"; then refused=yes; fi
            [ $offered != $refused ] || { echo "--$a --format $f: offered $offered, refused $refused" >&2; return 1; }
        done
    done <"$T/options"
    [ "$checked" -ge 30 ]
    # The pairs the breaker named.
    [ -z "$(complete_words table nim-p-positions --level 5 -- | grep -x -e --lang -e --standalone)" ]
    [ -z "$(complete_words table nim-p-positions --standalone -- | grep -x -e --level -e --jobs)" ]
    complete_words table nim-p-positions --level 5 -- | grep -qx -- --jobs
    # gametab --help COMMAND ARG... is gametab COMMAND --help ARG...
    diff <(complete_words '' | grep -v -e '^-' -e '^help$') <(complete_words --help '')
    [ "$(complete_words -h ta)" = table ]
    [ "$(complete_words --he table nim-p)" = nim-p-positions ]
    diff <(complete_words table nim-p-positions --l) <(complete_words --help table nim-p-positions --l)
}

@test "the completion takes an option's value with a blank as the command will (quoted, or with backslashes): --templates 'Math, grade 7', -o 'my file.pdf' (breaker round 39, F1)" {
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    PATH="$PWD:$PATH"
    mkdir -p "$T/Math, grade 7"
    touch "$T/Math, grade 7/mine-sheet.tex"
    q="'$T/Math, grade 7'" b=${T// /\\ }/Math,\\\ grade\\\ 7 d="\"$T/Math, grade 7\""
    [ "$(complete_words render --templates "$q" mine)" = mine-sheet.tex ]
    [ "$(complete_words render --templates "$b" mine)" = mine-sheet.tex ]
    [ "$(complete_words render --templates="$d" mine)" = mine-sheet.tex ]
    [ "$(complete_words table wythoff-p-positions -o "'my file.pdf'" --la)" = --lang ]
    [ "$(complete_words table wythoff-p-positions -o 'my\ file.csv.gz' --le)" = --level ]
}

@test "the completion runs the program as the shell would: typed as ~/bin/gametab, or with a backslash before a blank (breaker round 40, F6: it was run as typed, and offered no template)" {
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    mkdir -p "$T/home/bin" "$T/my dir"
    ln -s "$GAMETAB" "$T/home/bin/gametab"
    ln -s "$GAMETAB" "$T/my dir/gametab"
    PATH=/usr/bin:/bin # not found by its name alone
    for prog in '~/bin/gametab' "${T// /\\ }/my\\ dir/gametab"; do
        COMP_WORDS=("$prog" render pre) COMP_CWORD=2 COMPREPLY=()
        HOME=$T/home _gametab || true # (compgen says 1 when it adds no file)
        [ "${COMPREPLY[*]}" = preamble.tex ]
    done
}

@test "the completion expands the program's \$NAME and \${NAME} as the shell would, and nothing else: no \$(...) in a value, nothing in single quotes (breaker round 43, F7: \$HOME/bin/gametab was run as typed, and offered no template)" {
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    mkdir -p "$T/home/bin"
    ln -s "$GAMETAB" "$T/home/bin/gametab"
    PATH=/usr/bin:/bin # not found by its name alone
    # shellcheck disable=SC2016 # the words as typed, unexpanded
    for prog in '$HOME/bin/gametab' '${HOME}/bin/gametab' '"$HOME"/bin/gametab' '$DIR/gametab'; do
        COMP_WORDS=("$prog" render pre) COMP_CWORD=2 COMPREPLY=()
        DIR=$T/home/bin HOME=$T/home _gametab || true # (compgen says 1 when it adds no file)
        [ "${COMPREPLY[*]}" = preamble.tex ]
    done
    # shellcheck disable=SC2016
    for prog in "'\$HOME'/bin/gametab" '$X'; do
        COMP_WORDS=("$prog" render pre) COMP_CWORD=2 COMPREPLY=()
        X="\$(touch $T/ran)" HOME=$T/home _gametab || true
        [ -z "${COMPREPLY[*]}" ]
    done
    [ ! -e "$T/ran" ]
}

@test "the completion offers render's TEMPLATE from the search path: --templates as typed, GAMETAB_TEMPLATES, the built-in ones; DATA files only (breaker round 15)" {
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    PATH="$PWD:$PATH" # the completion runs gametab as the line names it
    [ "$(complete_words render table- | tr '\n' ' ')" = "table-booktabs.tex table-kvant.tex " ]
    [ "$(complete_words render pre)" = preamble.tex ]
    mkdir -p "$T/mine/table-dir"
    touch "$T/mine/table-mine.tex" "$T/mine/.table-hidden.tex" "$T/mine/preamble.tex"
    [ "$(complete_words render --templates "$T/mine" table- | tr '\n' ' ')" = \
        "table-booktabs.tex table-kvant.tex table-mine.tex " ]
    [ "$(complete_words render --templates="$T/mine" pre)" = preamble.tex ] # once
    [ "$(GAMETAB_TEMPLATES="$T/mine" complete_words render table-m)" = table-mine.tex ]
    [ -z "$(complete_words render .table)" ]
    # a --templates that is no directory is passed over
    [ "$(complete_words render --templates "$T/none" pre)" = preamble.tex ]
    [ -z "$(complete_words render table-kvant.tex table-)" ]
    # not another command's own template, which render refuses (breaker round 21, F1)
    [ -z "$(complete_words render wythoff-)" ]
    [ -z "$(complete_words render figure-)" ]
    # a template whose partial is a FIFO: the names listed within 2 s, not
    # a TAB that waits for ever (breaker round 30, F10); a FIFO is no
    # template to offer
    mkdir "$T/ff"
    mkfifo "$T/ff/p.tex" "$T/ff/q.tex"
    printf '{{> p.tex}}\n' >"$T/ff/t.tex"
    export -f complete_words
    run timeout 20 bash -c 'source completion/gametab; complete_words render --templates "$1" pre' \
        _ "$T/ff"
    [ "$status" -eq 0 ]
    [ "$output" = preamble.tex ]
    # a name holding a line break is left out: it was offered as two
    # names, neither a template (breaker round 48, F5)
    mkdir "$T/nl"
    touch "$T/nl/zq"$'\n'"zr.tex" "$T/nl/zqz.tex"
    [ "$(complete_words render --templates "$T/nl" zq)" = zqz.tex ]
    [ -z "$(complete_words render --templates "$T/nl" zr)" ]
}

@test "the completion offers a template's or a file's name as it is and never runs or expands it: \$(...), backquotes, \$HOME, *, blanks (breaker round 17)" {
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    PATH="$PWD:$PATH"
    mkdir -p "$T/evil" "$T/run"
    # shellcheck disable=SC2016 # the names hold shell code on purpose
    names=('a$(touch RAN1).tex' 'b`touch RAN2`.tex' 'c$HOME.tex' 'd*.tex' 'dx.tex' 'e f.tex' '~g.tex')
    for n in "${names[@]}"; do : >"$T/evil/$n"; done
    printf '%s\n' "${names[@]}" | sort >"$T/expected"
    cd "$T/run"
    # --templates as typed, GAMETAB_TEMPLATES, and the files of the directory
    complete_words render --templates "$T/evil" '' | grep -v -x -F -f <(ls "$BATS_TEST_DIRNAME/../templates") \
        >"$T/offered" || true
    diff "$T/expected" "$T/offered"
    GAMETAB_TEMPLATES="$T/evil" complete_words render '' | grep -v -x -F -f <(ls "$BATS_TEST_DIRNAME/../templates") \
        >"$T/offered" || true
    diff "$T/expected" "$T/offered"
    [ "$(GAMETAB_TEMPLATES="$T/evil" complete_words render 'd' | tr '\n' '|')" = 'd*.tex|dx.tex|' ]
    [ "$(GAMETAB_TEMPLATES="$T/evil" complete_words render 'a$' | tr '\n' '|')" = 'a$(touch RAN1).tex|' ]
    # --templates ~/DIR as typed: ~ is the home directory, as the shell
    # expands it when the command runs (it offered nothing)
    mkdir -p "$T/home/tq"
    : >"$T/home/tq/zzmine.txt"
    # shellcheck disable=SC2088 # the tilde as typed, unexpanded
    [ "$(HOME="$T/home" complete_words render --templates '~/tq' zz)" = zzmine.txt ]
    cd "$T/evil"
    # (outside a completion compopt fails: $(...) as the other tests)
    echo "$(complete_words render '')" | grep -v -x -F -f <(ls "$BATS_TEST_DIRNAME/../templates") |
        diff "$T/expected" -
    echo "$(complete_words render x.tex '')" | diff "$T/expected" -
    [ "$(complete_words table wythoff-grundy -o 'd' | tr '\n' '|')" = 'd*.tex|dx.tex|' ]
    [ "$(complete_words table wythoff-grundy -o 'x*' --format '' | wc -l)" -eq 6 ] # no glob of -o's name
    # nothing ran, anywhere
    [ -z "$(find "$T" "$(dirname "$GAMETAB")" -maxdepth 2 -name 'RAN*')" ]
}

@test "the completion leaves out a file whose name holds a line break, which compgen gives as two names that do not exist (breaker round 57, F2)" {
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    mkdir -p "$T/nl/sub"
    cd "$T/nl"
    : >$'new\nline.csv'
    : >plain.csv
    mkdir $'dir\nname'
    [ "$(echo "$(complete_words render x.tex '')" | tr '\n' '|')" = 'plain.csv|sub|' ]
    [ -z "$(echo "$(complete_words render x.tex ne)")" ]
    [ "$(echo "$(complete_words table wythoff-grundy -o '')" | tr '\n' '|')" = 'plain.csv|sub|' ]
    [ "$(echo "$(complete_words build -o '')" | tr '\n' '|')" = 'sub|' ]
}

@test "the completion offers render's --block-columns and --lang after a template exactly when the program takes them for it (breaker round 17)" {
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    PATH="$PWD:$PATH"
    printf 'a,b\n1,2\n' >"$T/q.csv"
    checked=0
    for name in $("$GAMETAB" --help-templates); do
        complete_words render "$name" "$T/q.csv" -- >"$T/offered"
        for option in block-columns lang; do
            case $option in lang) value=en ;; *) value=2 ;; esac
            "$GAMETAB" render "$name" "$T/q.csv" --$option $value -o "$T/out.tex" 2>"$T/err" >/dev/null || true
            offered_iff_refused $option "^gametab: --$option: does not apply: " "render $name"
            checked=$((checked + 1))
        done
    done
    [ "$checked" -eq 6 ] # preamble.tex, table-booktabs.tex, table-kvant.tex: the others are refused
    # the cases that were offered and refused
    [ "$(complete_words render table-booktabs.tex -- | tr '\n' ' ')" = "--help --output --separator --templates --version " ]
    [ -z "$(complete_words render table-kvant.tex q.csv --lang '')" ]
    [ -z "$(complete_words render table-kvant.tex q.csv -- | grep -x -- --lang)" ]
    complete_words render table-kvant.tex q.csv -- | grep -qx -- --block-columns
    [ -z "$(complete_words render preamble.tex -- | grep -x -- --block-columns)" ]
    complete_words render preamble.tex -- | grep -qx -- --lang
    # --templates as typed: a template of its own that names blocks
    mkdir -p "$T/mine"
    echo '{{#blocks}}{{/blocks}}' >"$T/mine/table-booktabs.tex"
    complete_words render --templates "$T/mine" table-booktabs.tex -- | grep -qx -- --block-columns
    # a file of that name here is the template
    cp "$T/mine/table-booktabs.tex" "$T/mine/t.tex"
    (cd "$T/mine" && complete_words render t.tex -- | grep -qx -- --block-columns)
    # one gametab cannot read (none, a FIFO): everything, and no wait
    [ "$(complete_words render nothing.tex -- | wc -l)" -eq 7 ]
    mkfifo "$T/fifo"
    [ "$(timeout 5 bash -c 'source completion/gametab; PATH="$PWD:$PATH"
        COMP_WORDS=(gametab render "$1" --); COMP_CWORD=3; _gametab; echo ${#COMPREPLY[@]}' _ "$T/fifo")" -eq 7 ]
    printf '{{> fifo}}' >"$T/p.tex"
    [ "$(timeout 5 bash -c 'source completion/gametab; PATH="$PWD:$PATH"
        COMP_WORDS=(gametab render "$1" --); COMP_CWORD=3; _gametab; echo ${#COMPREPLY[@]}' _ "$T/p.tex")" -eq 7 ]
}

@test "the completion drops what the words typed make a usage error: after verify --list, after table --format F or -o x.F (breaker round 13)" {
    cd "$(dirname "$GAMETAB")"
    # shellcheck source=/dev/null
    source completion/gametab
    # verify --list takes --help (and --version) only; --list again, or
    # after an option of the report, is not offered.
    [ "$(complete_words verify --list -- | tr '\n' ' ')" = "--help --version " ]
    [ -z "$(complete_words verify --list --claim '')" ]
    [ -z "$(complete_words verify --claim feng-examples -- | grep -x -- --list)" ]
    [ -z "$(complete_words verify -o r.txt -- | grep -x -- --list)" ]
    complete_words verify -- | grep -qx -- --list
    complete_words verify -- | grep -qx -- --claim
    # Each option offered after --format F is one the program takes with
    # it; each dropped, one it refuses as "does not apply".
    checked=0
    # The format given by --format F, or by -o's name alone (x.F).
    for format in csv csv.gz tex json xlsx pdf; do
        for given in "--format $format" "-o x.$format"; do
            # shellcheck disable=SC2086 # two words
            complete_words table nim-p-positions $given -- >"$T/offered"
            for option in color no-color lang block-columns templates level jobs standalone quiet; do
                case $option in
                lang) value=(en) ;; block-columns | level | jobs) value=(2) ;;
                templates) value=("$T") ;; *) value=() ;;
                esac
                if [[ $given == --format* ]]; then
                    as=(--format "$format" -o "$T/x.$format")
                else
                    as=(-o "$T/x.$format")
                fi
                "$GAMETAB" table nim-p-positions --count 2 "${as[@]}" --"$option" "${value[@]}" \
                    2>"$T/err" >/dev/null || true
                offered_iff_refused "$option" "^gametab: --$option: does not apply to --format $format" \
                    "$given"
                checked=$((checked + 1))
            done
        done
    done
    [ "$checked" -eq 108 ]
    # The breaker's cases; --format=tex in one word; and a format that an
    # option typed does not apply to is not offered.
    [ -z "$(complete_words table wythoff-grundy --format tex -- | grep -x -e --level -e --jobs)" ]
    [ -z "$(complete_words table wythoff-grundy --format xlsx --lang '')" ]
    [ -z "$(complete_words table wythoff-grundy --format=tex -- | grep -x -- --level)" ]
    complete_words table wythoff-grundy --format csv.gz -- | grep -qx -- --level
    [ "$(complete_words table wythoff-grundy --level 3 --format '' | tr '\n' ' ')" = "csv.gz " ]
    [ "$(complete_words table wythoff-grundy --lang en --format '' | tr '\n' ' ')" = "pdf tex " ]
    # -o's name: the format it asks for, or csv (-, no extension); --format
    # then offers only a format the name does not contradict.
    [ -z "$(complete_words table wythoff-grundy -o X.TEX -- | grep -x -- --level)" ]
    [ -z "$(complete_words table wythoff-grundy -ox.tex -- | grep -x -- --level)" ]
    [ -z "$(complete_words table wythoff-grundy --output=x.xlsx -- | grep -x -- --lang)" ]
    [ -z "$(complete_words table wythoff-grundy -o - -- | grep -x -- --lang)" ]
    complete_words table wythoff-grundy -o x.tex.gz -- | grep -qx -- --lang # refused anyway
    [ "$(complete_words table wythoff-grundy -o x.tex --format '' | tr '\n' ' ')" = "tex " ]
    # .ltx and .latex are LaTeX names for every command (breaker round 26, F7)
    [ "$(complete_words table wythoff-grundy -o x.ltx --format '' | tr '\n' ' ')" = "tex " ]
    [ "$(complete_words table wythoff-grundy -o X.LaTeX --format '' | tr '\n' ' ')" = "tex " ]
    [ -z "$(complete_words table wythoff-grundy -o x.latex -- | grep -x -- --level)" ]
    [ "$(complete_words table wythoff-grundy -o d/x.csv.gz --format '' | tr '\n' ' ')" = "csv.gz " ]
    [ "$(complete_words table wythoff-grundy -o out --format '' | wc -l)" -eq 6 ]
}

@test "list, --help, every command's --help and the man page fit 80 columns; a terminal's own width" {
    # columns are characters, not bytes: the sources are in Russian; an
    # East Asian wide character (a Chinese title in list) takes two
    widest() {
        python3 -c 'import sys, unicodedata as u
print(max(sum(2 if u.east_asian_width(c) in "WF" else 1 for c in l.rstrip("\n")) for l in sys.stdin))'
    }
    # a paragraph is filled: no line of it ends where the next one's first
    # word would have fitted (render --help broke "The data is held" /
    # "whole: at" / "most 1000 columns")
    filled() {
        python3 -c 'import sys
lines = [l.rstrip("\n") for l in sys.stdin]
for a, b in zip(lines, lines[1:]):
    if a and b and not a.startswith(" ") and not b.startswith(" ") and not a.endswith(":") and not a.startswith("Usage:") \
            and len(a) + 1 + len(b.split()[0]) <= 80:
        sys.exit("not filled: " + a)'
    }
    commands=$("$GAMETAB" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p')
    [ "$(echo "$commands" | wc -l)" -ge 6 ]
    for words in list "verify --list" --help $(printf '%s:--help\n' $commands); do
        # shellcheck disable=SC2086
        "$GAMETAB" ${words//:/ } >"$T/out" # CMD:--help is two words
        [ -s "$T/out" ]
        w=$(widest <"$T/out")
        [ "$w" -le 80 ] || { echo "gametab ${words//:/ }: a line of $w columns" >&2; return 1; }
        [ "$words" = list ] || [ "$words" = "verify --list" ] || filled <"$T/out"
    done
    # a list's entries keep their column: continuation lines start at it
    "$GAMETAB" list >"$T/list"
    col=$(sed -n '1s/^\([a-z0-9-]* *\).*/\1/p' "$T/list" | wc -m)
    [ "$(grep -c '^ ' "$T/list")" -ge 5 ]
    [ -z "$(grep '^ ' "$T/list" | grep -v "^ \{$((col - 1))\}[^ ]")" ]
    # the man page: groff fills it, nothing too long to break
    cd "$(dirname "$GAMETAB")"
    MANWIDTH=80 man ./gametab.1 2>/dev/null >"$T/man.txt"
    [ "$(wc -l <"$T/man.txt")" -ge 200 ]
    w=$(widest <"$T/man.txt")
    [ "$w" -le 80 ] || { grep -n '.\{81,\}' "$T/man.txt" >&2; return 1; }
    # on a terminal, its width (script(1) gives one, stty sets its size)
    script -qec "stty cols 60; '$GAMETAB' table --help" /dev/null | tr -d '\r' >"$T/tty"
    [ "$(widest <"$T/tty")" -le 60 ]
    [ "$(widest <"$T/tty")" -ge 55 ]
    grep -q '^  --format F         csv, csv.gz, tex, json, xlsx or pdf;$' "$T/tty"
    # never narrower than 40 columns, as the README says (breaker round 52, F3)
    script -qec "stty cols 30; '$GAMETAB' list" /dev/null | tr -d '\r' >"$T/tty30"
    [ "$(widest <"$T/tty30")" -le 40 ]
    [ "$(widest <"$T/tty30")" -ge 35 ]
}

@test "the man page is ASCII roff: groff -man -ww warns of nothing, nroff shows misère and the arrow without preconv" {
    # breaker round 13: raw UTF-8 in gametab.1 made plain groff warn ("invalid
    # input character code 134") and nroff print mojibake
    "$GAMETAB" --help-man >"$T/gametab.1"
    cmp "$T/gametab.1" "$(dirname "$GAMETAB")/gametab.1"     # the page built is this one
    refute grep -qP '[^\x00-\x7f]' "$T/gametab.1"
    groff -man -ww -z "$T/gametab.1" 2>"$T/warn"
    [ ! -s "$T/warn" ]
    LC_ALL=C.UTF-8 nroff -man -Tutf8 "$T/gametab.1" >"$T/man.txt" 2>"$T/warn"
    [ ! -s "$T/warn" ]
    grep -q 'misère Nim' "$T/man.txt"
    tr -s ' \n' ' ' <"$T/man.txt" | grep -q 'A counterexample "X → Y" reads'
}

@test "each limit variable says that 0 lifts it, where the README and render --help give it (breaker round 24, F3)" {
    # GAMETAB_TAGS_MAX said "N are allowed", which for N = 0 reads as none
    for v in CELLS FIELD DATA OUTPUT TAGS; do
        tr -s ' \n' ' ' < "$BATS_TEST_DIRNAME/../README.md" |
            grep -o "\`GAMETAB_${v}_MAX=[^\`]*\`[^)]*)" | grep -q '0 for \(no limit\|none\)' ||
            { echo "README: GAMETAB_${v}_MAX" >&2; return 1; }
        "$GAMETAB" render --help | sed '/^Environment:/,$d' | tr -s ' \n' ' ' |
            grep -o "\\$GAMETAB_${v}_MAX[^)]*)" | grep -q '0 for no limit' ||
            { echo "render --help: GAMETAB_${v}_MAX" >&2; return 1; }
    done
}

@test "the man page: the one-line description, every environment variable (as render --help), filled paragraphs" {
    cd "$(dirname "$GAMETAB")"
    MANWIDTH=200 man ./gametab.1 >"$T/man.txt" 2>/dev/null
    # NAME: the four articles' games, not "from Kvant articles"
    sed -n '/^NAME/,/^SYNOPSIS/p' "$T/man.txt" | tr -s ' \n' ' ' >"$T/name"
    grep -q "Wythoff's game, Nim, misère Nim, Grundy functions) from four articles, two of them in Kvant" "$T/name"
    "$GAMETAB" --help | tr -s ' \n' ' ' | grep -q "Grundy functions) from four articles, two of them in Kvant"
    # ENVIRONMENT: the variables render --help lists, each one
    "$GAMETAB" render --help | sed -n '/^Environment:/,$s/^  \([A-Z_]*\)$/\1/p' >"$T/env-help"
    # (a short name shares its line with its text: "TMPDIR where ...")
    sed -n '/^ENVIRONMENT/,/^EXIT STATUS/s/^       \([A-Z_]\{3,\}\)\( .*\)\{0,1\}$/\1/p' "$T/man.txt" >"$T/env-man"
    [ "$(sort "$T/env-help" | tr '\n' ' ')" = "GAMETAB_CELLS_MAX GAMETAB_DATA_MAX GAMETAB_FIELD_MAX GAMETAB_OUTPUT_MAX GAMETAB_TAGS_MAX GAMETAB_TEMPLATES GAMETAB_TEX_SECONDS_MAX HOME PATH SOURCE_DATE_EPOCH TEXINPUTS TMPDIR " ]
    diff "$T/env-help" "$T/env-man"
    # prose is filled to the width man is given (a paragraph of table's
    # --help is one line at 200 columns); lists keep their lines
    grep -q '^       Write one table.  Its parameters (--count ... --start), their defaults and ranges, are listed below for each table.$' "$T/man.txt"
    grep -q '^         DIR/NAME.csv.gz        each table as gzip-compressed CSV$' "$T/man.txt"
    # what an installed user does with the handout, not make handout
    refute grep -q 'make handout' "$T/man.txt"
    grep -q 'latexmk -pdf handout.tex' "$T/man.txt"
}

@test "make install puts every file under the prefix, the completion where bash-completion finds it (breaker round 25, F2)" {
    # The completion went to bash-completion's own /usr/share directory,
    # whatever the prefix: refused to a user, outside the prefix for root.
    cd "$(dirname "$GAMETAB")"
    make install DESTDIR="$T/d" prefix=/opt/gt >"$T/install.log" 2>&1 || {
        cat "$T/install.log" >&2
        return 1
    }
    (cd "$T/d" && find . -type f) | sort >"$T/files"
    grep -qx './opt/gt/bin/gametab' "$T/files"
    grep -qx './opt/gt/share/man/man1/gametab.1' "$T/files"
    grep -qx './opt/gt/share/gametab/templates/table-booktabs.tex' "$T/files"
    grep -qx './opt/gt/share/bash-completion/completions/gametab' "$T/files"
    if grep -v '^\./opt/gt/' "$T/files" >&2; then return 1; fi
    # bash-completion loads it from PREFIX/share, as from /usr/local/share
    XDG_DATA_DIRS="$T/d/opt/gt/share" bash -c \
        '. /usr/share/bash-completion/bash_completion && __load_completion gametab && complete -p gametab' \
        >"$T/complete"
    [ "$(cat "$T/complete")" = "complete -F _gametab gametab" ]
}
