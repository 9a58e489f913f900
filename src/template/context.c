#include <config.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/interrupt.h"
#include "base/utf8.h"
#include "template/context.h"

struct context_builder {
    json_t *columns; /* [{name}] */
    json_t *rows;
    size_t widest;   /* characters of the widest cell */
    bool flat;       /* the columns are keys of the row object as well */
    /* Of each column, its longest text (the name or a cell: a string the
     * columns or rows hold) and its characters. */
    json_t **longest;
    size_t *longest_width;
    /* Of each column, its longest word (longest_word) and its characters;
     * nwords of them (the columns asked for: columns may be gone). */
    json_t **word;
    size_t *word_width;
    size_t nwords;
};

/* The characters of the longest word of s[0, n): a run between spaces,
 * tabs and line breaks, the places where TeX may break a line of a
 * ragged-right paragraph that does not hyphenate; the word's start and
 * bytes in *at and *bytes. */
static size_t longest_word(const char *s, size_t n, const char **at, size_t *bytes)
{
    size_t best = 0, chars = 0, start = 0;
    *at = s;
    *bytes = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
            if (chars > best) {
                best = chars;
                *at = s + start;
                *bytes = i - start;
            }
            chars = 0;
            start = i + 1;
        } else if (((unsigned char)s[i] & 0xC0) != 0x80) {
            chars++;
        }
    }
    return best;
}

/* Makes text's longest word column i's, if it is longer than the one held. */
static int note_word(struct context_builder *b, size_t i, const char *text, size_t n)
{
    if (n <= b->word_width[i])
        return 0; /* no more bytes than the word's characters: no longer */
    const char *at;
    size_t bytes, w = longest_word(text, n, &at, &bytes);
    if (w <= b->word_width[i])
        return 0;
    json_t *word = json_stringn(at, bytes);
    if (!word)
        return -1;
    json_decref(b->word[i]);
    b->word[i] = word;
    b->word_width[i] = w;
    return 0;
}

/* Sets "first" and "last" on each object of a list, for templates that
 * separate items («;» between rows, «.» after the last). */
static int mark_ends(json_t *list)
{
    size_t n = json_array_size(list);
    for (size_t i = 0; i < n; i++) {
        if (interrupt_signal)
            return -1;
        json_t *o = json_array_get(list, i);
        if (json_object_set_new(o, "first", json_boolean(i == 0)) != 0 ||
            json_object_set_new(o, "last", json_boolean(i + 1 == n)) != 0)
            return -1;
    }
    return 0;
}

struct context_builder *context_new(const char *const *columns, size_t ncolumns, bool flat)
{
    struct context_builder *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->flat = flat;
    b->columns = json_array();
    b->rows = json_array();
    b->widest = 1;
    b->longest = calloc(ncolumns ? ncolumns : 1, sizeof *b->longest);
    b->longest_width = calloc(ncolumns ? ncolumns : 1, sizeof *b->longest_width);
    b->word = calloc(ncolumns ? ncolumns : 1, sizeof *b->word);
    b->nwords = b->word ? ncolumns : 0;
    b->word_width = calloc(ncolumns ? ncolumns : 1, sizeof *b->word_width);
    for (size_t i = 0; b->columns && i < ncolumns; i++)
        if (json_array_append_new(b->columns, json_pack("{s:s}", "name", columns[i])) != 0) {
            json_decref(b->columns);
            b->columns = NULL;
        }
    bool words = b->word && b->word_width;
    for (size_t i = 0; b->columns && b->longest && b->longest_width && words && i < ncolumns;
         i++) {
        b->longest[i] = json_object_get(json_array_get(b->columns, i), "name");
        b->longest_width[i] = utf8_width(columns[i]);
        words = note_word(b, i, columns[i], strlen(columns[i])) == 0;
    }
    if (!b->columns || !b->rows || !b->longest || !b->longest_width || !words ||
        mark_ends(b->columns) != 0) {
        context_free(b);
        return NULL;
    }
    return b;
}

void context_free(struct context_builder *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->nwords; i++)
        json_decref(b->word[i]);
    json_decref(b->columns);
    json_decref(b->rows);
    free(b->longest);
    free(b->longest_width);
    free(b->word);
    free(b->word_width);
    free(b);
}

json_t *context_add_row(struct context_builder *b, const char *const *cells)
{
    json_t *row = json_object();
    json_t *data = json_object();
    json_t *list = json_array();
    size_t n = json_array_size(b->columns);
    int rc = !row || !data || !list;
    for (size_t i = 0; !rc && i < n; i++) {
        json_t *column = json_object_get(json_array_get(b->columns, i), "name");
        const char *name = json_string_value(column);
        size_t w = utf8_width(cells[i]);
        if (w > b->widest)
            b->widest = w;
        /* One string per cell, shared by data, the flat row and cells (and
         * the blocks' lines), and the column's name shared by every row:
         * the text is held once, not three times. */
        json_t *value = json_string(cells[i]);
        rc = !value;
        /* Of columns of one name, data holds the first; cells hold all. */
        if (!rc && !json_object_get(data, name))
            rc = json_object_set(data, name, value) != 0 ||
                 (b->flat && json_object_set(row, name, value) != 0);
        rc = rc || json_array_append_new(list, json_pack("{s:O, s:O}", "value", value,
                                                         "column", column)) != 0;
        json_decref(value);
    }
    rc = rc || mark_ends(list) != 0 || json_object_set(row, "cells", list) != 0 ||
         json_object_set(row, "data", data) != 0 || json_array_append(b->rows, row) != 0;
    /* Each column's longest text, once the rows hold the row (a cell of no
     * more bytes than the longest's characters is no longer). */
    for (size_t i = 0; !rc && i < n; i++) {
        json_t *value = json_object_get(json_array_get(list, i), "value");
        rc = note_word(b, i, json_string_value(value), json_string_length(value));
        if (rc || json_string_length(value) <= b->longest_width[i])
            continue;
        size_t w = utf8_width(json_string_value(value));
        if (w > b->longest_width[i]) {
            b->longest[i] = value;
            b->longest_width[i] = w;
        }
    }
    json_decref(list);
    json_decref(data);
    json_decref(row); /* the builder's rows hold it now */
    return rc ? NULL : row;
}

size_t context_row_count(const struct context_builder *b)
{
    return json_array_size(b->rows);
}

const struct context_page context_page_default = {.text_width = 3450, .digit = 45};

size_t context_fit_columns(const struct context_page *page, size_t widest)
{
    /* The label column: as wide as "(n;0;1)", the widest row label of the
     * shipped tables (six digits), plus its separation and the three
     * vertical rules (12pt + 2.2pt). */
    size_t label = 6 * (size_t)page->digit + 142;
    size_t cell = widest * page->digit + 120;
    size_t fit = page->text_width > label ? (page->text_width - label) / cell : 0;
    return fit < 1 ? 1 : fit > CONTEXT_BLOCK_COLUMNS_MAX ? CONTEXT_BLOCK_COLUMNS_MAX : fit;
}

size_t context_widest_fitting(const struct context_page *page)
{
    size_t label = 6 * (size_t)page->digit + 142;
    size_t room = page->text_width > label + 120 ? page->text_width - label - 120 : 0;
    size_t w = room / (page->digit ? page->digit : 1);
    return w < 1 ? 1 : w;
}

/* A character of the generic tables' normal size, 10/9 of a \small digit
 * (5pt at 10pt), in page's units. */
static size_t page_letter(const struct context_page *page)
{
    return page->digit * 10 / 9;
}

size_t context_wrap_columns(const struct context_page *page, const size_t *widths, size_t n,
                            bool *wrap)
{
    /* 2 \tabcolsep (12pt) between two columns. */
    size_t letter = page_letter(page), gaps = n > 0 ? (n - 1) * 120 : 0;
    size_t room = page->text_width > gaps ? (page->text_width - gaps) / (letter ? letter : 1) : 0;
    size_t left = 0;
    /* A column of at most 12 characters (6em, the least width a wrapped
     * column gets) gains nothing by wrapping. */
    for (size_t i = 0; i < n; i++) {
        wrap[i] = widths[i] > CONTEXT_WRAP_MIN;
        if (wrap[i])
            left++;
        else
            room = room > widths[i] ? room - widths[i] : 0;
    }
    /* The columns no wider than an equal share of what is left keep their
     * width, until none is: the others share the rest. */
    for (bool fixed = true; fixed && left > 0;) {
        fixed = false;
        for (size_t i = 0; i < n; i++)
            if (wrap[i] && widths[i] <= room / left) {
                wrap[i] = false;
                room -= widths[i];
                left--;
                fixed = true;
            }
    }
    return left;
}

size_t context_balanced_columns(size_t n, size_t fit)
{
    if (n == 0 || fit == 0)
        return fit ? fit : 1;
    size_t blocks = (n + fit - 1) / fit;
    return (n + blocks - 1) / blocks;
}

/* Columns per block: the requested number, or as many as fit the page,
 * balanced over the blocks. */
static size_t block_width(unsigned requested, size_t fit, size_t n)
{
    return requested ? requested : context_balanced_columns(n, fit);
}

/* An array of n empty objects: blank cells. */
static json_t *blank_cells(size_t n)
{
    json_t *pad = json_array();
    for (size_t i = 0; pad && i < n; i++)
        if (json_array_append_new(pad, json_object()) != 0) {
            json_decref(pad);
            pad = NULL;
        }
    return pad;
}

/* The block rows[start, start + count) transposed: one line per column. */
static json_t *block_lines(json_t *columns, json_t *rows, size_t start, size_t count, json_t *pad)
{
    json_t *lines = json_array();
    for (size_t c = 0; lines && c < json_array_size(columns); c++) {
        const char *name = json_string_value(json_object_get(json_array_get(columns, c), "name"));
        if (interrupt_signal)
            return NULL; /* the process ends now: nothing is freed */
        json_t *cells = json_array();
        for (size_t i = start; cells && i < start + count; i++) {
            /* By place, not by name: columns may share a name.  The row's
             * cell itself, not a copy: its column is the line's, and its
             * first and last (of the row's cells) are the line's (of the
             * block's lines), so it reads the same, for a pointer a cell. */
            json_t *cell = json_array_get(json_object_get(json_array_get(rows, i), "cells"), c);
            if (json_array_append(cells, cell) != 0) {
                json_decref(cells);
                cells = NULL;
            }
        }
        json_t *line = cells ? json_pack("{s:s, s:O, s:O}", "name", name, "cells", cells, "pad", pad)
                             : NULL;
        json_decref(cells);
        if (!line || json_array_append_new(lines, line) != 0) {
            json_decref(lines);
            lines = NULL;
        }
    }
    if (lines && mark_ends(lines) != 0) {
        json_decref(lines);
        lines = NULL;
    }
    return lines;
}

json_t *context_blocks(json_t *columns, json_t *rows, size_t width)
{
    json_t *blocks = json_array();
    size_t n = json_array_size(rows);
    /* Every block but the last is full: one empty pad for them all. */
    json_t *no_pad = json_array();
    if (!no_pad) {
        json_decref(blocks);
        blocks = NULL;
    }
    for (size_t start = 0; blocks && start < n; start += width) {
        /* A stop request ends the process: the blocks made so far are
         * left to it, not freed (300 000 of them take a second). */
        if (interrupt_signal)
            return NULL;
        size_t count = n - start < width ? n - start : width;
        json_t *slice = json_array();
        for (size_t i = start; slice && i < start + count; i++)
            if (json_array_append(slice, json_array_get(rows, i)) != 0) {
                json_decref(slice);
                slice = NULL;
            }
        json_t *pad = n > width && count < width ? blank_cells(width - count) : json_incref(no_pad);
        json_t *lines = pad ? block_lines(columns, rows, start, count, pad) : NULL;
        if (!lines && interrupt_signal)
            return NULL;
        json_t *block = slice && lines
                            ? json_pack("{s:O, s:O, s:O}", "rows", slice, "lines", lines, "pad", pad)
                            : NULL;
        json_decref(slice);
        json_decref(pad);
        json_decref(lines);
        if (!block || json_array_append_new(blocks, block) != 0) {
            json_decref(blocks);
            blocks = NULL;
        }
    }
    if (blocks && mark_ends(blocks) != 0) {
        if (interrupt_signal)
            return NULL;
        json_decref(blocks);
        blocks = NULL;
    }
    json_decref(no_pad);
    return blocks;
}

static json_t *finish(struct context_builder *b, unsigned block_columns,
                      const struct context_page *page, bool with_blocks);

json_t *context_finish(struct context_builder *b, unsigned block_columns)
{
    return finish(b, block_columns, NULL, true);
}

json_t *context_finish_blocks(struct context_builder *b, unsigned block_columns, bool blocks)
{
    return finish(b, block_columns, NULL, blocks);
}

json_t *context_finish_page(struct context_builder *b, unsigned block_columns,
                            const struct context_page *page)
{
    return finish(b, block_columns, page, true);
}

/* Column i's longest word as longest_word gives it: no more characters
 * than a line of page's text holds (TeX measures it, and a box past
 * 16383pt is "Dimension too large"; a word that long overflows anyway). */
static json_t *longest_word_fitting(const struct context_builder *b, size_t i,
                                    const struct context_page *page)
{
    if (!b->word[i])
        return json_string("");
    size_t letter = page_letter(page);
    size_t most = page->text_width / (letter ? letter : 1);
    if (b->word_width[i] <= most)
        return json_incref(b->word[i]);
    const char *s = json_string_value(b->word[i]);
    size_t bytes = 0;
    for (size_t chars = 0; s[bytes] && chars < most; chars++)
        bytes += utf8_char_bytes(s + bytes);
    return json_stringn(s, bytes);
}

static json_t *finish(struct context_builder *b, unsigned block_columns,
                      const struct context_page *page, bool with_blocks)
{
    if (!page)
        page = &context_page_default;
    /* A cell wider than the text width gets a block of one column as wide
     * as the text, and overflows it: the width the template sets from
     * widest_cell stays within TeX's largest dimension (16383pt, some 3600
     * digits) whatever the cell. */
    size_t widest = b->widest;
    if (widest > context_widest_fitting(page))
        widest = context_widest_fitting(page);
    size_t fit = context_fit_columns(page, widest);
    size_t width = block_width(block_columns, fit, json_array_size(b->rows));
    char *zeros = malloc(widest + 1);
    size_t ncolumns = json_array_size(b->columns);
    bool *wrap = malloc((ncolumns ? ncolumns : 1) * sizeof *wrap);
    json_t *blocks = NULL, *ctx = NULL;
    size_t nwrap = wrap ? context_wrap_columns(page, b->longest_width, ncolumns, wrap) : 0;
    int rc = !zeros || !wrap;
    for (size_t i = 0; !rc && i < ncolumns; i++) {
        json_t *column = json_array_get(b->columns, i);
        json_t *word = longest_word_fitting(b, i, page);
        rc = json_object_set(column, "widest", b->longest[i]) != 0 ||
             json_object_set_new(column, "longest_word", word) != 0 ||
             json_object_set_new(column, "number", json_integer((json_int_t)i + 1)) != 0 ||
             json_object_set_new(column, "wide", json_boolean(wrap[i])) != 0;
    }
    if (!rc && mark_ends(b->rows) == 0 &&
        (blocks = with_blocks ? context_blocks(b->columns, b->rows, width) : json_array())) {
        memset(zeros, '0', widest);
        zeros[widest] = '\0';
        ctx = json_pack("{s:O, s:b, s:O, s:I, s:O, s:I, s:I, s:s, s:I, s:b}", "columns",
                        b->columns, "has_columns", ncolumns > 0, "rows", b->rows, "row_count",
                        (json_int_t)json_array_size(b->rows), "blocks", blocks,
                        "block_columns", (json_int_t)width, "fit_columns", (json_int_t)fit,
                        "widest_cell", zeros, "wide_columns", (json_int_t)nwrap,
                        "has_wide_columns", nwrap > 0);
    }
    free(zeros);
    free(wrap);
    if (!ctx && interrupt_signal)
        return NULL; /* the process ends now: no time spent freeing */
    json_decref(blocks);
    context_free(b);
    return ctx;
}
