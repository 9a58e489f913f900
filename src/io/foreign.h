/* foreign.h: files that are no text gametab reads, told by their first
 * bytes (a CSV file, a template, a partial, a language file). */
#ifndef GAMETAB_FOREIGN_H
#define GAMETAB_FOREIGN_H

#include <stdbool.h>
#include <stddef.h>

/* What a file is and what to do with it: "xz-compressed data" and "unxz it
 * first"; how is NULL for a zip file or a PNG image (what to do is the
 * reader's to say).  compressed: a compression (CSV reads gzip, and only
 * gzip).  table: a document that may hold a table, to save as CSV (a zip
 * file, a workbook, a PDF, a database), not an image or a program. */
struct foreign {
    const char *what;
    const char *how;
    bool compressed;
    bool table;
};

/* The bytes foreign_bytes needs to tell every kind but zlib (SQLite's
 * "SQLite format 3" and its NUL). */
#define FOREIGN_MAGIC_MAX 16

/* The kind of the file that starts with b[0..n) when it is no text: xz,
 * zstd, bzip2, lz4, lzma, zlib (deflate without gzip's header), Unix
 * compress (.Z), a zip file (an .xlsx workbook renamed), a 7z or RAR
 * archive, an old Excel workbook (.xls, OLE2), a PDF, an SQLite database,
 * a PNG, JPEG or GIF image, an ELF program, UTF-32 or UTF-16 text (by its
 * byte order mark, or by the zero bytes of its first two characters);
 * NULL when it may be text.  Needs n >= FOREIGN_MAGIC_MAX to tell every
 * kind, 64 to tell zlib from text (fewer: the file's whole length). */
const struct foreign *foreign_bytes(const unsigned char *b, size_t n);

#endif
