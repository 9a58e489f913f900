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
                            tar = {"a tar archive", "extract the file from it first", false, false},
                            lzip = {"lzip-compressed data", "lzip -d it first", true, false},
                            lzop = {"lzop-compressed data", "lzop -d it first", true, false},
                            xls = {"an old Excel workbook (.xls)", NULL, false, true},
                            pdf = {"a PDF document", NULL, false, true},
                            zip = {"a zip file (an .xlsx workbook?)", NULL, false, true},
                            ods = {"an OpenDocument spreadsheet (.ods)", NULL, false, true},
                            odf = {"an OpenDocument file (.odt, .odp, ...)", NULL, false, true},
                            sqlite = {"an SQLite database", NULL, false, true},
                            parquet = {"a Parquet file", NULL, false, true},
                            hdf5 = {"an HDF5 file", NULL, false, true},
                            png = {"a PNG image", NULL, false, false},
                            jpeg = {"a JPEG image", NULL, false, false},
                            gif = {"a GIF image", NULL, false, false},
                            webp = {"a WebP image", NULL, false, false},
                            tiff = {"a TIFF image", NULL, false, false},
                            ogg = {"Ogg audio or video", NULL, false, false},
                            flac = {"FLAC audio", NULL, false, false},
                            mp3 = {"MP3 audio (ID3 tag)", NULL, false, false},
                            isomedia = {"an ISO media file (MP4, MOV, HEIC)", NULL, false, false},
                            elf = {"a program (ELF)", NULL, false, false},
                            macho = {"a program (Mach-O)", NULL, false, false},
                            /* CA FE BA BE starts a Mach-O universal binary too */
                            javaclass = {"a program (a Java class, or a Mach-O universal binary)",
                                         NULL, false, false},
                            wasm = {"a program (WebAssembly)", NULL, false, false},
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

/* Whether c is a control byte that no text gametab reads holds: C0 but a
 * tab, LF, VT, FF, CR and ESC (which colours text on a terminal). */
static bool is_control(unsigned char c)
{
    return c <= 0x08 || (c >= 0x0E && c <= 0x1A) || (c >= 0x1C && c <= 0x1F);
}

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

/* Whether b[0..n) holds a control byte (is_control) in its first 64. */
static bool has_control(const unsigned char *b, size_t n)
{
    size_t end = n < BINARY_BYTES ? n : BINARY_BYTES;
    for (size_t i = 0; i < end; i++)
        if (is_control(b[i]))
            return true;
    return false;
}

/* Whether b[0..n) is UTF-8 as far as its first 64 bytes go (a character
 * cut off at their end counts as whole). */
static bool starts_utf8(const unsigned char *b, size_t n)
{
    size_t end = n < BINARY_BYTES ? n : BINARY_BYTES;
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
        {"\x1F\x9D", 2, &compress},
        {"7z\xBC\xAF\x27\x1C", 6, &sevenzip},
        {"Rar!\x1A\x07", 6, &rar},
        {"SQLite format 3\0", 16, &sqlite},
        {"\x89PNG\r\n\x1A\n", 8, &png},
        {"\xFF\xD8\xFF", 3, &jpeg},
        {"\x7F" "ELF", 4, &elf},
        /* Each of these holds a byte no text starts with: a NUL, a control
         * character, or a byte that is not UTF-8 (FE, FF, C0, C1, F5 to FF
         * never are; CA FE, CE FA, CF FA are a lead byte then no
         * continuation byte).  Texts that may start a CSV file ("MZ" of a
         * Windows program, "BM" of a BMP image, "!<arch>" of an ar
         * archive, "070701" of cpio) are not here: the bytes after them
         * tell (binary_bytes). */
        {"II*\0", 4, &tiff},
        {"MM\0*", 4, &tiff},
        {"II+\0", 4, &tiff}, /* BigTIFF */
        {"MM\0+", 4, &tiff},
        /* lzip: "LZIP", then its version, 0 or 1 (lzip's manual). */
        {"LZIP\0", 5, &lzip},
        {"LZIP\1", 5, &lzip},
        {"\x89LZO\0\r\n\x1A\n", 9, &lzop},
        {"\x89HDF\r\n\x1A\n", 8, &hdf5},
        {"\xCA\xFE\xBA\xBE", 4, &javaclass},
        {"\xFE\xED\xFA\xCE", 4, &macho},
        {"\xFE\xED\xFA\xCF", 4, &macho},
        {"\xCE\xFA\xED\xFE", 4, &macho},
        {"\xCF\xFA\xED\xFE", 4, &macho},
        {"\0asm", 4, &wasm},
        {"OggS\0", 5, &ogg},
        /* UTF-32's byte order marks before UTF-16's: FF FE starts both. */
        {"\xFF\xFE\0\0", 4, &utf32},
        {"\0\0\xFE\xFF", 4, &utf32},
        {"\xFF\xFE", 2, &utf16},
        {"\xFE\xFF", 2, &utf16},
    };
    /* OpenDocument (LibreOffice's own): a zip whose first entry, stored,
     * is "mimetype" (its name at 30), holding the type (at 38). */
    static const char odf_type[] = "application/vnd.oasis.opendocument.";
    if (n >= 38 + sizeof odf_type - 1 && memcmp(b, "PK\x03\x04", 4) == 0 &&
        memcmp(b + 30, "mimetype", 8) == 0 && memcmp(b + 38, odf_type, sizeof odf_type - 1) == 0)
        return n >= 38 + sizeof odf_type - 1 + 11 &&
                       memcmp(b + 38 + sizeof odf_type - 1, "spreadsheet", 11) == 0
                   ? &ods
                   : &odf;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (n >= kinds[i].len && memcmp(b, kinds[i].magic, kinds[i].len) == 0)
            return kinds[i].kind;
    /* Magic bytes that are printable ASCII may start a CSV file or a
     * template too ("GIF89a,b" is a header): they name a format only when
     * what follows them does as well, a control byte in the first bytes
     * (a GIF's width, a WebP's size) or the format's own next bytes. */
    /* PDF: "%PDF-", its version, then the end of the line; or a control
     * byte or bytes that are not UTF-8 among the first (the comment line of
     * bytes past 127 that PDF writers put second). */
    if (n >= 5 && memcmp(b, "%PDF-", 5) == 0 &&
        (has_control(b, n) || !starts_utf8(b, n) ||
         (n >= 9 && is_digit(b[5]) && b[6] == '.' && is_digit(b[7]) &&
          (b[8] == '\r' || b[8] == '\n'))))
        return &pdf;
    /* GIF: "GIF87a" or "GIF89a", then its logical screen descriptor, whose
     * width and height (16 bits each, little-endian) hold a zero byte
     * below 256 pixels, as its background colour and aspect ratio mostly
     * do. */
    if (n >= 6 && (memcmp(b, "GIF87a", 6) == 0 || memcmp(b, "GIF89a", 6) == 0) &&
        has_control(b, n))
        return &gif;
    /* WebP: RIFF, the size (4 bytes, little-endian: a zero byte under 16
     * MiB), then "WEBP". */
    if (n >= 12 && memcmp(b, "RIFF", 4) == 0 && memcmp(b + 8, "WEBP", 4) == 0 &&
        has_control(b, n))
        return &webp;
    /* Parquet: "PAR1", then a page header in Thrift's compact encoding,
     * whose first byte (a field's header: 0x15, an i32) is no text. */
    if (n >= 5 && memcmp(b, "PAR1", 4) == 0 && is_control(b[4]))
        return &parquet;
    /* FLAC: "fLaC", then the STREAMINFO block's header (type 0, its top
     * bit set when it is the last block) and its length's high bytes, 0. */
    if (n >= 7 && memcmp(b, "fLaC", 4) == 0 && (b[4] & 0x7F) == 0 && !b[5] && !b[6])
        return &flac;
    /* ID3v2 (MP3): "ID3", its major version 2 to 4, its revision 0. */
    if (n >= 5 && memcmp(b, "ID3", 3) == 0 && b[3] >= 2 && b[3] <= 4 && b[4] == 0)
        return &mp3;
    /* ISO base media (MP4, MOV, HEIC, 3GP): a box's size, 32 bits, whose
     * high byte is 0 (under 16 MiB), then "ftyp". */
    if (n >= 8 && b[0] == 0 && memcmp(b + 4, "ftyp", 4) == 0)
        return &isomedia;
    /* tar: "ustar" at 257, then a NUL (POSIX) or "  " and a NUL (GNU). */
    if (n >= 265 && memcmp(b + 257, "ustar", 5) == 0 &&
        (b[262] == 0 || memcmp(b + 262, "  \0", 3) == 0))
        return &tar;
    /* bzip2: "BZh", the block size (a digit 1 to 9), then a block's magic
     * (the digits of pi, 31 41 59 26 53 59) or the end of the stream's
     * (of sqrt(pi), 17 72 45 38 50 90: no block, an empty input). */
    if (n >= 10 && memcmp(b, "BZh", 3) == 0 && b[3] >= '1' && b[3] <= '9' &&
        (memcmp(b + 4, "1AY&SY", 6) == 0 || memcmp(b + 4, "\x17\x72\x45\x38\x50\x90", 6) == 0))
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

/* Whether b[0..n), n < 4, is the start of a character cut off at n: a lead
 * byte, then continuation bytes only. */
static bool cut_short(const unsigned char *b, size_t n)
{
    size_t need = b[0] >= 0xC2 && b[0] <= 0xDF   ? 2
                  : b[0] >= 0xE0 && b[0] <= 0xEF ? 3
                  : b[0] >= 0xF0 && b[0] <= 0xF4 ? 4
                                                 : 0;
    if (n >= need)
        return false;
    for (size_t i = 1; i < n; i++)
        if ((b[i] & 0xC0) != 0x80)
            return false;
    return true;
}

bool binary_bytes(const unsigned char *b, size_t n)
{
    size_t end = n < BINARY_BYTES ? n : BINARY_BYTES;
    bool control = false;
    for (size_t i = 0; i < end && !control; i++)
        control = is_control(b[i]);
    if (!control)
        return false;
    for (size_t i = 0, len; i < end; i += len) {
        uint32_t cp;
        len = utf8_decode(b + i, n - i, &cp);
        if (len == 0)
            return !cut_short(b + i, n - i);
    }
    return false;
}
