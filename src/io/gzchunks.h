/* gzchunks.h: gzip compression of a byte stream as a series of independent
 * gzip members, compressed on several threads and written in order.
 *
 * The stream is cut every GZCHUNKS_SIZE input bytes, whatever the number of
 * threads, and each piece becomes one gzip member (RFC 1952; header with
 * mtime 0 and no name), so the file is byte-identical for every job count
 * and from run to run.  gzip -t, zcat, zlib's gzread and Python's gzip read
 * the members as one file.  Memory: about 2 x jobs x 2 x GZCHUNKS_SIZE. */
#ifndef GAMETAB_GZCHUNKS_H
#define GAMETAB_GZCHUNKS_H

#include <stddef.h>

/* Input bytes per gzip member: 1 MiB costs well under 0.1% of ratio. */
#define GZCHUNKS_SIZE (1u << 20)
#define GZCHUNKS_JOBS_MAX 64

/* Where the compressed bytes go, in order: return 0, or -1 to stop. */
typedef int (*gzchunks_write_fn)(void *ud, const void *buf, size_t len);

struct gzchunks;

/* level 0..9, jobs 1..GZCHUNKS_JOBS_MAX (1: no threads).  NULL when out of
 * memory or a thread cannot be started (errno set). */
struct gzchunks *gzchunks_new(int level, unsigned jobs, gzchunks_write_fn write, void *ud);

/* Appends len bytes.  0, or -1 when the write callback failed (or zlib
 * did: errno EIO), after which only gzchunks_free is allowed. */
int gzchunks_write(struct gzchunks *z, const void *buf, size_t len);

/* Compresses and writes what remains (an empty stream gives one empty
 * member, still a valid gzip file).  0 or -1 as above. */
int gzchunks_finish(struct gzchunks *z);

/* Stops the threads and frees everything. */
void gzchunks_free(struct gzchunks *z);

#endif
