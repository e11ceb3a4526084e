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

void primer_tune_preview_allocator(void) {
#ifdef __GLIBC__
    // Buffers of 256 KB and more (pages, print versions, archives) are mapped and unmapped on
    // their own: glibc's default raises this threshold after each free of one, and then puts
    // them in arenas whose holes keep the process's memory growing rebuild after rebuild.
    mallopt(M_MMAP_THRESHOLD, 256 << 10);
    // At most four arenas, not eight per core: fewer half-empty arenas between rebuilds.
    mallopt(M_ARENA_MAX, 4);
#endif
}

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/// One folder's entries, then the folder itself; never through a symbolic link (every step is
/// relative to an open folder, opened with O_NOFOLLOW), never onto another file system, and
/// never a file with other hard links.
static int chown_below(int folder, dev_t device, uid_t uid, gid_t gid, int depth) {
    if (depth > 256) { errno = ELOOP; return -1; }
    int copy = dup(folder);
    DIR *entries = copy < 0 ? NULL : fdopendir(copy);
    if (!entries) { if (copy >= 0) close(copy); return -1; }
    int result = 0;
    struct dirent *entry;
    while ((entry = readdir(entries)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
        struct stat info;
        if (fstatat(folder, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0 || info.st_dev != device) continue;
        if (S_ISDIR(info.st_mode)) {
            int child = openat(folder, entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (child < 0 || chown_below(child, device, uid, gid, depth + 1) != 0) result = -1;
            if (child >= 0) close(child);
        } else if (S_ISREG(info.st_mode) && info.st_nlink > 1) {
            // A hard link may be a file of the system's: never given away.
            continue;
        } else if ((info.st_uid != uid || info.st_gid != gid) && fchownat(folder, entry->d_name, uid, gid, AT_SYMLINK_NOFOLLOW) != 0) {
            result = -1;
        }
    }
    closedir(entries);
    struct stat self;
    if (fstat(folder, &self) != 0) return -1;
    if ((self.st_uid != uid || self.st_gid != gid) && fchown(folder, uid, gid) != 0) result = -1;
    return result;
}

int primer_chown_tree(const char *path, int uid, int gid) {
    int folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (folder < 0) return -1;
    struct stat info;
    int result = fstat(folder, &info) == 0 ? chown_below(folder, info.st_dev, (uid_t)uid, (gid_t)gid, 0) : -1;
    int saved = errno;
    close(folder);
    errno = saved;
    return result;
}
