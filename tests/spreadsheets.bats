#!/usr/bin/env bats
# Spreadsheets, checked with the real readers: LibreOffice Calc converts
# gametab's csv.gz and xlsx files back to CSV, and every cell is compared
# with gametab's own CSV (tests/compare-cells); openpyxl reads the xlsx
# files' types, header, notes and chart; gzip, zcat, Python's gzip, pandas
# and `gametab render` read the single-member csv.gz.  LibreOffice starts
# slowly, so setup_file makes every file and runs the five conversions
# once; each test then checks one thing of their results.

load helpers

# Debian's python3, the one python3-openpyxl is installed for.
PY=/usr/bin/python3
COMPARE=$BATS_TEST_DIRNAME/compare-cells

# The CSV export of LibreOffice: separator, quote, UTF-8, from line 1,
# cells as shown (so an integer formatted "0" keeps all its digits and p_N
# shows the article's 4 places), every sheet to FILE-SHEET.csv.
EXPORT='Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false'

# lo LOCALE PROFILE OUTDIR [SOFFICE OPTIONS] FILE...: converts to CSV.
lo() {
    local locale=$1 profile=$2 outdir=$3
    shift 3
    LANG=$locale LC_ALL=$locale soffice -env:UserInstallation="file://$profile" --headless \
        "$@" --outdir "$outdir" >>"$D/soffice.log" 2>&1
}

setup_file() {
    D=$BATS_FILE_TMPDIR
    export D
    local g=${GAMETAB:-$BATS_TEST_DIRNAME/../gametab}
    for ext in csv csv.gz xlsx; do
        "$g" table wythoff-p-positions --count 100000 --quiet -o "$D/p.$ext"
    done
    for ext in csv csv.gz xlsx; do
        "$g" table wythoff-fibonacci --count 2000 -o "$D/fib.$ext"
        "$g" table wythoff-frequencies --count 3000 -o "$D/freq.$ext"
    done
    # b_n reaches 16 digits (10^15) at n = 381966011250106, the seventh row
    # of b15; the last rows there are, b_n up to 2^64 - 1.  A shard's CSV
    # has no header: the sheet has, so the CSV to compare with gets one.
    # n reaches 10^15 at the eleventh row of n15 (Excel shows at most 15
    # significant digits: 9007199254740991 as 9007199254740990).
    for f in b15:381966011250100 n15:999999999999990 b64:7046029254386353101; do
        "$g" table wythoff-p-positions --from "${f#*:}" --count 30 -o "$D/${f%:*}.xlsx"
        { echo n,a_n,b_n; "$g" table wythoff-p-positions --from "${f#*:}" --count 30; } >"$D/${f%:*}.csv"
    done
    # a_n_fib and b_n_fib near 2^64: 91 and 92 digits, past the 60 that
    # text with spaces is wrapped at.
    "$g" table wythoff-fibonacci --from 7046029254386353101 --count 3 -o "$D/fib64.xlsx"
    # N reaches 10^15 at the eleventh row of fr15, 2^53 at the twelfth of
    # fr53: the chart's x values there.
    "$g" table wythoff-frequencies --from 999999999999990 --count 30 -o "$D/fr15.xlsx"
    "$g" table wythoff-frequencies --from 9007199254740980 --count 30 -o "$D/fr53.xlsx"
    "$g" build -o "$D/out" >/dev/null 2>&1
    for t in $("$g" list | cut -d' ' -f1); do
        zcat "$D/out/$t.csv.gz" >"$D/out-$t.csv"
    done
    # The first two in the C.UTF-8 locale (LibreOffice's en-US; UTF-8, so
    # that it can name the file of the sheet «содержание»), the others as a
    # user in Russia.
    lo C.UTF-8 "$D/lo-en" "$D/x" --convert-to "csv:$EXPORT,-1" \
        "$D/p.xlsx" "$D/fib.xlsx" "$D/b15.xlsx" "$D/n15.xlsx" "$D/b64.xlsx" "$D/freq.xlsx" "$D/out/gametab.xlsx"
    # The README's import: UTF-8, English (USA), columns 4 to 7 as text (the
    # digit strings of wythoff-fibonacci; the other files' columns there
    # export the same as text or as numbers).
    lo C.UTF-8 "$D/lo-en" "$D/g" --infilter=CSV:44,34,76,1,4/2/5/2/6/2/7/2,1033 \
        --convert-to "csv:$EXPORT" "$D/p.csv.gz" "$D/fib.csv.gz" "$D/out/errata.csv.gz"
    # The workbook printed as LibreOffice shows it: what a cell hides is
    # not in the PDF.
    lo C.UTF-8 "$D/lo-en" "$D/pdf" --convert-to pdf "$D/out/gametab.xlsx" "$D/fib64.xlsx"
    # Every sheet, text quoted: a number and its digits as text then differ.
    lo C.UTF-8 "$D/lo-en" "$D/q" --convert-to "csv:${EXPORT/,false,true,true,/,true,true,true,},-1" \
        "$D/fr15.xlsx" "$D/n15.xlsx"
    lo ru_RU.UTF-8 "$D/lo-ru" "$D/r" --convert-to "csv:${EXPORT/44,/59,},-1" "$D/freq.xlsx"
    # gametab's CSV under Russian settings: as "English (USA)" text (1033),
    # as the README says, and as Russian (1049), which reads p_N as text.
    lo ru_RU.UTF-8 "$D/lo-ru" "$D/rc" --infilter=CSV:44,34,76,1,,1033 \
        --convert-to "csv:${EXPORT/44,/59,}" "$D/freq.csv"
    lo ru_RU.UTF-8 "$D/lo-ru" "$D/rr" --infilter=CSV:44,34,76,1,,1049 \
        --convert-to "csv:${EXPORT/44,/59,}" "$D/freq.csv"
}

@test "csv.gz is one gzip member that gzip, zcat, Python's gzip and render read whole" {
    gzip -t "$D/p.csv.gz"
    cmp "$D/p.csv" <(zcat "$D/p.csv.gz")
    # One member: zlib's decompressor stops at the end of the first, and
    # nothing is left after it.
    $PY -c '
import sys, zlib
d = zlib.decompressobj(31)
data = open(sys.argv[1], "rb").read()
out = d.decompress(data)
assert d.eof and d.unused_data == b"", "more than one gzip member"
assert out == open(sys.argv[2], "rb").read(), "content differs"
' "$D/p.csv.gz" "$D/p.csv"
    $PY -c 'import gzip, sys; assert gzip.open(sys.argv[1]).read() == open(sys.argv[2], "rb").read()' \
        "$D/p.csv.gz" "$D/p.csv"
    printf '{{#rows}}{{data.b_n}}\n{{/rows}}' >"$T/t.txt"
    gt render "$T/t.txt" "$D/p.csv.gz" -o "$T/b.txt"
    [ "$status" -eq 0 ]
    cmp "$T/b.txt" <(cut -d, -f3 "$D/p.csv" | tail -n +2)
}

@test "LibreOffice reads the 100 000-row csv.gz whole: every cell" {
    run "$COMPARE" "$D/p.csv" "$D/g/p.csv.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "100001 rows, 300003 cells equal" ]
}

@test "LibreOffice reads the 100 000-row xlsx whole: every cell" {
    run "$COMPARE" "$D/p.csv" "$D/x/p-wythoff-p-positions.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "100001 rows, 300003 cells equal" ]
}

@test "xlsx: Fibonacci and binary digit strings stay text past n = 989" {
    run "$COMPARE" "$D/fib.csv" "$D/x/fib-wythoff-fibonacci.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "2001 rows, 14007 cells equal" ]
    grep -qx '989,1600,2589,11001000000,101000011101,1000000000000100,10000000000001000' \
        "$D/x/fib-wythoff-fibonacci.csv"
    $PY -c '
import openpyxl, sys
ws = openpyxl.load_workbook(sys.argv[1]).active
header = [c.value for c in ws[1]]
for row in ws.iter_rows(min_row=2):
    for name, c in zip(header, row):
        want = "s" if name.endswith(("_bin", "_fib")) else "n"
        assert c.data_type == want, (name, c.coordinate, c.value, c.data_type)
' "$D/fib.xlsx"
}

@test "LibreOffice imports wythoff-fibonacci.csv.gz as the README says: digit strings stay text" {
    run "$COMPARE" "$D/fib.csv" "$D/g/fib.csv.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "2001 rows, 14007 cells equal" ]
}

@test "pandas reads csv.gz, joined shards and the workbook exactly, as the README says" {
    "$GAMETAB" table wythoff-p-positions --from 0 --count 5 -o "$T/s0.csv.gz"
    "$GAMETAB" table wythoff-p-positions --from 7046029254386353126 --count 5 -o "$T/s1.csv.gz"
    cat "$T/s0.csv.gz" "$T/s1.csv.gz" >"$T/joined.csv.gz"
    "$GAMETAB" table kordemsky-start --max 27 -o "$T/start.csv.gz"
    $PY -c '
import sys, pandas as pd
from decimal import Decimal
t, d = sys.argv[1], sys.argv[2]
j = pd.read_csv(t + "/joined.csv.gz")
assert len(j) == 10 and str(j.b_n.dtype) == "uint64", (len(j), j.dtypes)
assert int(j.b_n.iloc[-1]) == 2**64 - 1 and int(j.b_n.iloc[1]) == 2
digits = {c: str for c in ("a_n_bin", "b_n_bin", "a_n_fib", "b_n_fib")}
f = pd.read_csv(d + "/fib.csv.gz", dtype=digits)
assert f.a_n_fib.iloc[988] == "1000000000000100", f.a_n_fib.iloc[988]
assert str(f.a_n.dtype) == "int64"
x = pd.read_excel(d + "/out/gametab.xlsx", sheet_name="wythoff-fibonacci", dtype=digits)
c = pd.read_csv(d + "/out-wythoff-fibonacci.csv", dtype=digits)
assert x.equals(c), (x, c)
q = pd.read_csv(d + "/freq.csv")
assert q.p_N.iloc[2] == 0.666666666667 and str(q.p_N.dtype) == "float64"
e = pd.read_csv(d + "/freq.csv", dtype={"p_N": str})
assert Decimal(e.p_N.iloc[2]) == Decimal("0.666666666667")
k = pd.read_csv(t + "/start.csv.gz")["take"]
assert str(k.dtype) == "float64" and k.isna().iloc[0], k
k = pd.read_csv(t + "/start.csv.gz", dtype={"take": "Int64"})["take"]
assert str(k.dtype) == "Int64" and k.isna().iloc[0] and k.iloc[1] == 2, k
' "$T" "$D"
}

@test "xlsx: integers are numbers up to 10^15 - 1 (15 digits); a column reaching 10^15 is text throughout, with a note" {
    # Breaker round 15: integers were numbers up to 2^53 - 1, 16 digits,
    # which Excel shows to 15 significant digits only (9007199254740991 as
    # 9007199254740990).  Breaker round 17, F11: a column was numbers up to
    # 10^15 - 1 and text after, so a SUM or a numeric filter skipped its
    # last rows; now a column that reaches 10^15 is text in every row.
    for f in b15 n15 b64; do
        run "$COMPARE" "$D/$f.csv" "$D/x/$f-wythoff-p-positions.csv"
        echo "$output"
        [ "$status" -eq 0 ]
        [ "$output" = "31 rows, 93 cells equal" ]
    done
    # The last row: b_n = 2^64 - 1, every digit kept.
    grep -qx '7046029254386353130,11400714819323198485,18446744073709551615' \
        "$D/x/b64-wythoff-p-positions.csv"
    $PY -c '
import openpyxl, sys
for name in sys.argv[1:]:
    ws = openpyxl.load_workbook(name).active
    seen = set()
    for col in ws.iter_cols(min_row=2):
        # One type a column: text when any of its values reaches 10^15.
        kind = "s" if max(int(c.value) for c in col) >= 10**15 else "n"
        for c in col:
            assert c.data_type == kind, (name, c.coordinate, c.value, c.data_type)
            if c.data_type == "n":
                assert c.number_format == "0", c.number_format
        seen.add(kind)
    assert seen == ({"n", "s"} if name.endswith("b15.xlsx") else {"s"}), (name, seen)
b = openpyxl.load_workbook(sys.argv[1]).active
# b_n holds text: its header has the note; n and a_n (< 10^15) have none.
assert "15 significant digits" in b["C1"].comment.text, b["C1"].comment
assert b["A1"].comment is None and b["B1"].comment is None
n = openpyxl.load_workbook(sys.argv[2]).active
assert n["A11"].value == "999999999999999" and n["A12"].value == "1000000000000000", (n["A11"].value, n["A12"].value)
assert all("15 significant digits" in c.comment.text for c in n[1]), [c.comment for c in n[1]]
assert "one type throughout" in n["A1"].comment.text, n["A1"].comment
# pandas reads the column as one type: text, every digit.
import pandas as pd
col = pd.read_excel(sys.argv[2], dtype={"n": str})["n"]
assert all(isinstance(v, str) for v in col) and col.iloc[-1] == "1000000000000019", list(col)
col = pd.read_excel(sys.argv[2])["n"]
assert len({type(v) for v in col}) == 1, {type(v) for v in col}
' "$D/b15.xlsx" "$D/n15.xlsx"
    # LibreOffice reads 15 digits as text (quoted) too, in a column that
    # reaches 16; a column below 10^15 as numbers (unquoted).
    grep -qx '"999999999999999","1618033988749893","2618033988749892"' "$D/q/n15-wythoff-p-positions.csv"
    grep -qx '"1000000000000000","1618033988749894","2618033988749894"' "$D/q/n15-wythoff-p-positions.csv"
    grep -qx '381966011250105,618033988749894,999999999999999' "$D/x/b15-wythoff-p-positions.csv"
}

@test "xlsx in a Russian locale: p_N, q_N are numbers, shown with 4 places and a comma" {
    run "$COMPARE" "$D/freq.csv" "$D/r/freq-wythoff-frequencies.csv" --sep ';' \
        --decimal p_N,q_N --places 4 --comma
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "3001 rows, 15005 cells equal" ]
    grep -q '^3;2;1;0,6667;0,3333$' "$D/r/freq-wythoff-frequencies.csv"
}

@test "CSV in a Russian locale: imported as English (USA), p_N and q_N are numbers" {
    run "$COMPARE" "$D/freq.csv" "$D/rc/freq.csv" --sep ';' --decimal p_N,q_N --comma
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "3001 rows, 15005 cells equal" ]
    # Imported as Russian, the same cells are text: the point stays.
    grep -q '^3;2;1;0.666666666667;0.333333333333$' "$D/rr/freq.csv"
}

@test "the errata with Cyrillic: from errata.csv.gz and from gametab.xlsx, every cell" {
    run "$COMPARE" "$D/out/errata.csv.gz" "$D/g/errata.csv.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    run "$COMPARE" "$D/out/errata.csv.gz" "$D/x/gametab-errata.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    grep -q 'Проигрышные поля' "$D/x/gametab-errata.csv"
    grep -q '^Feng Yuefeng,feng-theorem-2,' "$D/x/gametab-errata.csv"
}

@test "gametab.xlsx: every table's sheet equals the build's csv.gz, cell by cell" {
    n=0
    for t in $("$GAMETAB" list | grep '^[^ ]' | cut -d' ' -f1); do
        if [ "$t" = wythoff-frequencies ]; then
            run "$COMPARE" "$D/out-$t.csv" "$D/x/gametab-$t.csv" --decimal p_N,q_N --places 4
        else
            run "$COMPARE" "$D/out-$t.csv" "$D/x/gametab-$t.csv"
        fi
        echo "$t: $output"
        [ "$status" -eq 0 ]
        n=$((n + 1))
    done
    [ "$n" -eq 13 ]
    grep -q '^wythoff-p-positions,"Проигрышные позиции (a_n; b_n)' "$D/x/gametab-содержание.csv"
    # the Russian contents cite the articles in Russian, each table's place too
    grep -q '^wythoff-p-positions,.*,"Матулис и Савукинас, «Квант», 1984, № 7: таблица «Проигрышные поля»; теорема 1"$' \
        "$D/x/gametab-содержание.csv"
    [ "$(grep -c ',"\(Матулис\|Яглом\|Фэн\|А\. Тетерко\)[^"]*"$' "$D/x/gametab-содержание.csv")" -eq 13 ]
    refute grep -E 'Kvant|Theorem|[Tt]able «|exercise|[Ff]igure' "$D/x/gametab-содержание.csv"
    grep -q '^wythoff-p-positions,.*,"Matulis & Savukinas, Kvant 1984 no. 7, table «Проигрышные поля»; Theorem 1"$' \
        "$D/x/gametab-contents.csv"
    grep -q "^wythoff-p-positions,\"P-positions (a_n, b_n) of Wythoff's game" "$D/x/gametab-contents.csv"
}

@test "gametab.xlsx: sheets, frozen bold headers, filters, types, properties and the chart" {
    $PY -c '
import openpyxl, sys
from openpyxl.chart import ScatterChart
wb = openpyxl.load_workbook(sys.argv[1])
tables = sys.argv[2].split()
names = wb.sheetnames
assert names[:2] == ["содержание", "contents"], names
assert [n for n in names[2:] if not n.endswith("-lines")] == tables + ["errata"], names
assert wb["wythoff-frequencies-lines"].sheet_state == "hidden"
for name in tables + ["errata", "contents"]:
    ws = wb[name]
    assert ws.freeze_panes == "A2", (name, ws.freeze_panes)
    assert all(c.font.b for c in ws[1]), name
    assert ws.auto_filter.ref == "A1:%s%d" % (ws.cell(1, ws.max_column).column_letter, ws.max_row), (name, ws.auto_filter.ref)
    assert all(ws.column_dimensions[c.column_letter].width > len(str(c.value)) for c in ws[1]), name
f = wb["wythoff-frequencies"]
assert [c.value for c in f[4]] == [3, 2, 1, 0.666666666667, 0.333333333333], [c.value for c in f[4]]
assert f["D4"].number_format == "0.0000" and f["A4"].number_format == "0"
e = wb["errata"]
assert e["E2"].data_type == "n" and e["A2"].value == "Matulis & Savukinas 1984", (e["E2"].value, e["A2"].value)
charts = f._charts
assert len(charts) == 1 and isinstance(charts[0], ScatterChart)
series = charts[0].series
assert [s.tx.v for s in series] == ["p_N", "q_N", "1/φ", "1/φ²"], [s.tx.v for s in series]
refs = [(s.xVal.numRef.f, s.yVal.numRef.f) for s in series]
assert refs[0] == ("'"'"'wythoff-frequencies'"'"'!$A$2:$A$12", "'"'"'wythoff-frequencies'"'"'!$D$2:$D$12"), refs[0]
assert refs[2][1] == "'"'"'wythoff-frequencies-lines'"'"'!$B$2:$B$3", refs[2]
lines = wb["wythoff-frequencies-lines"]
assert [c.value for c in lines[2]] == [1, 0.61803398875, 0.38196601125], [c.value for c in lines[2]]
assert [c.value for c in lines[3]][0] == 11
p = wb.properties
assert p.title.startswith("gametab") and "Kvant 1984" in p.description, (p.title, p.description)
' "$D/out/gametab.xlsx" "$("$GAMETAB" list | grep '^[^ ]' | cut -d' ' -f1 | tr '\n' ' ')"
}

@test "xlsx chart past 15 digits: every x it draws is a number, on the hidden sheet; below, as before" {
    # Breaker round 15, F11: the chart took N from the data sheet, text from
    # 2^53 (now 10^15) on, so LibreOffice drew p_N and q_N only up to there
    # and the limit lines, whose last x was text, not at all.
    $PY -c '
import openpyxl, re, sys
from openpyxl.utils import range_boundaries
def cells(wb, ref):
    sheet, rng = re.fullmatch(r"\x27?(.*?)\x27?!(.*)", ref).groups()
    c1, r1, c2, r2 = range_boundaries(rng.replace("$", ""))
    ws = wb[sheet]
    return [ws.cell(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]
# fr15: N from 999999999999991, 10^15 at row 11; fr53: past 2^53, where
# the doubles are rounded.
for name, first in ((sys.argv[1], 999999999999991), (sys.argv[2], 9007199254740981)):
    wb = openpyxl.load_workbook(name)
    f = wb["wythoff-frequencies"]
    series = f._charts[0].series
    assert [s.tx.v for s in series] == ["p_N", "q_N", "1/φ", "1/φ²"], [s.tx.v for s in series]
    for s in series:
        for ref in (s.xVal.numRef.f, s.yVal.numRef.f):
            for c in cells(wb, ref):
                assert c.data_type == "n" and isinstance(c.value, (int, float)), (name, ref, c.coordinate, c.value)
    xs = [c.value for c in cells(wb, series[0].xVal.numRef.f)]
    assert len(xs) == 30 and xs == [float(first + i) for i in range(30)], (name, xs)
    assert cells(wb, series[0].xVal.numRef.f)[0].parent.sheet_state == "hidden"
    assert [c.value for c in cells(wb, series[2].xVal.numRef.f)] == [first, first + 29]
    lines = wb["wythoff-frequencies-lines"]
    assert "16 digits" in lines["D1"].comment.text, lines["D1"].comment
# The data sheet keeps every digit: N, which reaches 16 digits, is text
# in every row, as documented.
f = openpyxl.load_workbook(sys.argv[1])["wythoff-frequencies"]
assert f["A10"].value == "999999999999999" and f["A11"].value == "1000000000000000", (f["A10"].value, f["A11"].value)
# Below 10^15 nothing changes: x from the data sheet, three columns of lines.
g = openpyxl.load_workbook(sys.argv[3])
assert g["wythoff-frequencies-lines"].max_column == 3
assert g["wythoff-frequencies"]._charts[0].series[0].xVal.numRef.f == "\x27wythoff-frequencies\x27!$A$2:$A$3001"
' "$D/fr15.xlsx" "$D/fr53.xlsx" "$D/freq.xlsx"
    # LibreOffice reads them as numbers: unquoted, where text is quoted.
    l=$D/q/fr15-wythoff-frequencies-lines.csv
    [ "$(sed -n 3p "$l")" = '1000000000000020,0.618033988750,0.381966011250,999999999999992' ]
    [ "$(cut -d, -f4 "$l" | tail -n +2 | grep -c '^[0-9]\{15,16\}$')" -eq 30 ]
    grep -q '^"999999999999999",' "$D/q/fr15-wythoff-frequencies.csv"
    grep -q '^"1000000000000000",' "$D/q/fr15-wythoff-frequencies.csv"
}

@test "gametab.xlsx: a text too long for a column wraps, its row tall enough to show it whole in LibreOffice" {
    # Breaker round 15, F4: the contents' and the errata's long texts were
    # cut at 60 characters by the next cell ("... p_N = A_N/N, q_").
    # In the PDF's own order (-raw): a page holds a sheet's columns side by
    # side, and pdftotext's reading order would mix their wrapped lines.
    pdftotext -raw "$D/pdf/gametab.pdf" "$T/g.txt"
    $PY -c '
import openpyxl, re, sys
wb = openpyxl.load_workbook(sys.argv[1])
# pdftotext joins a line that ends in a hyphen to the next without one.
flat = lambda t: re.sub(r"[\s-]", "", t)
pdf = flat(open(sys.argv[2], encoding="utf-8").read())
long = {}
for ws in wb.worksheets:
    for col in ws.iter_cols(min_row=2):
        width = int(ws.column_dimensions[col[0].column_letter].width)
        for c in col:
            wraps = isinstance(c.value, str) and len(c.value) + 1 > width
            assert bool(c.alignment.wrap_text) == wraps, (ws.title, c.coordinate, c.value, width)
            if not wraps:
                continue
            long[ws.title] = long.get(ws.title, 0) + 1
            lines = -(-len(c.value) // width)
            assert (ws.row_dimensions[c.row].height or 15) >= 15 * lines, (ws.title, c.coordinate)
            assert flat(c.value) in pdf, (ws.title, c.coordinate, c.value)
assert sorted(long) == ["contents", "errata", "содержание"], long
assert long["errata"] > 100, long
' "$D/out/gametab.xlsx" "$T/g.txt"
}

@test "xlsx printed: A4, with its grid, the header atop every page, a sheet wider than portrait landscape and one page wide (breaker round 17, F3)" {
    # Breaker round 17, F3: gametab.xlsx printed to 53 pages, the contents
    # one column a page and the errata's 14 columns over 30 pages.
    $PY -c '
import openpyxl, sys
for name in sys.argv[1:]:
    wb = openpyxl.load_workbook(name)
    for ws in wb.worksheets:
        if ws.sheet_state == "hidden":
            continue
        ps = ws.page_setup
        assert (ws.print_title_rows or "").replace("$", "") == "1:1", (name, ws.title, ws.print_title_rows)
        assert str(ps.paperSize) == "9", (name, ws.title, ps.paperSize)
        # the grid printed: without it a right-aligned number ends under
        # the left-aligned name of the next column (newcomer N7)
        assert ws.print_options.gridLines, (name, ws.title)
        wide = ws.title in ("содержание", "contents", "errata", "wythoff-frequencies") or name.endswith("fib64.xlsx")
        fit = ws.sheet_properties.pageSetUpPr
        assert (ps.orientation == "landscape") == wide, (name, ws.title, ps.orientation)
        assert bool(fit and fit.fitToPage) == wide, (name, ws.title)
        if wide:
            # fitToWidth 1 is the default, which the file may leave out.
            assert (int(ps.fitToWidth or 1), int(ps.fitToHeight)) == (1, 0), (name, ws.title, ps.fitToWidth, ps.fitToHeight)
' "$D/out/gametab.xlsx" "$D/fib64.xlsx"
    # LibreOffice's PDF: every page A4, every column of a sheet on the
    # pages of its rows.
    pdf=$D/pdf/gametab.pdf
    pages=$(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }')
    [ "$pages" -le 20 ]
    [ "$(pdfinfo -f 1 -l "$pages" "$pdf" | grep -c '^Page .*size: .*(A4)$')" -eq "$pages" ]
    contents=0 errata=0
    for i in $(seq 1 "$pages"); do
        pdftotext -f "$i" -l "$i" "$pdf" "$T/$i.txt"
        size=$(pdfinfo -f "$i" -l "$i" "$pdf" | grep '^Page .*size:')
        # The header row heads every page, a sheet's next pages too
        # (wythoff-grundy's rows take three): no page starts with a number.
        head -1 "$T/$i.txt" | grep -qv '^[0-9]' || { echo "page $i starts with a row"; false; }
        if grep -q 'Матулис' "$T/$i.txt"; then
            for h in лист 'что в нём' источник; do grep -q "$h" "$T/$i.txt"; done
            contents=$((contents + 1))
        fi
        if grep -q '^Matulis & Savukinas 1984$' "$T/$i.txt"; then
            for h in article id source result bound range cases failures skipped \
                counterexamples statement_en statement_ru correction_en correction_ru; do
                grep -qx "$h" "$T/$i.txt" || { echo "page $i: no $h"; false; }
            done
            [[ $size == *'841.89 x 595.3'* ]]
            errata=$((errata + 1))
        fi
    done
    [ "$contents" -eq 1 ]
    [ "$errata" -ge 1 ]
    # 92 Fibonacci digits: one landscape page, every column on it.
    [ "$(pdfinfo "$D/pdf/fib64.pdf" | awk '/^Pages:/ { print $2 }')" -eq 1 ]
    pdftotext "$D/pdf/fib64.pdf" "$T/fib64.txt"
    for h in n a_n b_n a_n_bin b_n_bin a_n_fib b_n_fib; do grep -qx "$h" "$T/fib64.txt"; done
}

@test "xlsx: a digit string longer than 60 widens its column, unwrapped" {
    $PY -c '
import openpyxl, sys
ws = openpyxl.load_workbook(sys.argv[1]).active
for col in ws.iter_cols():
    width = ws.column_dimensions[col[0].column_letter].width
    widest = max(len(str(c.value)) for c in col)
    assert width > widest, (col[0].value, width, widest)
    assert not any(c.alignment.wrap_text for c in col), col[0].value
    assert all(ws.row_dimensions[c.row].height is None for c in col), col[0].value
assert ws["G2"].data_type == "s" and len(ws["G2"].value) == 92, ws["G2"].value
' "$D/fib64.xlsx"
}

@test "xlsx: a table's workbook is written by gametab, the article's authors in its comments, no empty source field (breaker round 15)" {
    for t in misere-nim-p-positions kordemsky-start wythoff-beatty nim-p-positions; do
        gt table $t -o "$T/$t.xlsx"
        [ "$status" -eq 0 ]
    done
    $PY -c '
import sys, openpyxl
for t in sys.argv[2:]:
    p = openpyxl.load_workbook(sys.argv[1] + "/" + t + ".xlsx").properties
    assert p.creator == "gametab" and p.lastModifiedBy == "gametab", (t, p.creator, p.lastModifiedBy)
    assert ", ," not in p.description, (t, p.description)
    assert p.description.startswith(("Feng Yuefeng", "A. Teterko", "Matulis & Savukinas", "Yaglom")), t
' "$T" misere-nim-p-positions kordemsky-start wythoff-beatty nim-p-positions
}

@test "xlsx: more rows than a sheet holds is a usage error, and nothing is written" {
    gt table wythoff-p-positions --count 1048576 -o "$T/p.xlsx"
    assert_error 2
    [ "$err" = "gametab: wythoff-p-positions: a spreadsheet holds at most 1048576 rows (a header and 1048575 of data): --count 1048575 at most; use csv.gz for more" ]
    [ ! -e "$T/p.xlsx" ]
    # A table whose rows are not --count: stopped at the limit.
    gt table wythoff-grundy --max 1025 -o "$T/g.xlsx"
    assert_error 2
    [ ! -e "$T/g.xlsx" ]
    # No temporary left beside the targets either.
    [ "$(ls -A "$T" | grep -cvx 'stdout\|stderr')" -eq 0 ]
}

@test "xlsx: the same bytes every time; --format xlsx, -o NAME.XLSX" {
    gt table wythoff-p-positions --count 1000 -o "$T/a.xlsx"
    [ "$status" -eq 0 ]
    gt table wythoff-p-positions --count 1000 -o "$T/B.XLSX"
    [ "$status" -eq 0 ]
    "$GAMETAB" table wythoff-p-positions --count 1000 --format xlsx >"$T/c"
    cmp "$T/a.xlsx" "$T/B.XLSX"
    cmp "$T/a.xlsx" "$T/c"
}

@test "render reads LibreOffice's own CSV: a one-column sheet's empty cells, and ';' with every text cell quoted (breaker round 17)" {
    $PY -c '
import openpyxl, sys
wb = openpyxl.Workbook()
for v in ["x", 1, None, 3, None, 5]:
    wb.active.append([v])
wb.save(sys.argv[1])
wb = openpyxl.Workbook()
wb.active.append(["Ученик", "Балл"])
wb.active.append(["Ёжиков", 4.5])
wb.save(sys.argv[2])
' "$D/one.xlsx" "$D/marks.xlsx"
    # LibreOffice's default CSV export: an empty cell of a one-column sheet
    # is an empty line.
    lo C.UTF-8 "$D/lo-en" "$D/one" --convert-to csv "$D/one.xlsx"
    [ "$(cat "$D/one/one.csv")" = $'x\n1\n\n3\n\n5' ]
    echo '{{row_count}}:{{#rows}}[{{data.x}}]{{/rows}}' >"$D/one.txt"
    gt render "$D/one.txt" "$D/one/one.csv"
    [ "$status" -eq 0 ]
    [ "$out" = '5:[1][][3][][5]' ]
    # ';' between fields, every text cell quoted, as a Russian-locale
    # LibreOffice saves "CSV".
    local semi=${EXPORT/44,/59,}
    lo C.UTF-8 "$D/lo-en" "$D/semi" --convert-to "csv:${semi/,false,true,true,/,true,true,true,}" \
        "$D/marks.xlsx"
    head -1 "$D/semi/marks.csv" | grep -qx '"Ученик";"Балл"'
    gt render table-booktabs.tex "$D/semi/marks.csv"
    [ "$status" -eq 1 ]
    [ "$err" = "gametab: $D/semi/marks.csv:1: malformed quoting: ';' after a closing quote: is the file separated by semicolons? give --separator ';'" ]
    gt render table-booktabs.tex "$D/semi/marks.csv" --separator ';'
    [ "$status" -eq 0 ]
    [[ "$out" == *'Ёжиков & 4.5'* ]]
}

@test "xlsx: a contents sheet named in 16 to 31 Cyrillic letters is whole, and LibreOffice and openpyxl open the workbook (breaker round 33, F4: its name was cut at 31 bytes, mid-letter)" {
    cd "$T"
    name='Список листов книги и таблиц'
    mkdir -p t/lang
    $PY -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["xlsx_contents"] = sys.argv[2]
json.dump(d, open("t/lang/en.json", "w"), ensure_ascii=False)' "$GAMETAB_TEMPLATES_DIR/lang/en.json" "$name"
    "$GAMETAB" build -o b --lang en --templates t >/dev/null
    run $PY -c 'import openpyxl, sys; print(openpyxl.load_workbook(sys.argv[1]).sheetnames[0])' b/gametab.xlsx
    [ "$status" -eq 0 ]
    [ "$output" = "$name" ]
    lo C.UTF-8 "$T/lo" "$T/x" --convert-to "csv:$EXPORT,-1" b/gametab.xlsx
    grep -q '^wythoff-game,' "x/gametab-$name.csv"
}
