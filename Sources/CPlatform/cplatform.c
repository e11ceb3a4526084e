#define _GNU_SOURCE
#include "cplatform.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
#endif

int primer_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

void primer_tune_allocator(void) {
#ifdef __GLIBC__
    mallopt(M_TOP_PAD, 64 << 20);
#endif
}
