#!/usr/bin/env bats
# The layers of src/ (src/LAYERS): every #include follows the rules, and
# the checker catches each way of breaking them, shown on a planted copy.

load helpers

top=${GAMETAB_TOP_SRCDIR:-$BATS_TEST_DIRNAME/..}
check=$top/tests/check-layers

# A copy of src/ to break, in $T/src.
copy_src() {
    cp -R "$top/src" "$T/src"
    find "$T/src" -name '*.o' -delete
}

@test "every #include in src/ follows src/LAYERS" {
    run "$check" "$top/src"
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}

@test "games/ including a sink is caught, naming the file and line" {
    copy_src
    printf '#include "sinks/sink-csv.h"\n' >>"$T/src/games/wythoff.c"
    run "$check" "$T/src"
    [ "$status" -eq 1 ]
    line=$(wc -l <"$T/src/games/wythoff.c")
    [[ "$output" == *"games/wythoff.c:$line: #include \"sinks/sink-csv.h\": games may not include sinks (LAYERS)"* ]]
}

@test "an upward arrow between two allowed-looking layers is caught" {
    copy_src
    # io sits below template: an io file may not include the template engine.
    printf '#include "template/mustache.h"\n' >>"$T/src/io/output.h"
    run "$check" "$T/src"
    [ "$status" -eq 1 ]
    [[ "$output" == *"io/output.h:"*"io may not include template"* ]]
}

@test "an include without its folder is caught" {
    copy_src
    printf '#include "wythoff.h"\n' >>"$T/src/tables/tables.c"
    run "$check" "$T/src"
    [ "$status" -eq 1 ]
    [[ "$output" == *"tables/tables.c:"*'name the folder ("tables/wythoff.h")'* ]]
}

@test "a file outside the folders, or in a folder LAYERS does not name, is caught" {
    copy_src
    printf 'int x;\n' >"$T/src/stray.c"
    mkdir "$T/src/extra"
    printf '#include "base/error.h"\n' >"$T/src/extra/thing.c"
    run "$check" "$T/src"
    [ "$status" -eq 1 ]
    [[ "$output" == *"stray.c: a source file belongs in a folder of src/ named in LAYERS"* ]]
    [[ "$output" == *"extra/thing.c: folder extra is not in"* ]]
}

@test "LAYERS itself may only point down: a rule naming a later folder is caught" {
    copy_src
    sed -i 's/^games$/games       sinks/' "$T/src/LAYERS"
    run "$check" "$T/src"
    [ "$status" -eq 1 ]
    [[ "$output" == *"LAYERS:"*"games may include sinks, which is not listed above it"* ]]
}
