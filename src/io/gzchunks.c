#include <config.h>

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#if HAVE_ISAL
#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#endif

#include "io/gzchunks.h"

/* A slot carries one chunk through its life: FILLING (the producer appends),
 * QUEUED (waiting for a worker), BUSY (a worker compresses it), DONE
 * (compressed, waiting to be written in order), back to FILLING. */
enum slot_state { SLOT_FILLING, SLOT_QUEUED, SLOT_BUSY, SLOT_DONE };

struct slot {
    enum slot_state state;
    unsigned char *in;
    size_t in_len;
    unsigned char *out;
    size_t out_cap, out_len;
    bool last;              /* the stream's last piece: ends with the final block */
    uLong crc;              /* CRC-32 of in */
    int zrc;                /* Z_OK, or what deflate answered when it failed */
#if HAVE_ISAL
    struct isal_zstream *isal;      /* ISA-L's state, reused piece after piece */
    unsigned char *isal_buf;        /* and its buffer for levels 1 to 3 */
#endif
};

struct gzchunks {
    int level;
    struct gzchunks_engine engine;  /* what serves level */
    unsigned jobs;
    gzchunks_write_fn write;
    void *ud;
    struct slot *slots;     /* a ring of nslots, used in order */
    size_t nslots;
    size_t fill;            /* the slot being filled */
    size_t oldest;          /* the oldest slot not yet written */
    size_t pending;         /* slots queued or done, not yet written */
    bool header_written;
    uLong crc;              /* CRC-32 of the input written so far */
    uint32_t isize;         /* and its length mod 2^32 */
    enum gzchunks_status status;
    char msg[64];           /* GZCHUNKS_ZLIB: what deflate said */
    pthread_t *threads;
    unsigned nthreads;      /* started */
    pthread_mutex_t lock;
    pthread_cond_t work;    /* a slot was queued, or stop */
    pthread_cond_t done;    /* a slot was compressed */
    bool stop;
};

struct gzchunks_engine gzchunks_engine(int level)
{
#if HAVE_ISAL
    /* Levels outside 0..9 go to zlib, which refuses them.  Measured on the
     * P-position CSV (README, "The deflate engine"): ISA-L level 3 is
     * smaller than zlib's 9 and ten times faster, level 2 is smaller than
     * zlib's 1, level 0 still compresses; zlib's 0 stores.  Not ISA-L's
     * level 1: about one process in 70 compressed a 1 MiB piece to other
     * (valid) bytes than the rest, in a program that did nothing but call
     * isal_deflate (breaker round 38, F9); its levels 0, 2 and 3 never did. */
    if (level >= 1 && level <= 9)
        return (struct gzchunks_engine){GZCHUNKS_ISAL, level >= 5 ? 3 : level >= 2 ? 2 : 0};
#endif
    return (struct gzchunks_engine){GZCHUNKS_ZLIB_ENGINE, level};
}

/* Compresses s->in into s->out as raw deflate with zlib: a full flush
 * after the data, or for the last piece the final block. */
static void compress_slot_zlib(int level, struct slot *s)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    s->zrc = deflateInit2(&z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
    if (s->zrc != Z_OK)
        return;
    z.next_in = s->in;
    z.avail_in = (uInt)s->in_len;
    z.next_out = s->out;
    z.avail_out = (uInt)s->out_cap;
    /* out_cap is deflateBound plus room for the flush marker: one call
     * compresses the whole piece. */
    int rc = deflate(&z, s->last ? Z_FINISH : Z_FULL_FLUSH);
    if (s->last ? rc == Z_STREAM_END : rc == Z_OK && z.avail_in == 0 && z.avail_out > 0) {
        s->out_len = s->out_cap - z.avail_out;
        s->zrc = Z_OK;
    } else {
        s->zrc = rc == Z_OK || rc == Z_STREAM_END ? Z_BUF_ERROR : rc;
    }
    deflateEnd(&z);
}

#if HAVE_ISAL
/* The same with ISA-L's isal_deflate: FULL_FLUSH ends a piece with the
 * empty stored block zlib writes, so the pieces join the same way.  A
 * failure is reported as zlib's Z_STREAM_ERROR (bad level or buffer) or
 * Z_BUF_ERROR (out of room, which out_cap rules out). */
static void compress_slot_isal(int level, struct slot *s)
{
    struct isal_zstream *z = s->isal;
    isal_deflate_init(z);
    z->level = (uint32_t)level;
    z->level_buf = s->isal_buf;
    z->level_buf_size = ISAL_DEF_LVL3_DEFAULT;
    z->gzip_flag = IGZIP_DEFLATE;
    z->end_of_stream = s->last;
    z->flush = s->last ? NO_FLUSH : FULL_FLUSH;
    z->next_in = s->in;
    z->avail_in = (uint32_t)s->in_len;
    z->next_out = s->out;
    z->avail_out = (uint32_t)s->out_cap;
    int rc = isal_deflate(z);
    bool done = s->last ? z->internal_state.state == ZSTATE_END
                        : z->avail_in == 0 && z->internal_state.state == ZSTATE_NEW_HDR;
    if (rc != COMP_OK)
        s->zrc = Z_STREAM_ERROR;
    else if (!done)
        s->zrc = Z_BUF_ERROR;
    else {
        s->out_len = s->out_cap - z->avail_out;
        s->zrc = Z_OK;
    }
}
#endif

/* Compresses one piece with the engine, and takes its CRC-32 on the
 * worker's thread too. */
static void compress_slot(struct gzchunks_engine e, struct slot *s)
{
#if HAVE_ISAL
    if (e.id == GZCHUNKS_ISAL) {
        s->crc = crc32_gzip_refl(0, s->in, s->in_len);
        compress_slot_isal(e.level, s);
        return;
    }
#endif
    s->crc = crc32(0L, s->in, (uInt)s->in_len);
    compress_slot_zlib(e.level, s);
}

static void *worker(void *arg)
{
    struct gzchunks *z = arg;
    pthread_mutex_lock(&z->lock);
    for (;;) {
        struct slot *mine = NULL;
        for (size_t i = 0; i < z->nslots && !mine; i++) {
            struct slot *s = &z->slots[(z->oldest + i) % z->nslots];
            if (s->state == SLOT_QUEUED)
                mine = s;
        }
        if (!mine) {
            if (z->stop)
                break;
            pthread_cond_wait(&z->work, &z->lock);
            continue;
        }
        mine->state = SLOT_BUSY;
        pthread_mutex_unlock(&z->lock);
        compress_slot(z->engine, mine);
        pthread_mutex_lock(&z->lock);
        mine->state = SLOT_DONE;
        pthread_cond_broadcast(&z->done);
    }
    pthread_mutex_unlock(&z->lock);
    return NULL;
}

static void stop_threads(struct gzchunks *z)
{
    if (!z->nthreads)
        return;
    pthread_mutex_lock(&z->lock);
    z->stop = true;
    pthread_cond_broadcast(&z->work);
    pthread_mutex_unlock(&z->lock);
    for (unsigned i = 0; i < z->nthreads; i++)
        pthread_join(z->threads[i], NULL);
    z->nthreads = 0;
}

void gzchunks_free(struct gzchunks *z)
{
    if (!z)
        return;
    stop_threads(z);
    for (size_t i = 0; z->slots && i < z->nslots; i++) {
        free(z->slots[i].in);
        free(z->slots[i].out);
#if HAVE_ISAL
        free(z->slots[i].isal);
        free(z->slots[i].isal_buf);
#endif
    }
    free(z->slots);
    free(z->threads);
    pthread_mutex_destroy(&z->lock);
    pthread_cond_destroy(&z->work);
    pthread_cond_destroy(&z->done);
    free(z);
}

struct gzchunks *gzchunks_new(int level, unsigned jobs, gzchunks_write_fn write, void *ud)
{
    struct gzchunks *z = calloc(1, sizeof *z);
    if (!z)
        return NULL;
    z->level = level;
    z->engine = gzchunks_engine(level);
    z->jobs = jobs;
    z->write = write;
    z->ud = ud;
    z->crc = crc32(0L, Z_NULL, 0);
    pthread_mutex_init(&z->lock, NULL);
    pthread_cond_init(&z->work, NULL);
    pthread_cond_init(&z->done, NULL);
    /* Two slots a thread keeps every worker busy while the producer fills. */
    z->nslots = jobs > 1 ? 2 * (size_t)jobs : 1;
    z->slots = calloc(z->nslots, sizeof *z->slots);
    bool ok = z->slots != NULL;
    uLong bound = compressBound(GZCHUNKS_SIZE) + 64; /* + the flush marker */
    for (size_t i = 0; ok && i < z->nslots; i++) {
        z->slots[i].in = malloc(GZCHUNKS_SIZE);
        z->slots[i].out = malloc(bound);
        z->slots[i].out_cap = bound;
        ok = z->slots[i].in && z->slots[i].out;
#if HAVE_ISAL
        if (ok && z->engine.id == GZCHUNKS_ISAL) {
            z->slots[i].isal = malloc(sizeof *z->slots[i].isal);
            z->slots[i].isal_buf = malloc(ISAL_DEF_LVL3_DEFAULT);
            ok = z->slots[i].isal && z->slots[i].isal_buf;
        }
#endif
    }
    if (ok && jobs > 1) {
        z->threads = calloc(jobs, sizeof *z->threads);
        ok = z->threads != NULL;
        for (unsigned i = 0; ok && i < jobs; i++) {
            int e = pthread_create(&z->threads[i], NULL, worker, z);
            if (e != 0) {
                errno = e;
                ok = false;
            } else {
                z->nthreads++;
            }
        }
    }
    if (!ok) {
        int e = errno ? errno : ENOMEM;
        gzchunks_free(z);
        errno = e;
        return NULL;
    }
    return z;
}

/* Stops the stream: the first failure is the one reported. */
static int fail(struct gzchunks *z, enum gzchunks_status status, int zrc)
{
    if (z->status == GZCHUNKS_OK) {
        z->status = status;
        if (status == GZCHUNKS_ZLIB)
            snprintf(z->msg, sizeof z->msg, "%s failed: %s",
                     z->engine.id == GZCHUNKS_ISAL ? "ISA-L deflate" : "zlib", zError(zrc));
    }
    return -1;
}

/* The member's header, as zlib writes it: no name, no time stamp, the
 * extra flags for the level (2 at 9, 4 at 0 and 1), OS 3 (Unix). */
static int write_header(struct gzchunks *z)
{
    unsigned char h[10] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3};
    h[8] = z->level == 9 ? 2 : z->level < 2 ? 4 : 0;
    z->header_written = true;
    return z->write(z->ud, h, sizeof h) == 0 ? 0 : fail(z, GZCHUNKS_WRITE, Z_OK);
}

/* Writes the oldest slot once it is compressed, and frees it for filling;
 * the header goes before the first. */
static int write_oldest(struct gzchunks *z)
{
    struct slot *s = &z->slots[z->oldest];
    if (z->nthreads) {
        pthread_mutex_lock(&z->lock);
        while (s->state != SLOT_DONE)
            pthread_cond_wait(&z->done, &z->lock);
        pthread_mutex_unlock(&z->lock);
    }
    int rc = 0;
    if (s->zrc != Z_OK)
        rc = fail(z, GZCHUNKS_ZLIB, s->zrc);
    else if (!z->header_written && write_header(z) != 0)
        rc = -1;
    else if (z->write(z->ud, s->out, s->out_len) != 0)
        rc = fail(z, GZCHUNKS_WRITE, Z_OK);
    z->crc = crc32_combine(z->crc, s->crc, (z_off_t)s->in_len);
    z->isize += (uint32_t)s->in_len;
    /* The workers read the states and `oldest` under the lock. */
    if (z->nthreads)
        pthread_mutex_lock(&z->lock);
    s->state = SLOT_FILLING;
    s->in_len = 0;
    s->last = false;
    z->oldest = (z->oldest + 1) % z->nslots;
    z->pending--;
    if (z->nthreads)
        pthread_mutex_unlock(&z->lock);
    return rc;
}

/* Hands the full slot on: to the workers, or compresses it here.  A
 * failure is in z->status. */
static void submit(struct gzchunks *z)
{
    struct slot *s = &z->slots[z->fill];
    z->pending++;
    z->fill = (z->fill + 1) % z->nslots;
    if (z->nthreads) {
        pthread_mutex_lock(&z->lock);
        s->state = SLOT_QUEUED;
        pthread_cond_signal(&z->work);
        pthread_mutex_unlock(&z->lock);
    } else {
        compress_slot(z->engine, s);
        s->state = SLOT_DONE;
    }
    /* The next slot to fill must be free: write what occupies it. */
    if (z->pending == z->nslots)
        write_oldest(z);
}

int gzchunks_write(struct gzchunks *z, const void *buf, size_t len)
{
    const unsigned char *p = buf;
    while (len > 0 && z->status == GZCHUNKS_OK) {
        struct slot *s = &z->slots[z->fill];
        size_t n = GZCHUNKS_SIZE - s->in_len;
        n = n < len ? n : len;
        memcpy(s->in + s->in_len, p, n);
        s->in_len += n;
        p += n;
        len -= n;
        if (s->in_len == GZCHUNKS_SIZE)
            submit(z);
    }
    return z->status == GZCHUNKS_OK ? 0 : -1;
}

int gzchunks_finish(struct gzchunks *z)
{
    if (z->status != GZCHUNKS_OK)
        return -1;
    /* The last piece, partial or empty (then its final block is the two
     * bytes 03 00), so that the stream ends the same whatever its length. */
    z->slots[z->fill].last = true;
    submit(z);
    while (z->status == GZCHUNKS_OK && z->pending > 0)
        write_oldest(z);
    if (z->status != GZCHUNKS_OK)
        return -1;
    unsigned char t[8];
    for (int i = 0; i < 4; i++) {
        t[i] = (unsigned char)(z->crc >> (8 * i));
        t[4 + i] = (unsigned char)(z->isize >> (8 * i));
    }
    return z->write(z->ud, t, sizeof t) == 0 ? 0 : fail(z, GZCHUNKS_WRITE, Z_OK);
}

enum gzchunks_status gzchunks_error(const struct gzchunks *z, const char **msg)
{
    if (msg)
        *msg = z->status == GZCHUNKS_ZLIB ? z->msg : "";
    return z->status;
}
