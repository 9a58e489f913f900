#!/usr/bin/env bats
# Fault injection: every call of write, fsync, rename and close that
# `table`, `render` and `build` make is made to fail in turn (or, for
# build's many, a spread of them), through tests/fault-shim.so (LD_PRELOAD).
# Each failure must end in exit 1 with one message and the old target (the
# whole old DIR for build) intact, no temporary left; or, where the failed
# call did not matter (closing an input), exit 0 with the right output.
# And a SIGTERM as a call starts (GAMETAB_FAULT_SIGNAL): the run ends by it
# with the old target intact, unless it came at the very last rename.

load helpers

SHIM=${FAULT_SHIM:-$BATS_TEST_DIRNAME/fault-shim.so}
# An ASan build wants its runtime first; the shim comes first instead.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0

# The calls of each kind a successful run makes: "OP N" lines.
count_calls() { # DIR COMMAND...
    local dir=$1
    shift
    (cd "$dir" && GAMETAB_FAULT_COUNTS=$T/counts LD_PRELOAD=$SHIM "$@" >/dev/null)
    cat "$T/counts"
}

# The failure points to try for N calls: all of them up to 12, else the
# first three, the middle two and the last two.
points() {
    local n=$1
    if [ "$n" -le 12 ]; then
        seq 1 "$n"
    else
        printf '%s\n' 1 2 3 $((n / 2)) $((n / 2 + 1)) $((n - 1)) "$n"
    fi
}

# The files of a directory with their checksums, temporaries included.
snapshot() {
    (cd "$1" && find . -mindepth 1 | LC_ALL=C sort | while read -r f; do
        if [ -f "$f" ]; then echo "$f $(md5sum <"$f" | cut -c1-32)"; else echo "$f"; fi
    done)
}

# Runs COMMAND... in DIR at each point of the good run's calls ($T/calls,
# prepare), $T/new being DIR after that run.  MODE fail: the n-th call of
# OP fails; the run exits 1 with one 'gametab: ' line and DIR as it was,
# or, where the call did not matter, exits 0 with the good run's files.
# MODE signal: SIGTERM comes as the n-th write, fsync or rename starts
# (the last writes and the sync before the rename too, where a slow device
# spends seconds); the run ends by it (143, the one line of a signal) with
# DIR as it was, or, only at the very last rename, which may come after
# the publication, or the last sync (and a one-file command's last close),
# after it, exits 0 with the good run's files (build's earlier renames
# are taken back).  MODE signal+close: each close too, all of
# them before the publication (table's: its output's own close and those
# of its inputs).
walk() { # MODE DIR COMMAND...
    local mode=$1 dir=$2
    shift 2
    snapshot "$dir" >"$T/old"
    local op n calls tried=0 want=1 signal='' line='^gametab: ' done_ok last_rename
    last_rename=$(awk '$1 == "rename" { print $2 }' "$T/calls")
    # The last sync comes after the publication: a one-file command's is
    # of the directory, after the rename that published the file (and so
    # is its last close); a build's, of its staging directory after the
    # journal's removal.
    local last_fsync last_close=0
    last_fsync=$(awk '$1 == "fsync" { print $2 }' "$T/calls")
    if [ "$2" != build ]; then
        last_close=$(awk '$1 == "close" { print $2 }' "$T/calls")
    fi
    if [ "$mode" != fail ]; then
        want=143 signal=15 line='^gametab: .*: interrupted by signal 15$'
    fi
    while read -r op calls; do
        if [ "$mode" = signal ] && [ "$op" = close ]; then
            continue
        fi
        for n in $(points "$calls"); do
            set +e
            (cd "$dir" && GAMETAB_FAULT=$op:$n GAMETAB_FAULT_SIGNAL=$signal LD_PRELOAD=$SHIM "$@" \
                >/dev/null 2>"$T/stderr")
            status=$?
            set -e
            snapshot "$dir" >"$T/now"
            done_ok=no
            if [ "$status" -eq 0 ]; then
                if [ "$mode" = fail ] || { [ "$op" = rename ] && [ "$n" -eq "$last_rename" ]; } ||
                    { [ "$op" = fsync ] && [ "$n" -eq "$last_fsync" ]; } ||
                    { [ "$op" = close ] && [ "$n" -eq "$last_close" ]; }; then
                    done_ok=yes
                fi
            fi
            if [ "$done_ok" = yes ]; then
                if ! cmp -s "$T/new" "$T/now"; then
                    echo "$op:$n: exit 0, but not the good run's files:" >&2
                    diff "$T/new" "$T/now" >&2
                    return 1
                fi
                # Back to the old state for the next point.
                rm -rf "$dir"
                cp -a "$T/saved" "$dir"
            elif [ "$status" -ne "$want" ]; then
                echo "$op:$n: exit status $status, not $want: $(cat "$T/stderr")" >&2
                return 1
            elif [ "$(wc -l <"$T/stderr")" -ne 1 ] || ! grep -q "$line" "$T/stderr"; then
                echo "$op:$n: stderr is not one line matching $line: $(cat "$T/stderr")" >&2
                return 1
            elif ! cmp -s "$T/old" "$T/now"; then
                echo "$op:$n: exit $status, but the old files changed:" >&2
                diff "$T/old" "$T/now" >&2
                return 1
            fi
            tried=$((tried + 1))
        done
    done <"$T/calls"
    echo "# $tried $mode points" >&3
    [ "$tried" -gt 0 ]
}

# Prepares DIR with its old files, counts the calls of a good run on a copy
# (and keeps what it leaves as $T/new).
prepare() { # DIR COMMAND...
    local dir=$1
    shift
    cp -a "$dir" "$T/saved"
    cp -a "$dir" "$T/good"
    count_calls "$T/good" "$@" >"$T/calls"
    snapshot "$T/good" >"$T/new"
    grep -q '^write [1-9]' "$T/calls"
}

# prepare, then walk MODE: COMMAND... tried at each point in DIR.
try_points() { # MODE DIR COMMAND...
    local mode=$1 dir=$2
    shift 2
    prepare "$dir" "$@"
    walk "$mode" "$dir" "$@"
}

# DIR as a build made it, its tables and fragments then marked OLD.
old_build() { # DIR
    local f
    "$GAMETAB" build -o "$1" >/dev/null
    for f in "$1"/*.csv.gz "$1"/*/*.tex; do echo OLD >"$f"; done
}

@test "the fault shim is built" {
    [ -f "$SHIM" ]
}

@test "table: each failing write, fsync, rename and close leaves the old csv.gz" {
    mkdir "$T/d"
    echo OLD >"$T/d/x.csv.gz"
    try_points fail "$T/d" "$GAMETAB" table wythoff-p-positions --count 200000 --jobs 2 -o x.csv.gz
}

@test "table: the same for a LaTeX table through its template" {
    mkdir "$T/d"
    echo OLD >"$T/d/x.tex"
    try_points fail "$T/d" "$GAMETAB" table wythoff-p-positions --format tex -o x.tex
}

@test "render: each failing call leaves the old output (input plain and gzip)" {
    mkdir "$T/d"
    "$GAMETAB" table wythoff-p-positions --count 3000 -o "$T/d/p.csv.gz"
    echo OLD >"$T/d/o.tex"
    try_points fail "$T/d" "$GAMETAB" render table-kvant.tex p.csv.gz -o o.tex
}

@test "build: each failing call, staging or publishing, leaves DIR as it was" {
    old_build "$T/d"
    try_points fail "$T/d" "$GAMETAB" build -o .
}

@test "table: a signal during any write, the last sync or the output's close keeps the old file, in every format (breaker round 21, F2; round 23, F5)" {
    local f
    for f in x.csv.gz x.csv x.tex x.json x.xlsx; do
        rm -rf "$T/d" "$T/saved" "$T/good"
        mkdir "$T/d"
        echo OLD >"$T/d/$f"
        try_points signal+close "$T/d" "$GAMETAB" table wythoff-beatty --count 2000 -o "$f"
    done
}

@test "render and build: a signal during any write, sync or rename but the last keeps the old files (breaker round 21, F2)" {
    mkdir "$T/r"
    "$GAMETAB" table wythoff-p-positions --count 3000 -o "$T/r/p.csv.gz"
    echo OLD >"$T/r/o.tex"
    try_points signal "$T/r" "$GAMETAB" render table-booktabs.tex p.csv.gz -o o.tex
    rm -rf "$T/saved" "$T/good"
    old_build "$T/d"
    try_points signal "$T/d" "$GAMETAB" build -o .
}

@test "build: one killed (SIGKILL) at a rename or sync of its publishing is taken back by the next build, which finds DIR as it was (breaker round 27, F8)" {
    # DIR was left half old, half new, and the next build removed the old
    # files kept in the dead build's staging directory
    "$GAMETAB" build -o "$T/d" --worksheet >/dev/null
    local f n op status
    for f in "$T"/d/*.csv.gz "$T"/d/*/*.tex; do echo OLD >"$f"; done
    snapshot "$T/d" >"$T/old"
    prepare "$T/d" "$GAMETAB" build -o . --start 5,3
    local renames fsyncs
    renames=$(awk '$1 == "rename" { print $2 }' "$T/calls")
    fsyncs=$(awk '$1 == "fsync" { print $2 }' "$T/calls")
    [ "$renames" -gt 100 ]
    local tried=0
    for op in $(seq 1 16 "$renames" | sed 's/^/rename:/') "rename:$((renames - 1))" "rename:$renames" \
        $(seq $((fsyncs - 7)) "$fsyncs" | sed 's/^/fsync:/'); do
        rm -rf "$T/d"
        cp -a "$T/saved" "$T/d"
        set +e
        (cd "$T/d" && GAMETAB_FAULT=$op GAMETAB_FAULT_SIGNAL=9 LD_PRELOAD=$SHIM \
            "$GAMETAB" build -o . --start 5,3 >/dev/null 2>&1)
        status=$?
        # the next build, failing at its first write, takes the dead one back
        (cd "$T/d" && GAMETAB_FAULT=write:1 LD_PRELOAD=$SHIM "$GAMETAB" build -o . --start 5,3 \
            >/dev/null 2>"$T/stderr")
        n=$?
        set -e
        [ "$status" -eq 137 ] || [ "$op" = "fsync:$fsyncs" ] ||
            { echo "$op: exit $status, not killed" >&2; return 1; }
        [ "$n" -eq 1 ] || { echo "$op: the next build: exit $n: $(cat "$T/stderr")" >&2; return 1; }
        snapshot "$T/d" >"$T/now"
        # killed after the journal went (the last sync), the build stands
        if [ "$op" = "fsync:$fsyncs" ]; then
            cmp -s "$T/new" "$T/now" || { echo "$op: not the new build:" >&2; diff "$T/new" "$T/now" >&2; return 1; }
        else
            cmp -s "$T/old" "$T/now" || { echo "$op: not the old build:" >&2; diff "$T/old" "$T/now" >&2; return 1; }
        fi
        tried=$((tried + 1))
    done
    [ "$tried" -ge 20 ]
    # and a good build after one killed is the good run's
    rm -rf "$T/d"
    cp -a "$T/saved" "$T/d"
    (cd "$T/d" && GAMETAB_FAULT=rename:$((renames - 20)) GAMETAB_FAULT_SIGNAL=9 LD_PRELOAD=$SHIM \
        "$GAMETAB" build -o . --start 5,3 >/dev/null 2>&1) || true
    (cd "$T/d" && "$GAMETAB" build -o . --start 5,3 >/dev/null)
    snapshot "$T/d" >"$T/now"
    cmp "$T/new" "$T/now"
}

@test "build: the take-back of a killed build removes the directories it made, also without rename flags, and one that fails stops the next build, naming the directory kept (breaker round 28, F2, F3; round 29, F6)" {
    export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
    cd "$T"
    # an empty en/ of the killed build stayed beside the old ru/ build
    "$GAMETAB" build -o old --lang ru >/dev/null
    cp -a old d
    local status
    set +e
    GAMETAB_FAULT=rename:100 GAMETAB_FAULT_SIGNAL=9 LD_PRELOAD=$SHIM "$GAMETAB" build -o d 2>/dev/null
    status=$?
    set -e
    [ "$status" -eq 137 ]
    [ -d d/en ]
    # and on a file system without rename flags (NFS: renameat2 EINVAL)
    # it was never taken back (breaker round 29, F6); the next build fails
    # at its first write, after the take-back
    run strace -f -qq -o /dev/null -e trace=renameat2 -e inject=renameat2:error=EINVAL \
        -E GAMETAB_FAULT=write:1 -E LD_PRELOAD="$SHIM" "$GAMETAB" build -o d
    [ "$status" -eq 1 ]
    [ "$output" = "gametab: d: No space left on device" ]
    diff -r old d

    # a take-back that failed was replayed over a later build, which then
    # failing left DIR a mix of the two
    "$GAMETAB" build -o old2 --worksheet >/dev/null
    cp -a old2 q
    set +e
    GAMETAB_FAULT=rename:150 GAMETAB_FAULT_SIGNAL=9 LD_PRELOAD=$SHIM "$GAMETAB" build -o q --start 5,3 2>/dev/null
    set -e
    local staging
    staging=$(cd q && echo .gametab-build.*)
    [ -e "q/$staging/.gametab-publish" ]
    run strace -f -qq -o /dev/null -e trace=renameat2 -e inject=renameat2:error=EIO:when=3 \
        "$GAMETAB" build -o q --start 7,7
    [ "$status" -eq 1 ]
    [[ "$output" == "gametab: q/$staging: a build killed while publishing could not be taken back ("*": Input/output error): the old files it moved aside wait there; mend that and build again, and the build takes them back first (removing the directory loses them)" ]]
    [ -e "q/$staging/.gametab-publish" ]
    # nothing of the new build published
    "$GAMETAB" build -o ref --start 7,7 >/dev/null
    run cmp -s ref/en/wythoff-game.tex q/en/wythoff-game.tex
    [ "$status" -eq 1 ]
    # the take-back done, the next build stands whole
    "$GAMETAB" build -o q --start 7,7 >/dev/null
    diff -r ref q
}

@test "build: a stop request after the journal is voided changes nothing; a summary line that cannot be written takes the build back with the journal put back, and a journal that cannot be voided is said before the summary line (breaker round 28, F4; round 29, F8)" {
    # both took the build back without a journal: a kill -9 then left DIR
    # mixed, and the next build removed the old files
    export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
    cd "$T"
    "$GAMETAB" build -o old --lang en >/dev/null
    "$GAMETAB" build -o new --lang en --start 5,3 >/dev/null
    cp -a old d
    (cd d && GAMETAB_FAULT_COUNTS=$T/counts LD_PRELOAD=$SHIM "$GAMETAB" build -o . --lang en --start 5,3 >/dev/null)
    local last
    last=$(awk '$1 == "fsync" { print $2 }' "$T/counts")
    rm -rf d
    cp -a old d
    run env GAMETAB_FAULT=fsync:$last GAMETAB_FAULT_SIGNAL=15 LD_PRELOAD=$SHIM "$GAMETAB" build -o d --lang en --start 5,3
    [ "$status" -eq 0 ]
    [ "$output" = "gametab: wrote 36 files under d/" ]
    diff -r new d

    rm -rf d
    cp -a old d
    local rc=0
    strace -f -qq -o "$T/trace" -e trace=rename,unlinkat "$GAMETAB" build -o d --lang en --start 5,3 \
        >/dev/full 2>"$T/stderr" || rc=$?
    [ "$rc" -eq 1 ]
    [ "$(cat "$T/stderr")" = "gametab: standard output: No space left on device" ]
    diff -r old d
    # every rename taken back before the journal went
    local journal last_rename
    journal=$(grep -n 'unlinkat([0-9]*, "\.gametab-publish", 0) = 0' "$T/trace" | cut -d: -f1)
    last_rename=$(grep -n -E '^([0-9]+ +)?rename\(' "$T/trace" | tail -1 | cut -d: -f1)
    [ -n "$journal" ]
    [ -n "$last_rename" ]
    [ "$journal" -gt "$last_rename" ]

    # the journal is voided before the summary line: one that cannot be is
    # said before it, and the build taken back; its removal failing after
    # the line took the build back (breaker round 29, F8); the second
    # renameat, as the first puts the journal in place
    rm -rf d
    cp -a old d
    rc=0
    strace -f -qq -o /dev/null -e trace=renameat -e inject=renameat:error=EIO:when=2 \
        "$GAMETAB" build -o d --lang en --start 5,3 >"$T/stdout" 2>"$T/stderr" || rc=$?
    [ "$rc" -eq 1 ]
    [ ! -s "$T/stdout" ]
    [ "$(cat "$T/stderr")" = "gametab: d: the journal .gametab-publish cannot be closed: Input/output error" ]
    diff -r old d
}

@test "verify -o: a signal during the sync keeps the old report (143); one at the last rename, after the report is in place, leaves verify's own exit 1 (breaker round 21, F8)" {
    mkdir "$T/d"
    cd "$T/d"
    set +e
    "$GAMETAB" verify -o want.txt >/dev/null
    status=$?
    set -e
    [ "$status" -eq 1 ] # some claims fail: verify's outcome, no message
    echo OLD >v.txt
    set +e
    GAMETAB_FAULT=fsync:1 GAMETAB_FAULT_SIGNAL=15 LD_PRELOAD=$SHIM "$GAMETAB" verify -o v.txt 2>"$T/stderr"
    status=$?
    set -e
    [ "$status" -eq 143 ]
    [ "$(cat "$T/stderr")" = "gametab: v.txt: interrupted by signal 15" ]
    [ "$(cat v.txt)" = OLD ]
    set +e
    GAMETAB_FAULT=rename:1 GAMETAB_FAULT_SIGNAL=15 LD_PRELOAD=$SHIM "$GAMETAB" verify -o v.txt 2>"$T/stderr"
    status=$?
    set -e
    [ "$status" -eq 1 ]
    [ ! -s "$T/stderr" ]
    cmp v.txt want.txt
    [ "$(find . -mindepth 1 | LC_ALL=C sort | tr '\n' ' ')" = "./v.txt ./want.txt " ]
}

# killed_build DIR [AT]: DIR a copy of $T/old (made first: a --lang en
# build) over which a build --start 5,3 was killed (SIGKILL) at its AT-th
# rename (default 71), while it published: its journal left in DIR.
killed_build() {
    [ -d old ] || "$GAMETAB" build -o old --lang en >/dev/null
    cp -a old "$1"
    local status=0
    GAMETAB_FAULT=rename:${2:-71} GAMETAB_FAULT_SIGNAL=9 LD_PRELOAD=$SHIM \
        "$GAMETAB" build -o "$1" --lang en --start 5,3 2>/dev/null || status=$?
    [ "$status" -eq 137 ]
    [ -e "$1"/.gametab-build.*/.gametab-publish ]
}

# refused_journal DIR WHY: a build into DIR, whose killed build's journal
# is damaged, stops saying why (WHY), and moves nothing.
refused_journal() {
    local journal
    journal=$(echo "$1"/.gametab-build.*/.gametab-publish)
    rm -rf before
    cp -a "$1" before
    run "$GAMETAB" build -o "$1" --lang en
    [ "$status" -eq 1 ]
    [ "$output" = "gametab: $journal: not a journal a build writes ($2): nothing was moved; build with the gametab that wrote it, or remove ${journal%/*} to go on (losing the old files it holds)" ]
    diff -r before "$1"
}

@test "build: the take-back of a killed build keeps a file written into DIR since, and takes the rest back (breaker round 30, F5: a failing build put the old file in place of the user's)" {
    cd "$T"
    killed_build d
    # mended by hand: one file the dead build published, one it moved
    # aside (stale) or had not reached, each written again
    "$GAMETAB" table wythoff-game --start 9,9 -o d/wythoff-game.csv.gz
    "$GAMETAB" table nim-p-positions --count 3 -o d/errata.csv.gz
    cp d/wythoff-game.csv.gz mine-game.csv.gz
    cp d/errata.csv.gz mine-errata.csv.gz
    # the next build fails at its first write, after the take-back
    run env GAMETAB_FAULT=write:1 LD_PRELOAD="$SHIM" "$GAMETAB" build -o d --lang en
    [ "$status" -eq 1 ]
    cmp mine-game.csv.gz d/wythoff-game.csv.gz
    cmp mine-errata.csv.gz d/errata.csv.gz
    cp mine-game.csv.gz old/wythoff-game.csv.gz
    cp mine-errata.csv.gz old/errata.csv.gz
    diff -r old d
}


@test "build: the take-back of a killed build holds for a copy of DIR (cp -a), and keeps a file the user wrote where the build had moved the old one aside (breaker round 31, F2, F3)" {
    cd "$T"
    killed_build c1
    # a copy has new inodes: every file was taken for the user's, and the
    # old ones dropped
    cp -a c1 c2
    run env GAMETAB_OUTPUT_MAX=100 "$GAMETAB" build -o c2 --lang en
    [ "$status" -eq 1 ]
    diff -r old c2
    # killed between a file's two renames: its name empty in DIR
    killed_build m 70
    [ ! -e m/en/wythoff-p-positions.tex ]
    "$GAMETAB" table wythoff-p-positions --format tex --lang en --count 3 -o m/en/wythoff-p-positions.tex
    cp m/en/wythoff-p-positions.tex mine.tex
    # the old file's return failed for good (EEXIST)
    run env GAMETAB_OUTPUT_MAX=100 "$GAMETAB" build -o m --lang en
    [ "$status" -eq 1 ]
    [[ "$output" == *"output larger than 100 bytes"* ]]
    cmp mine.tex m/en/wythoff-p-positions.tex
    cp mine.tex old/en/wythoff-p-positions.tex
    diff -r old m
}

@test "build: the take-back reads no file of another kind or size at a killed build's name: a FIFO there is the user's, not a hang (breaker round 32, F1)" {
    cd "$T"
    killed_build f
    rm f/wythoff-game.csv.gz
    mkfifo f/wythoff-game.csv.gz
    run timeout 60 "$GAMETAB" build -o f --lang en
    [ "$status" -eq 0 ]
    [ "$output" = "gametab: wrote 36 files under f/" ]
    [ -f f/wythoff-game.csv.gz ]
}

@test "build: a file at a killed build's name whose identity cannot be read (EIO) stops the take-back, the old file kept for the next build (breaker round 32, F11: it counted as the user's file, and the old one was dropped)" {
    cd "$T"
    killed_build e
    run env GAMETAB_FAULT_READ=wythoff-p-positions.csv.gz LD_PRELOAD="$SHIM" \
        "$GAMETAB" build -o e --lang en
    [ "$status" -eq 1 ]
    [[ "$output" == "gametab: e/.gametab-build."*": a build killed while publishing could not be taken back (wythoff-p-positions.csv.gz: Input/output error): "* ]]
    [ -e e/.gametab-build.*/.gametab-publish ]
    [ -e e/.gametab-build.*/.old-0 ]
    # mended, the next build takes it back (and fails after, to show it)
    run env GAMETAB_OUTPUT_MAX=100 "$GAMETAB" build -o e --lang en
    [ "$status" -eq 1 ]
    diff -r old e
}

@test "build: a journal holding a NUL byte or cut short is kept, with the old files, and the build stops; one never renamed into place is none (breaker round 40, F7: the list was cut at the NUL, and a cut journal taken for one written before any rename, the old files removed)" {
    cd "$T"
    killed_build z
    journal=$(echo z/.gametab-build.*/.gametab-publish)
    cp "$journal" journal.whole
    # the f of the first entry a NUL, as a crash's zero-filled block
    python3 -c 'import sys; b = open(sys.argv[1], "rb").read(); i = b.index(b"\n") + 1; open(sys.argv[1], "wb").write(b[:i] + b"\0" + b[i + 1:])' "$journal"
    refused_journal z "it holds a NUL byte"
    head -c $(($(stat -c %s journal.whole) - 10)) journal.whole >"$journal"
    refused_journal z 'cut short: its last line is not "end"'
    # whole again, it is taken back
    cp journal.whole "$journal"
    run env GAMETAB_OUTPUT_MAX=100 "$GAMETAB" build -o z --lang en
    [ "$status" -eq 1 ]
    diff -r old z
    # killed while it wrote the journal: the part, never renamed, is none
    cp -a old p
    run strace -f -qq -o /dev/null -e trace=renameat -e inject=renameat:signal=SIGKILL:when=1 \
        "$GAMETAB" build -o p --lang en --start 5,3
    [ "$status" -eq 137 ]
    [ -e p/.gametab-build.*/.gametab-publish-part ]
    [ ! -e p/.gametab-build.*/.gametab-publish ]
    run env GAMETAB_OUTPUT_MAX=100 "$GAMETAB" build -o p --lang en
    [ "$status" -eq 1 ]
    diff -r old p
}

@test "build: a whole journal whose head this gametab does not know is kept, with the old files, and the build stops (breaker round 32, F8: it was taken for not whole and removed)" {
    cd "$T"
    killed_build h
    journal=$(echo h/.gametab-build.*/.gametab-publish)
    sed -i '1s/.*/gametab publish 3/' "$journal"
    refused_journal h "whole, but its first line is no head this gametab writes (a later gametab's?)"
    # with its head mended, it is taken back
    sed -i '1s/.*/gametab publish 2/' "$journal"
    run env GAMETAB_OUTPUT_MAX=100 "$GAMETAB" build -o h --lang en
    [ "$status" -eq 1 ]
    diff -r old h
}
