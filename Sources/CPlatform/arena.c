// A bump allocator for cmark-gfm's parse trees (see primer_arena_begin in cplatform.h).
#include "cplatform.h"
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

static _Thread_local primer_chunk *current;

void primer_arena_begin(void) { primer_arena_end(); }

void primer_arena_end(void) {
    while (current) {
        primer_chunk *next = current->next;
        free(current);
        current = next;
    }
}

static void *take(size_t size) {
    size_t rounded = (size + 15) & ~(size_t)15;
    if (rounded < size) return NULL;  // overflow
    size_t needed = rounded + HEADER;
    if (!current || current->capacity - current->used < needed) {
        size_t capacity = needed > CHUNK ? needed : CHUNK;
        // calloc: fresh chunks are zeroed, and bump allocation never hands out a used byte twice.
        primer_chunk *chunk = calloc(1, sizeof(primer_chunk) + capacity);
        if (!chunk) return NULL;
        chunk->capacity = capacity;
        chunk->next = current;
        current = chunk;
    }
    unsigned char *block = current->bytes + current->used;
    current->used += needed;
    memcpy(block, &size, sizeof size);
    return block + HEADER;
}

void *primer_arena_calloc(size_t count, size_t size) {
    if (size && count > (size_t)-1 / size) return NULL;
    return take(count * size);
}

void *primer_arena_realloc(void *old, size_t size) {
    void *block = take(size);
    if (block && old) {
        size_t old_size;
        memcpy(&old_size, (unsigned char *)old - HEADER, sizeof old_size);
        memcpy(block, old, old_size < size ? old_size : size);
    }
    return block;
}

void primer_arena_free(void *block) { (void)block; }
