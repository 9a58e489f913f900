/* workbook.c: `gametab build`'s gametab.xlsx (workbook.h). */
#include <config.h>

#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "publish/workbook.h"
#include "template/templates.h"
#include "sinks/sink-xlsx.h"

/* The language string key, or fallback when the language has none. */
static const char *lang_text(json_t *strings, const char *key, const char *fallback)
{
    const char *s = json_string_value(json_object_get(strings, key));
    return s ? s : fallback;
}

/* Where a table comes from, in one line: "Matulis & Savukinas, Kvant 1984
 * no. 7, Theorem 1". */
static void source_line(const struct table_source *src, char *buf, size_t size)
{
    char year[16] = "", issue[16] = "";
    if (src->year)
        snprintf(year, sizeof year, " %d", src->year);
    if (src->issue)
        snprintf(issue, sizeof issue, " no. %d", src->issue);
    if (*src->journal)
        snprintf(buf, size, "%s, %s%s%s, %s", src->authors, src->journal, year, issue, src->item);
    else
        snprintf(buf, size, "%s, %s, %s", src->authors, src->title, src->item);
}

/* Why name cannot name a sheet of the workbook (Excel's rules: 1 to 31
 * characters, none of [ ] : * ? / \, no ' at either end, not History,
 * which Excel keeps for itself, nor another sheet's name, in any case), or
 * NULL when it can. */
static const char *sheet_name_fault(const char *name)
{
    size_t chars = 0;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        chars += (*p & 0xC0) != 0x80;
    if (chars == 0 || chars > 31)
        return "a sheet's name is 1 to 31 characters";
    if (strpbrk(name, "[]:*?/\\"))
        return "a sheet's name has none of [ ] : * ? / \\";
    if (name[0] == '\'' || name[strlen(name) - 1] == '\'')
        return "a sheet's name neither starts nor ends with '";
    if (strcasecmp(name, "History") == 0)
        return "Excel keeps History for itself";
    if (strcasecmp(name, "errata") == 0)
        return "another sheet has that name";
    for (size_t i = 0; i < table_registry_size; i++)
        if (strcasecmp(name, table_registry[i]->name) == 0)
            return "a table's sheet has that name";
    return NULL;
}

/* The contents sheet of one language: a row per sheet of the workbook;
 * other: the contents sheet's name of the language before ("" for none),
 * other_file the file that named it; both set to this language's. */
static int write_contents(struct xlsx_book *book, const struct workbook_request *w,
                          const char *lang, char *other, size_t other_size, char *other_file,
                          size_t other_file_size, struct gt_error *err)
{
    json_t *strings = lang_strings_load(w->dirs, lang, err);
    if (!strings)
        return GT_ERR_RUNTIME;
    const char *contents = lang_text(strings, "xlsx_contents", "contents");
    char buf[64];
    const char *file = lang_strings_path(strings, lang, buf, sizeof buf);
    const char *fault = sheet_name_fault(contents);
    if (!fault && *other && strcasecmp(contents, other) == 0) {
        /* Either file may be the one changed: both are named. */
        gt_fail(err, GT_ERR_RUNTIME,
                "%s: xlsx_contents '%s' cannot name a sheet: %s names the other language's "
                "contents sheet '%s' (sheet names ignore case): give the two different names",
                file, contents, other_file, other);
        json_decref(strings);
        return GT_ERR_RUNTIME;
    }
    if (fault) {
        gt_fail(err, GT_ERR_RUNTIME, "%s: xlsx_contents '%s' cannot name a sheet: %s", file,
                contents, fault);
        json_decref(strings);
        return GT_ERR_RUNTIME;
    }
    snprintf(other, other_size, "%s", contents);
    snprintf(other_file, other_file_size, "%s", file);
    const struct table_column columns[] = {
        {lang_text(strings, "xlsx_sheet", "sheet"), COLUMN_TEXT},
        {lang_text(strings, "xlsx_holds", "what it holds"), COLUMN_TEXT},
        {lang_text(strings, "xlsx_source", "source"), COLUMN_TEXT},
    };
    struct xlsx_sheet *sheet;
    int rc = xlsx_sheet_new(book, contents, columns, 3, &sheet, err);
    for (size_t i = 0; rc == GT_OK && i < table_registry_size; i++) {
        const struct table_def *t = table_registry[i];
        char key[96], source_key[96], source[512];
        snprintf(key, sizeof key, "xlsx_summary_%s", t->name);
        snprintf(source_key, sizeof source_key, "xlsx_source_%s", t->name);
        source_line(&t->source, source, sizeof source);
        const char *cells[] = {t->name, lang_text(strings, key, t->summary),
                               lang_text(strings, source_key, source)};
        rc = xlsx_sheet_row(sheet, cells, err);
    }
    if (rc == GT_OK) {
        const char *cells[] = {"errata", lang_text(strings, "xlsx_errata", ""),
                               lang_text(strings, "xlsx_errata_source", "")};
        rc = xlsx_sheet_row(sheet, cells, err);
    }
    if (rc == GT_OK)
        rc = xlsx_sheet_end(sheet, err);
    json_decref(strings);
    return rc;
}

int workbook_write(const struct workbook_request *w, struct output *out, struct gt_error *err)
{
    struct xlsx_book *book;
    if (xlsx_book_new(&book, output_name(out), "gametab: tables of impartial games",
                      "The article tables of Wythoff's game, Nim, misère Nim and Grundy "
                      "functions, and the errata of the four articles",
                      "gametab",
                      "Matulis & Savukinas, Kvant 1984 no. 7; Yaglom, Kvant 1971 no. 2; "
                      "Feng Yuefeng, the three-colour game; Teterko, Kordemsky's problem 286",
                      err) != GT_OK)
        return err->status;
    int rc = GT_OK;
    char contents[128] = "", file[4200] = ""; /* 31 characters of up to 4 bytes */
    for (size_t i = 0; rc == GT_OK && i < w->nlangs; i++)
        rc = write_contents(book, w, w->langs[i], contents, sizeof contents, file, sizeof file,
                            err);
    for (size_t i = 0; rc == GT_OK && i < table_registry_size; i++)
        rc = xlsx_book_add_table(book, table_registry[i], &w->args[i], err);
    if (rc == GT_OK)
        rc = errata_write_sheet(w->errata, book, err);
    if (rc != GT_OK) {
        xlsx_book_free(book);
        return rc;
    }
    return xlsx_book_commit(book, out, err);
}
