/* foreign.h: files that are no text gametab reads, told by their first
 * bytes (a CSV file, a template, a partial, a language file). */
#ifndef GAMETAB_FOREIGN_H
#define GAMETAB_FOREIGN_H

#include <stdbool.h>
#include <stddef.h>

/* What a file is and what to do with it: "xz-compressed data" and "unxz it
 * first"; how is NULL for a zip file (what to save it as is the reader's
 * to say).  compressed: a compression (CSV reads gzip, and only gzip). */
struct foreign {
    const char *what;
    const char *how;
    bool compressed;
};

/* The kind of the file that starts with b[0..n) when it is no text: xz,
 * zstd, bzip2, lz4, lzma, zlib (deflate without gzip's header), a zip file
 * (an .xlsx workbook renamed), an old Excel workbook (.xls, OLE2), a PDF,
 * UTF-16 text (by its byte order mark, or by the zero bytes of its first
 * two characters); NULL when it may be text.  Needs n >= 8 to tell every
 * kind, 64 to tell zlib from text (fewer: the file's whole length). */
const struct foreign *foreign_bytes(const unsigned char *b, size_t n);

#endif
