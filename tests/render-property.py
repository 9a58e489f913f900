#!/usr/bin/env python3
"""Property test of `gametab render`: random CSV in, the same text out of the PDF.

Generates CSV files whose cells mix printable ASCII, every LaTeX special,
the characters of the README's repertoire, empty cells, quotes, CR and LF
inside quotes, long cells, cells that start with [ * or spaces, and cells
that start as JSON or as printable magic bytes (GIF89a, %PDF-) do; renders
each through every shipped generic template (table-booktabs.tex,
table-kvant.tex), compiles many tables a document with pdflatex (one table
a page, on pages large enough for the longest cell), reads every page back
with pdftotext -raw and checks that the page's text is the table's cells in
the order the template sets them, compared without white space (pdftotext
cannot keep TeX's spaces) and in Unicode's composed form (accents the font
builds, NFC).

    tests/render-property.py [--seed S] [--cases N] [--per-doc K] [--keep DIR]
    tests/render-property.py --repertoire   # each repertoire character alone

The seed is printed first; a failure names the case and keeps its CSV (and
nothing else of the run), so that `--seed S` repeats the run.  Exit status 0 when every table came back,
1 when one did not.  Only the standard library; needs gametab ($GAMETAB),
pdflatex ($PDFLATEX) and pdftotext.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata

TOP = os.environ.get("GAMETAB_TOP_SRCDIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
GAMETAB = os.environ.get("GAMETAB") or os.path.join(TOP, "gametab")
PDFLATEX = os.environ.get("PDFLATEX") or "pdflatex"
TEMPLATES = ["table-booktabs.tex", "table-kvant.tex"]
KVANT_BLOCK = 1  # --block-columns for table-kvant.tex: one row a block, to fit a long cell

SPECIALS = "\\#$%&_{}~^\"<>|'`"
LIGATURES = ["--", "---", "''", "``", "‘‘", "’’", "!`", "?`", "<<", ">>", ",,", "ff", "fi", "ffl"]


def repertoire():
    """The code points the README promises beyond ASCII (its table)."""
    with open(os.path.join(TOP, "README.md"), encoding="utf-8") as f:
        text = f.read()
    cps = []
    for m in re.finditer(r"^\| U\+([0-9A-F]{4,6}) \| U\+([0-9A-F]{4,6}) \|", text, re.M):
        cps.extend(range(int(m.group(1), 16), int(m.group(2), 16) + 1))
    if not cps:
        sys.exit("render-property: no repertoire table in README.md")
    return cps


def long_cell(rng):
    """Past LATEX_LINE_MAX (1000 bytes): a line break inside.  One a table
    at most, so that the table still fits the page (pdftotext drops what is
    off the page)."""
    n = rng.randint(1001, 1100)
    return "".join(rng.choice("abcxyz0123456789-,[]*' ") for _ in range(n))


def random_cell(rng, rep):
    kind = rng.random()
    if kind < 0.08:
        return ""
    if kind < 0.13:
        return rng.choice(["[1]", "[", "*", "*x", "  [a]", " *", "[2pt]", "(x)", "(lr)",
                           "{", "GIF89a", "%PDF-", "BZh9", "RIFF1234WEBP"])
    pool = [
        lambda: chr(rng.randint(0x21, 0x7E)),
        lambda: rng.choice(SPECIALS),
        lambda: rng.choice(LIGATURES),
        lambda: chr(rng.choice(rep)),
        lambda: rng.choice([" ", "  ", "\n", "\r\n", "\r", "\t", '"', '""']),
    ]
    n = rng.randint(1, 12)
    s = "".join(rng.choice(pool)() for _ in range(n))
    if rng.random() < 0.1:
        s = rng.choice(["[", "*", "(", "   "]) + s
    return s


def random_table(rng, rep):
    ncols = rng.randint(1, 4)
    nrows = rng.randint(0, 5)
    header = [random_cell(rng, rep) for _ in range(ncols)]
    rows = [[random_cell(rng, rep) for _ in range(ncols)] for _ in range(nrows)]
    if rows and rng.random() < 0.15:
        rng.choice(rows)[rng.randrange(ncols)] = long_cell(rng)
    return header, rows


def csv_field(s, rng):
    """RFC 4180: quoted when it must be (or at random), quotes doubled.  A
    field of white space alone is quoted: libcsv trims white space around
    unquoted fields, so a line of it alone would be a blank line."""
    if s.strip() == "" or any(c in s for c in ',"\r\n') or rng.random() < 0.1:
        return '"' + s.replace('"', '""') + '"'
    return s


def write_csv(path, header, rows, rng):
    end = rng.choice(["\n", "\r\n"])
    with open(path, "w", encoding="utf-8", newline="") as f:
        for r in [header] + rows:
            f.write(",".join(csv_field(c, rng) for c in r) + end)


def expected_text(template, header, rows):
    """The cells in the order the template sets them."""
    if template == "table-booktabs.tex":
        return "".join(header) + "".join("".join(r) for r in rows)
    if not rows:
        return "".join(header)  # no rows, no blocks: the lines' names alone
    out = []
    for start in range(0, len(rows), KVANT_BLOCK):
        block = rows[start:start + KVANT_BLOCK]
        for c, name in enumerate(header):
            out.append(name)
            out.extend(r[c] for r in block)
    return "".join(out)


LIGATURE_GLYPHS = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl"}


def normalise(s):
    s = "".join(LIGATURE_GLYPHS.get(ch, ch) for ch in s)
    s = re.sub(r"\s+", "", s)
    return unicodedata.normalize("NFC", s)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def preamble(work):
    r = run([GAMETAB, "build", "-o", os.path.join(work, "build")])
    if r.returncode != 0:
        sys.exit("render-property: gametab build failed: " + r.stderr.decode())
    return os.path.join(work, "build", "ru", "preamble.tex")


def compile_pages(work, name, frags, pre):
    """Compiles the fragments, one a page; the text of each page."""
    doc = os.path.join(work, name + ".tex")
    with open(doc, "w", encoding="utf-8") as f:
        f.write("\\documentclass{article}\n")
        f.write("\\usepackage[paperwidth=5700mm,paperheight=3000mm,margin=10mm]{geometry}\n")
        f.write("\\input{%s}\n\\pagestyle{empty}\n\\begin{document}\n" % pre)
        for frag in frags:
            f.write("\\input{%s}\n\\clearpage\n" % frag)
        f.write("\\end{document}\n")
    r = run([PDFLATEX, "-interaction=nonstopmode", "-halt-on-error", name + ".tex"], cwd=work)
    if r.returncode != 0:
        log = open(os.path.join(work, name + ".log"), encoding="utf-8", errors="replace").read()
        errors = [l for l in log.splitlines() if l.startswith("!")]
        return None, "pdflatex failed: " + "; ".join(errors[:3])
    r = run(["pdftotext", "-raw", "-enc", "UTF-8", name + ".pdf", "-"], cwd=work)
    pages = r.stdout.decode("utf-8").split("\f")
    return pages, None


def property_test(args):
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    print("# render-property: seed %d, %d cases, %d tables a document" % (seed, args.cases, args.per_doc))
    sys.stdout.flush()
    rng = random.Random(seed)
    rep = repertoire()
    work = tempfile.mkdtemp(prefix="gametab-property.")
    pre = preamble(work)
    jobs = []  # (case, template, frag, header, rows)
    for case in range(args.cases):
        header, rows = random_table(rng, rep)
        csv_path = os.path.join(work, "c%d.csv" % case)
        write_csv(csv_path, header, rows, rng)
        for t in TEMPLATES:
            frag = os.path.join(work, "c%d-%s" % (case, t))
            cmd = [GAMETAB, "render", t, csv_path, "-o", frag]
            if len(header) == 1 and any(c in header[0] for c in ";\t|"):
                # a one-column header holding ';', a tab or '|' (unquoted) is
                # refused as a likely semicolon file unless the comma is asked
                cmd[2:2] = ["--separator", ","]
            if t == "table-kvant.tex":
                cmd[2:2] = ["--block-columns", str(KVANT_BLOCK)]
            r = run(cmd)
            if r.returncode != 0:
                return fail(args, work, seed, case, t, "render failed: " + r.stderr.decode().strip())
            jobs.append((case, t, frag, header, rows))
    for start in range(0, len(jobs), args.per_doc):
        batch = jobs[start:start + args.per_doc]
        pages, why = compile_pages(work, "doc%d" % (start // args.per_doc), [j[2] for j in batch], pre)
        if pages is None:
            case, t = batch[0][0], batch[0][1]
            return fail(args, work, seed, case, t, why + " (cases %d..%d)" % (case, batch[-1][0]))
        for (case, t, frag, header, rows), page in zip(batch, pages):
            want, got = normalise(expected_text(t, header, rows)), normalise(page)
            if want != got:
                i = next((k for k in range(min(len(want), len(got))) if want[k] != got[k]),
                         min(len(want), len(got)))
                return fail(args, work, seed, case, t, "the PDF says %r where the CSV says %r"
                            % (got[max(0, i - 20):i + 20], want[max(0, i - 20):i + 20]))
    print("ok: %d tables (%d CSV files x %d templates) came back exactly, seed %d"
          % (len(jobs), args.cases, len(TEMPLATES), seed))
    shutil.rmtree(work)
    return 0


def fail(args, work, seed, case, template, why):
    """Keeps the failing case's CSV alone (in --keep DIR, or in a new
    directory of its own) and removes the rest of the run."""
    if args.keep:
        keep = args.keep
        os.makedirs(keep, exist_ok=True)
    else:
        keep = tempfile.mkdtemp(prefix="gametab-property-case.")
    shutil.copy(os.path.join(work, "c%d.csv" % case), keep)
    shutil.rmtree(work)
    print("not ok: seed %d, case %d (%s/c%d.csv), %s: %s" % (seed, case, keep, case, template, why))
    return 1


def repertoire_test(args):
    """Every character of the README's repertoire, alone in a cell."""
    rep = repertoire()
    work = tempfile.mkdtemp(prefix="gametab-repertoire.")
    try:
        return repertoire_run(work, rep)
    finally:
        shutil.rmtree(work)  # deterministic: a rerun shows a failure again


def repertoire_run(work, rep):
    pre = preamble(work)
    csv_path = os.path.join(work, "rep.csv")
    write_csv(csv_path, ["code", "char"], [["U%04X" % cp, "|%s|" % chr(cp)] for cp in rep],
              random.Random(0))
    frag = os.path.join(work, "rep-frag.tex")
    r = run([GAMETAB, "render", "table-booktabs.tex", csv_path, "-o", frag])
    if r.returncode != 0:
        print("not ok: render refused the repertoire: " + r.stderr.decode().strip())
        return 1
    pages, why = compile_pages(work, "rep", [frag], pre)
    if pages is None:
        print("not ok: " + why)
        return 1
    got = {}
    for line in pages[0].splitlines():
        m = re.match(r"^U([0-9A-F]{4,6})\s*\|(.*)\|\s*$", line)
        if m:
            got[int(m.group(1), 16)] = unicodedata.normalize("NFC", m.group(2).strip())
    bad = ["U+%04X %s: PDF has %r" % (cp, chr(cp), got.get(cp)) for cp in rep
           if got.get(cp) != chr(cp) and not (cp == 0xA0 and got.get(cp) in ("", " "))]
    if bad:
        print("not ok: %d of %d characters differ: %s" % (len(bad), len(rep), "; ".join(bad[:20])))
        return 1
    print("ok: %d characters of the repertoire came back from the PDF one by one" % len(rep))
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int)
    p.add_argument("--cases", type=int, default=200)
    p.add_argument("--per-doc", type=int, default=200)
    p.add_argument("--keep", help="copy a failing case's CSV into this directory")
    p.add_argument("--repertoire", action="store_true")
    args = p.parse_args()
    return repertoire_test(args) if args.repertoire else property_test(args)


if __name__ == "__main__":
    sys.exit(main())
