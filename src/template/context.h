/* context.h: the template context of a table, built row by row.
 *
 * Both `gametab table --format tex` (a computed table) and `gametab render`
 * (any CSV) hand their templates the same shape of data:
 *   columns       [{name, number, first, last, widest, longest_word,
 *                 long_words, unmeasured_width, wide, numeric}], in order: number
 *                 counts from 1; widest is the column's longest text (its
 *                 name or a cell, in characters); long_words its
 *                 CONTEXT_LONG_WORDS widest runs without a space, tab or
 *                 line break, widest first by an estimate no less than
 *                 TeX's (each glyph's and positive kern's width in the
 *                 preamble's fonts, rounded up); TeX measures them, and
 *                 the widest of them and unmeasured_width (the widest
 *                 estimate of the column's other words and of each long
 *                 word given cut to a line's worth of digits' widths, a
 *                 dimension such as "61.6pt", "0.0pt" for none) is the
 *                 narrowest a
 *                 wrapped column can be; longest_word the first of them
 *                 ("" for none); numeric true when every cell of the
 *                 column (one row at least) is a number or empty; wide
 *                 true when the column should wrap to
 *                 keep the table within the text width, by an
 *                 estimate of its widest text as set
 *                 (context_wrap_columns)
 *   has_columns   true when there is a column (false for render without
 *                 DATA: a template can leave its table out)
 *   rows          [{data, cells, first, last, keep}] (keep: no page break
 *                 after the row, CONTEXT_KEEP_ROWS): data is {<column name>:
 *                 value}, the first column of each name; cells is [{value,
 *                 column, first, last}], every column in order.  The data's
 *                 names and the template's keys are apart, so that no
 *                 column name hides a key (cells, first, lang, file, ...).
 *                 A flat builder (a computed table, whose column names are
 *                 fixed) sets each column as a key of the row as well
 *   row_count     the number of rows
 *   blocks        the rows in groups of block_columns for the horizontal
 *                 Kvant layout: [{rows, lines, pad, first, last}]; lines is
 *                 the block transposed, [{name, cells: [{value}], pad,
 *                 first, last}], one per column; pad holds as many blank
 *                 cells as the block lacks to be as wide as the others
 *   block_columns the width of a block: as many columns as fit the page's
 *                 text width (fit_columns), the blocks balanced so that the
 *                 last is at most one column short of the others per block;
 *                 or as asked (--block-columns)
 *   fit_columns   the columns that fit the text width beside a row label
 *   block_columns_most the most columns a block may hold within what TeX
 *                 can add up (CONTEXT_BLOCK_WIDTH_MAX), by the cells and
 *                 the column names as set; 0 when a name leaves no room
 *                 for one column
 *   widest_cell   a run of zeros as long as the widest cell (in characters),
 *                 to size fixed-width columns
 *   long_cells    the CONTEXT_LONG_WORDS cells of the rows, whole, widest
 *                 by the estimate first, for TeX to measure (a cell
 *                 past a line's worth of digits' widths cut);
 *                 unmeasured_cell_width the estimate of the widest other
 *                 cell, or cut one, at 10pt ("0.0pt" for none);
 *                 fitting_cell the zeros
 *                 of the widest cell that fits beside a row label
 *                 (context_widest_fitting): fixed-width columns are as wide
 *                 as the widest of these, at most fitting_cell, and
 *                 block_columns counts a cell wider than its zeros by its
 *                 estimate
 *   wide_columns  how many columns are wide; has_wide_columns, whether any
 * Every cell is a string.  The context is held whole: memory grows with
 * rows × columns. */
#ifndef GAMETAB_CONTEXT_H
#define GAMETAB_CONTEXT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/error.h"

/* Past about 500 columns pdflatex runs out of memory: 100 is room enough
 * for landscape and large paper. */
#define CONTEXT_BLOCK_COLUMNS_MAX 100

/* The page a horizontal table is laid out for, in tenths of a point: the
 * text width and the width of a digit of the tables' \small type. */
struct context_page {
    unsigned text_width; /* 3450: 345pt, LaTeX's article at 10pt, A5 handout */
    unsigned digit;      /* 45: 4.5pt, \small digits of a 10pt document */
};

/* The default page: a fragment for a 10pt article (345pt of text, the A5
 * handout's width too). */
extern const struct context_page context_page_default;

/* The columns of `widest` digits that fit page's text width beside a row
 * label, at least 1: the one page-width formula of the horizontal tables
 * (a cell is widest digits plus 12pt of column separation; the label
 * column, rules and separation take 6 digits and 14.2pt). */
size_t context_fit_columns(const struct context_page *page, size_t widest);

/* The most digits a cell of one column may be as wide as on page, at
 * least 1: one such column beside the row label fills the text width (64
 * on the default page).  widest_cell is never wider. */
size_t context_widest_fitting(const struct context_page *page);

/* The widest a block of the horizontal layout may be, in tenths of a
 * point, for TeX to add its row up: 15000pt, below TeX's largest
 * dimension (16383.99pt) by more than the estimate's error.  A row past
 * 32768pt wraps in TeX's arithmetic, and pdflatex then sets it off the
 * page without a word (breaker round 49, F2). */
#define CONTEXT_BLOCK_WIDTH_MAX 150000

/* The most columns of cells `widest` characters wide (at the wider of
 * page's digit and its \small zero, plus 12pt of separation each) a block
 * beside its row label may hold within CONTEXT_BLOCK_WIDTH_MAX: 1 to
 * CONTEXT_BLOCK_COLUMNS_MAX, the most --block-columns takes
 * (context_fit_columns over so wide a text; page NULL:
 * context_page_default). */
size_t context_block_columns_max(const struct context_page *page, size_t widest);

/* GT_OK when a block of `requested` columns (--block-columns; 0: as many
 * as fit) of ctx's widest cells is within CONTEXT_BLOCK_WIDTH_MAX: by
 * their zeros (the longest of its "widest_*" runs: widest_cell, a table's
 * widest_fibonacci; context_block_columns_max) and by the cells and the
 * lines' names as set (its block_columns_most, from the context's
 * builder).  Else GT_ERR_USAGE, "--block-columns: N columns of cells W
 * characters wide ...: at most M here" (where widest_cell reaches
 * fitting_cell, "... cells as wide as the text or wider, each set W digits
 * wide, ..."); or, where a line's name leaves no
 * room within it for one column, GT_ERR_RUNTIME, "NAME: a column's name
 * is too wide for a line of the blocks: ..." (NAME: the DATA file, or the
 * table). */
int context_block_columns_check(json_t *ctx, const struct context_page *page, unsigned requested,
                                const char *name, struct gt_error *err);

/* The zero of page's \small type as TeX sets it, in hundredths of a point
 * rounded up: 4.63pt on the default page (cmr9's 4.6242pt, wider than the
 * nominal 4.5pt digit), page->digit where that is no less (5pt, the
 * standalone page's cmr10).  The layouts that leave no slack count this. */
size_t context_small_zero(const struct context_page *page);

/* The rows a longtable keeps on either side of a page break: the rows near
 * its ends carry "keep" (no page break after this row; the templates end
 * them with longtable's \\* where a row is at most a few lines high, not
 * table-booktabs.tex's wrapped rows, or with \noalign{\nobreak} in an
 * \halign). */
#define CONTEXT_KEEP_ROWS 4

/* The words of a column the context gives for TeX to measure
 * (long_words): the widest typeset is among them or no wider than
 * unmeasured_width, the estimate of the widest of the others, which
 * counts only when the estimate ranks words of like width in the wrong
 * order (it errs wide, by rounding, up to 0.1pt a glyph). */
#define CONTEXT_LONG_WORDS 8

/* The bytes of a long word the builder holds, cut at a character's
 * start: more than a line of either page holds (82 characters of 4 bytes
 * on A4), the most of a word the context gives (long_words, long_cells).
 * A column name or cell of megabytes is then held once, not twice. */
#define CONTEXT_WORD_HELD_BYTES 1024

/* The width a column must pass to wrap, in tenths of a point of 10pt
 * type: 6em (60pt), the least width the generic table gives a wrapped
 * column. */
#define CONTEXT_WRAP_MIN 600

/* Which of n columns, set side by side at normal size with 12pt between
 * them, must wrap for the table to fit page's text width, widths[i] being
 * column i's widest text (its name or a cell) as 10pt Computer Modern sets
 * it, in tenths of a point, by an estimate no less than TeX's (the
 * context's per-glyph widths: Cyrillic and Latin capitals count 7-12pt,
 * not a flat 5pt a character); page's type is digit * 10/9 / 5 of 10pt
 * (1 on the default page).  wrap[i] true for those, each wider than
 * CONTEXT_WRAP_MIN (or than its widest word, words[i] by the same
 * estimate, when the columns of at most that width are too wide together)
 * and than an equal share of what the others leave
 * (none when all fit).  Returns how many. */
size_t context_wrap_columns(const struct context_page *page, const size_t *widths,
                            const size_t *words, size_t n,
                            bool *wrap);

/* The width of balanced blocks of at most `fit` columns for n columns: as
 * few blocks as fit allows, as equal as they can be. */
size_t context_balanced_columns(size_t n, size_t fit);

struct context_builder;

/* A builder for a table with the given column names (copied; they may
 * repeat).  flat: each row has its columns as keys as well as in data (for
 * the computed tables' templates).  NULL when out of memory. */
struct context_builder *context_new(const char *const *columns, size_t ncolumns, bool flat);

/* Adds a row of ncolumns cells (copied).  Returns the row's object, still
 * owned by the builder, so that the caller may add keys to it; NULL when out
 * of memory, or on a stop request (interrupt_signal: a long cell's words
 * are looked at with an ear for it). */
json_t *context_add_row(struct context_builder *b, const char *const *cells);

/* The number of rows added so far. */
size_t context_row_count(const struct context_builder *b);

/* The rows (a context's "rows", whose objects the blocks share) in blocks
 * of width columns, as "blocks" is made (columns: the context's
 * "columns").  A new reference, or NULL when out of memory or when
 * interrupt_signal is set (what was made is then not freed). */
json_t *context_blocks(json_t *columns, json_t *rows, size_t width);

/* Completes the context (a new reference) and frees b.  block_columns:
 * 1..CONTEXT_BLOCK_COLUMNS_MAX, or 0 for the default.  NULL when out of
 * memory, or at once when interrupt_signal is set (base/interrupt.h: b is
 * then left unfreed, the process ending). */
json_t *context_finish(struct context_builder *b, unsigned block_columns);

/* As context_finish; blocks false: "blocks" is an empty list (for a
 * template that does not name it: the blocks take about as much memory as
 * the rows). */
json_t *context_finish_blocks(struct context_builder *b, unsigned block_columns, bool blocks);

/* As context_finish, the blocks sized for page (NULL: the default page).
 * widest_cell is as wide as the widest cell, or as
 * context_widest_fitting(page) when that is less. */
json_t *context_finish_page(struct context_builder *b, unsigned block_columns,
                            const struct context_page *page);

/* Frees a builder that will not be finished. */
void context_free(struct context_builder *b);

#endif
