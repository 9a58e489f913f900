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

/* The bytes foreign_bytes needs to tell every kind (a tar archive's
 * "ustar" is at 257, GNU's "  " and NUL after it end at 265). */
#define FOREIGN_MAGIC_MAX 265

/* The first bytes of a file that binary_bytes looks at, and foreign_bytes
 * to tell zlib data from text. */
#define BINARY_BYTES 64

/* The kind of the file that starts with b[0..n) when it is no text: xz,
 * zstd, bzip2, lz4, lzma, zlib (deflate without gzip's header), Unix
 * compress (.Z), a zip file (an .xlsx workbook renamed), a 7z or RAR
 * archive, lzip, lzop, a tar archive, an old Excel workbook (.xls, OLE2),
 * a PDF, an SQLite database, a Parquet or HDF5 file, a PNG, JPEG, GIF,
 * WebP or TIFF image, Ogg, FLAC or MP3 (ID3) audio, an ISO media file
 * (MP4, MOV, HEIC), a program (ELF, Mach-O, a Java class, WebAssembly),
 * UTF-32 or UTF-16 text (by its byte order mark, or by the zero bytes of
 * its first two characters); NULL when it may be text.  A magic of
 * printable ASCII (PDF, GIF, WebP, bzip2) counts only with the format's
 * next bytes, or a control byte, after it: "GIF89a,b" is a CSV header.
 * Needs n >=
 * FOREIGN_MAGIC_MAX to tell every kind (fewer: the file's whole length). */
const struct foreign *foreign_bytes(const unsigned char *b, size_t n);

/* Whether b[0..n), the first bytes of a file (n: as many as are at hand,
 * BINARY_BYTES or more to tell all it can), is binary data of no kind
 * foreign_bytes knows: its first BINARY_BYTES bytes hold both a control
 * byte (0x00 to 0x08, 0x0E to 0x1A, 0x1C to 0x1F: not a tab, a line end,
 * a form feed or ESC) and a byte that is not UTF-8 (a character cut off
 * at their end or at n counts as whole).  A text with a stray NUL (ASCII)
 * or of another encoding (cp1251, Latin-1: no control bytes) is not. */
bool binary_bytes(const unsigned char *b, size_t n);

#endif
