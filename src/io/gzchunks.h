/* gzchunks.h: gzip compression of a byte stream as one gzip member
 * (RFC 1952), its deflate data compressed in pieces on several threads and
 * written in order, the way pigz does.
 *
 * The stream is cut every GZCHUNKS_SIZE input bytes, whatever the number of
 * threads.  Each piece is compressed on its own as raw deflate (RFC 1951),
 * ended by a full flush (an empty stored block, so the next piece starts on
 * a byte boundary and refers to nothing before it) except the last, which
 * ends with the final block.  One 10-byte header (mtime 0, no name) goes
 * before the pieces and one trailer after them: the CRC-32 of the whole
 * input, combined from the pieces' (crc32_combine), and its length mod
 * 2^32.  So the file is byte-identical for every job count and from run to
 * run, and readers that take only the first member of a gzip file
 * (LibreOffice, some Java and .NET libraries) get all of it.
 * Memory: about 2 x jobs x 2 x GZCHUNKS_SIZE. */
#ifndef GAMETAB_GZCHUNKS_H
#define GAMETAB_GZCHUNKS_H

#include <stddef.h>

/* Input bytes per piece: 1 MiB costs well under 0.1% of ratio. */
#define GZCHUNKS_SIZE (1u << 20)
#define GZCHUNKS_JOBS_MAX 64

/* Where the compressed bytes go, in order: return 0, or -1 to stop (the
 * callback keeps its own reason). */
typedef int (*gzchunks_write_fn)(void *ud, const void *buf, size_t len);

struct gzchunks;

/* The deflate engines: ISA-L (Intel's igzip, Debian libisal-dev) when
 * configure found it, zlib always (reading, level 0, and the fallback). */
enum gzchunks_engine_id { GZCHUNKS_ZLIB_ENGINE, GZCHUNKS_ISAL };
struct gzchunks_engine {
    enum gzchunks_engine_id id;
    int level;              /* the engine's own level: zlib 0..9, ISA-L 0..3 */
};

/* Which engine serves gzip level 0..9, and at which of its levels; higher
 * stays smaller and slower on gametab's CSV.  With ISA-L: 0 zlib 0 (stored),
 * 1 ISA-L 0, 2..4 ISA-L 2, 5..9 ISA-L 3; without it, and for a level
 * outside 0..9 (which zlib then refuses), zlib at level. */
struct gzchunks_engine gzchunks_engine(int level);

#if HAVE_ISAL
#define GZCHUNKS_LEVEL_HELP \
    "gzip level 0..9 (default 6), higher smaller: 0 stored\n" \
    "by zlib, 1 by ISA-L at its 0, 2..4 at its 2, 5..9 at its 3"
#else
#define GZCHUNKS_LEVEL_HELP "gzip level 0..9 (default 6), compressed by zlib"
#endif

/* What stopped a stream, like zlib's gzerror: GZCHUNKS_WRITE when the
 * write callback failed (its reason is the callback's to give),
 * GZCHUNKS_ZLIB when deflate did (zlib's or ISA-L's). */
enum gzchunks_status { GZCHUNKS_OK, GZCHUNKS_WRITE, GZCHUNKS_ZLIB };

/* level 0..9, jobs 1..GZCHUNKS_JOBS_MAX (1: no threads).  NULL when out of
 * memory or a thread cannot be started (errno set). */
struct gzchunks *gzchunks_new(int level, unsigned jobs, gzchunks_write_fn write, void *ud);

/* Appends len bytes.  0, or -1 when the write callback or zlib failed
 * (gzchunks_error says which), after which only gzchunks_error and
 * gzchunks_free are allowed. */
int gzchunks_write(struct gzchunks *z, const void *buf, size_t len);

/* Compresses and writes what remains, then the trailer (an empty stream
 * gives a valid gzip file of empty content).  0 or -1 as above. */
int gzchunks_finish(struct gzchunks *z);

/* Why the stream stopped (GZCHUNKS_OK while it has not), and *msg, when
 * msg is not NULL, a short text for GZCHUNKS_ZLIB ("zlib failed: ...");
 * "" otherwise. */
enum gzchunks_status gzchunks_error(const struct gzchunks *z, const char **msg);

/* Stops the threads and frees everything. */
void gzchunks_free(struct gzchunks *z);

#endif
