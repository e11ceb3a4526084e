// A bump allocator for cmark-gfm's parse trees (see primer_arena_begin in cplatform.h).
#include "cplatform.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct primer_chunk {
    struct primer_chunk *next;
    size_t used;
    size_t capacity;
    _Alignas(16) unsigned char bytes[];
} primer_chunk;

/// Each block is preceded by its size (for realloc), in a 16-byte header that keeps it aligned.
enum { HEADER = 16, CHUNK = 256 * 1024 };
/// What a thread keeps between parses: its chunks up to this size (a chapter's tree fits).
enum { KEPT = 2 * 1024 * 1024 };

/// The chunk being filled (the newest; `next` goes to older ones).
static _Thread_local primer_chunk *current;
/// Chunks kept from earlier parses, zeroed, for the next ones: the thread's value of this key,
/// freed when the thread ends.
static pthread_key_t spare_key;
static pthread_once_t spare_once = PTHREAD_ONCE_INIT;

static void free_chunks(void *list) {
    for (primer_chunk *chunk = list; chunk;) {
        primer_chunk *next = chunk->next;
        free(chunk);
        chunk = next;
    }
}

static void make_spare_key(void) { pthread_key_create(&spare_key, free_chunks); }
/// The last block handed out, which realloc can grow where it is.
static _Thread_local unsigned char *last;

void primer_arena_begin(void) { primer_arena_end(); }

/// Gives the parse's chunks back: zeroed and kept for the next parse on this thread (up to
/// `KEPT` bytes), the rest freed. Reusing them spares the kernel's page faults on fresh memory,
/// which cost more than zeroing what was used.
void primer_arena_end(void) {
    pthread_once(&spare_once, make_spare_key);
    primer_chunk *spare = pthread_getspecific(spare_key);
    size_t kept = 0;
    for (primer_chunk *chunk = spare; chunk; chunk = chunk->next) kept += chunk->capacity;
    while (current) {
        primer_chunk *next = current->next;
        if (current->capacity == CHUNK && kept + CHUNK <= KEPT) {
            memset(current->bytes, 0, current->used);
            current->used = 0;
            current->next = spare;
            spare = current;
            kept += CHUNK;
        } else {
            free(current);
        }
        current = next;
    }
    pthread_setspecific(spare_key, spare);
    last = NULL;
}

static void *take(size_t size) {
    size_t rounded = (size + 15) & ~(size_t)15;
    if (rounded < size) return NULL;  // overflow
    size_t needed = rounded + HEADER;
    if (!current || current->capacity - current->used < needed) {
        primer_chunk *chunk = NULL;
        if (needed <= CHUNK) {
            pthread_once(&spare_once, make_spare_key);
            chunk = pthread_getspecific(spare_key);
            if (chunk) pthread_setspecific(spare_key, chunk->next);
        }
        if (!chunk) {
            size_t capacity = needed > CHUNK ? needed : CHUNK;
            // calloc: fresh chunks are zeroed (kept ones were zeroed when given back), and bump
            // allocation never hands out a used byte twice.
            chunk = calloc(1, sizeof(primer_chunk) + capacity);
            if (!chunk) return NULL;
            chunk->capacity = capacity;
        }
        chunk->next = current;
        current = chunk;
    }
    unsigned char *block = current->bytes + current->used;
    current->used += needed;
    memcpy(block, &size, sizeof size);
    last = block + HEADER;
    return last;
}

void *primer_arena_calloc(size_t count, size_t size) {
    if (size && count > (size_t)-1 / size) return NULL;
    return take(count * size);
}

void *primer_arena_realloc(void *old, size_t size) {
    if (old) {
        size_t old_size;
        memcpy(&old_size, (unsigned char *)old - HEADER, sizeof old_size);
        // The newest block of the chunk being filled grows in place (cmark's buffers grow by
        // realloc, one after another): no copy, no new bytes taken.
        if (old == last) {
            size_t old_rounded = (old_size + 15) & ~(size_t)15;
            size_t rounded = (size + 15) & ~(size_t)15;
            size_t start = (size_t)((unsigned char *)old - current->bytes) - HEADER;
            if (rounded >= size && rounded >= old_rounded && start + HEADER + rounded <= current->capacity) {
                current->used = start + HEADER + rounded;
                memcpy((unsigned char *)old - HEADER, &size, sizeof size);
                return old;
            }
        }
        void *block = take(size);
        if (block) memcpy(block, old, old_size < size ? old_size : size);
        return block;
    }
    return take(size);
}

void primer_arena_free(void *block) { (void)block; }
