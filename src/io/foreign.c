#include <config.h>

#include <string.h>

#include "io/foreign.h"

static const struct foreign xz = {"xz-compressed data", "unxz it first", true},
                            zstd = {"zstd-compressed data", "unzstd it first", true},
                            bzip2 = {"bzip2-compressed data", "bunzip2 it first", true},
                            zip = {"a zip file (an .xlsx workbook?)", NULL, false},
                            utf16 = {"UTF-16 text", "convert it: iconv -f utf-16 -t utf-8", false},
                            utf16le = {"UTF-16 text (little-endian, no byte order mark)",
                                       "convert it: iconv -f utf-16le -t utf-8", false},
                            utf16be = {"UTF-16 text (big-endian, no byte order mark)",
                                       "convert it: iconv -f utf-16be -t utf-8", false};

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
        {"\xFF\xFE", 2, &utf16},
        {"\xFE\xFF", 2, &utf16},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (n >= kinds[i].len && memcmp(b, kinds[i].magic, kinds[i].len) == 0)
            return kinds[i].kind;
    /* bzip2: "BZh" and the block size, a digit 1 to 9. */
    if (n >= 4 && memcmp(b, "BZh", 3) == 0 && b[3] >= '1' && b[3] <= '9')
        return &bzip2;
    /* UTF-16 without a byte order mark: two ASCII characters, each with a
     * zero byte (which no text gametab reads holds) after or before it. */
    if (n >= 4 && b[0] && !b[1] && b[2] && !b[3])
        return &utf16le;
    if (n >= 4 && !b[0] && b[1] && !b[2] && b[3])
        return &utf16be;
    return NULL;
}
