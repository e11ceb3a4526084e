#ifndef PRIMER_CPLATFORM_H
#define PRIMER_CPLATFORM_H

#include <stddef.h>

/// Atomically swaps two paths (Linux renameat2 RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS/EINVAL where unsupported).
int primer_exchange_paths(const char *a, const char *b);

/// Gives `path` (a folder) and everything in it to uid/gid, without following a symbolic link
/// or leaving its file system: what a root Primer hands to the sandbox's `nobody`.
/// Returns 0, or -1 with errno set when anything could not be changed.
int primer_chown_tree(const char *path, int uid, int gid);

/// What happened to one run of a program.
typedef struct {
    int started;          ///< 0 when the program could not be started (see spawn_errno)
    int spawn_errno;
    int exited;           ///< 1 when it exited normally; exit_code is then valid
    int exit_code;
    int signal;           ///< the signal that ended it, or 0
    int timed_out;        ///< 1 when the time limit was reached and the group was killed
    int output_overflow;  ///< 1 when stdout went over the cap and the group was killed
    char *out;            ///< stdout (at most the cap), malloc'd, NUL-terminated
    size_t out_len;
    char *err;            ///< the last err_tail bytes of stderr, malloc'd, NUL-terminated
    size_t err_len;
    double seconds;
    long peak_memory;     ///< the largest resident size of the program (or a process it waited for), bytes
} primer_run_result;

/// Everything about one run. Limits of 0 are not set; `uid`/`gid` of -1 keep the caller's.
typedef struct {
    const char *path;
    char *const *argv;
    char *const *envp;
    const char *cwd;
    const char *stdin_path;
    double timeout;
    size_t out_cap;
    size_t err_tail;
    long limit_memory;      ///< RLIMIT_AS, bytes
    long limit_processes;   ///< RLIMIT_NPROC
    long limit_files;       ///< RLIMIT_NOFILE
    long limit_file_size;   ///< RLIMIT_FSIZE, bytes
    long limit_data;        ///< RLIMIT_DATA, bytes: the heap and other private writable memory, not reserved address space
    int uid, gid;           ///< switch to these before exec (root only)
    int die_with_parent;    ///< SIGKILL the child when the thread that started it ends (PR_SET_PDEATHSIG)
    int kill_group_with_parent;  ///< run under `sh`, which leads the group and kills all of it when that thread ends
} primer_run_options;

/// Runs `path` with `argv`/`envp` in its own process group, working directory `cwd`, stdin
/// from `stdin_path` (NULL: /dev/null), with the limits, user and parent-death signal set
/// between fork and exec. Stops it (the whole group) after `timeout` seconds or when stdout
/// exceeds `out_cap` bytes; whatever the group left running is killed when the program ends.
/// A program that cannot be started comes back with `started` 0 and `spawn_errno`. Free the
/// buffers with primer_run_free.
primer_run_result primer_run_with(const primer_run_options *options);

void primer_run_free(primer_run_result *result);

/// Copies an executable (mode 0755, owned by uid/gid unless -1) so that it can be executed
/// right away: no child forked by `primer_run_with` meanwhile can hold it open for writing.
/// Returns 0, or -1 with errno set.
int primer_copy_executable(const char *from, const char *to, int uid, int gid);

/// Kills (SIGKILL) every process whose environment holds `marker` (e.g. "PRIMER_SAMPLE_RUN=…"),
/// repeating until none is left: descendants that left the sample's process group are found
/// this way too. Returns how many were killed.
int primer_kill_marked(const char *marker);

/// Lets the heap grow in 64 MB steps and keep them (glibc's M_TOP_PAD), instead of giving memory
/// back to the kernel and faulting it in again page by page; a no-op without glibc.
void primer_tune_allocator(void);

/// For the long-lived preview: large buffers mapped on their own and at most four arenas, so the
/// memory of each rebuild goes back; a no-op without glibc.
void primer_tune_preview_allocator(void);

/// A bump allocator for cmark-gfm (`cmark_parser_new_with_mem`): allocation is a pointer
/// increment (the newest block grows in place), freeing does nothing, and `primer_arena_end`
/// releases the whole tree at once, keeping up to 2 MB of zeroed chunks for the thread's next
/// parse. One arena per thread: begin before a parse, end once its tree has been read.
void primer_arena_begin(void);
void primer_arena_end(void);
void *primer_arena_calloc(size_t count, size_t size);
void *primer_arena_realloc(void *block, size_t size);
void primer_arena_free(void *block);

#endif
