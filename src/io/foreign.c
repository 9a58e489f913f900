#include <config.h>

#include <stdint.h>
#include <string.h>

#include "base/utf8.h"
#include "io/foreign.h"

static const struct foreign xz = {"xz-compressed data", "unxz it first", true, false},
                            zstd = {"zstd-compressed data", "unzstd it first", true, false},
                            bzip2 = {"bzip2-compressed data", "bunzip2 it first", true, false},
                            lz4 = {"lz4-compressed data", "unlz4 it first", true, false},
                            lzma = {"lzma-compressed data", "unlzma it first", true, false},
                            zlib = {"zlib-compressed data (no gzip header)",
                                    "unpack it first: pigz -dz", true, false},
                            /* gzip -d reads .Z, where uncompress may be missing */
                            compress = {"compress data (.Z)", "gunzip it first", true, false},
                            sevenzip = {"a 7z archive", "extract the file from it first", false,
                                        false},
                            rar = {"a RAR archive", "extract the file from it first", false, false},
                            xls = {"an old Excel workbook (.xls)", NULL, false, true},
                            pdf = {"a PDF document", NULL, false, true},
                            zip = {"a zip file (an .xlsx workbook?)", NULL, false, true},
                            sqlite = {"an SQLite database", NULL, false, true},
                            png = {"a PNG image", NULL, false, false},
                            jpeg = {"a JPEG image", NULL, false, false},
                            gif = {"a GIF image", NULL, false, false},
                            elf = {"a program (ELF)", NULL, false, false},
                            utf32 = {"UTF-32 text", "convert it: iconv -f utf-32 -t utf-8", false,
                                     false},
                            utf32le = {"UTF-32 text (little-endian, no byte order mark)",
                                       "convert it: iconv -f utf-32le -t utf-8", false, false},
                            utf32be = {"UTF-32 text (big-endian, no byte order mark)",
                                       "convert it: iconv -f utf-32be -t utf-8", false, false},
                            utf16 = {"UTF-16 text", "convert it: iconv -f utf-16 -t utf-8", false,
                                     false},
                            utf16le = {"UTF-16 text (little-endian, no byte order mark)",
                                       "convert it: iconv -f utf-16le -t utf-8", false, false},
                            utf16be = {"UTF-16 text (big-endian, no byte order mark)",
                                       "convert it: iconv -f utf-16be -t utf-8", false, false};

/* Whether b[0..n) is UTF-8 as far as its first 64 bytes go (a character
 * cut off at their end counts as whole). */
static bool starts_utf8(const unsigned char *b, size_t n)
{
    size_t end = n < 64 ? n : 64;
    for (size_t i = 0, len; i < end; i += len) {
        uint32_t cp;
        len = utf8_decode(b + i, n - i, &cp);
        if (len == 0)
            return n - i < 4;
    }
    return true;
}

const struct foreign *foreign_bytes(const unsigned char *b, size_t n)
{
    static const struct {
        const char *magic;
        size_t len;
        const struct foreign *kind;
    } kinds[] = {
        {"\xFD" "7zXZ\0", 6, &xz},
        {"(\xB5/\xFD", 4, &zstd},
        {"PK\x03\x04", 4, &zip},
        {"\x04\x22\x4D\x18", 4, &lz4},
        /* .lzma (LZMA_Alone): the usual properties byte, then a dictionary
         * size below 16 MiB, whose low bytes are zero. */
        {"\x5D\0\0", 3, &lzma},
        {"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8, &xls},
        {"%PDF-", 5, &pdf},
        {"\x1F\x9D", 2, &compress},
        {"7z\xBC\xAF\x27\x1C", 6, &sevenzip},
        {"Rar!\x1A\x07", 6, &rar},
        {"SQLite format 3\0", 16, &sqlite},
        {"\x89PNG\r\n\x1A\n", 8, &png},
        {"\xFF\xD8\xFF", 3, &jpeg},
        {"GIF87a", 6, &gif},
        {"GIF89a", 6, &gif},
        {"\x7F" "ELF", 4, &elf},
        /* UTF-32's byte order marks before UTF-16's: FF FE starts both. */
        {"\xFF\xFE\0\0", 4, &utf32},
        {"\0\0\xFE\xFF", 4, &utf32},
        {"\xFF\xFE", 2, &utf16},
        {"\xFE\xFF", 2, &utf16},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (n >= kinds[i].len && memcmp(b, kinds[i].magic, kinds[i].len) == 0)
            return kinds[i].kind;
    /* bzip2: "BZh" and the block size, a digit 1 to 9. */
    if (n >= 4 && memcmp(b, "BZh", 3) == 0 && b[3] >= '1' && b[3] <= '9')
        return &bzip2;
    /* zlib: CMF 0x78 (deflate, 32 KiB window), FLG of a usual level, the
     * two a multiple of 31; and, as "x" and a letter may start a text, not
     * UTF-8 in its first bytes. */
    if (n >= 2 && b[0] == 0x78 && (b[1] == 0x01 || b[1] == 0x5E || b[1] == 0x9C || b[1] == 0xDA) &&
        (b[0] * 256 + b[1]) % 31 == 0 && !starts_utf8(b, n))
        return &zlib;
    /* UTF-32 without a byte order mark: two characters of U+0001 to U+00FF,
     * each with three zero bytes after or before it. */
    if (n >= 8 && b[0] && !b[1] && !b[2] && !b[3] && b[4] && !b[5] && !b[6] && !b[7])
        return &utf32le;
    if (n >= 8 && !b[0] && !b[1] && !b[2] && b[3] && !b[4] && !b[5] && !b[6] && b[7])
        return &utf32be;
    /* UTF-16 without a byte order mark: two ASCII characters, each with a
     * zero byte (which no text gametab reads holds) after or before it. */
    if (n >= 4 && b[0] && !b[1] && b[2] && !b[3])
        return &utf16le;
    if (n >= 4 && !b[0] && b[1] && !b[2] && b[3])
        return &utf16be;
    return NULL;
}
