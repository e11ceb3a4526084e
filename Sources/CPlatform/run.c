#define _GNU_SOURCE
#include "cplatform.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <pthread.h>
#include <sys/stat.h>

/// Held while a file that will be executed is open for writing, and while forking: a child
/// forked meanwhile would inherit the write descriptor (until its own exec), and executing
/// the file would fail with "Text file busy" (ETXTBSY).
static pthread_mutex_t fork_lock = PTHREAD_MUTEX_INITIALIZER;

int primer_copy_executable(const char *from, const char *to, int uid, int gid) {
    int result = -1, saved = 0;
    pthread_mutex_lock(&fork_lock);
    int in = open(from, O_RDONLY | O_CLOEXEC);
    int out = in < 0 ? -1 : open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
    if (in >= 0 && out >= 0) {
        char chunk[1 << 16];
        ssize_t n;
        result = 0;
        while ((n = read(in, chunk, sizeof chunk)) != 0) {
            if (n < 0) { if (errno == EINTR) continue; result = -1; break; }
            for (ssize_t done = 0; done < n;) {
                ssize_t w = write(out, chunk + done, (size_t)(n - done));
                if (w < 0) { if (errno == EINTR) continue; result = -1; break; }
                done += w;
            }
            if (result != 0) break;
        }
        if (result == 0 && fchmod(out, 0755) != 0) result = -1;
        if (result == 0 && uid >= 0 && fchown(out, (uid_t)uid, (gid_t)gid) != 0) result = -1;
    }
    saved = errno;
    if (out >= 0) close(out);
    if (in >= 0) close(in);
    pthread_mutex_unlock(&fork_lock);
    errno = saved;
    return result;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct { char *data; size_t len, cap; } buffer;

static void append(buffer *b, const char *src, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (b->len + n + 1 > cap) cap *= 2;
        b->data = realloc(b->data, cap);
        b->cap = cap;
    }
    memcpy(b->data + b->len, src, n);
    b->len += n;
    b->data[b->len] = 0;
}

/// Keeps only the last `keep` bytes.
static void trim_front(buffer *b, size_t keep) {
    if (b->len <= keep) return;
    memmove(b->data, b->data + (b->len - keep), keep);
    b->len = keep;
    b->data[b->len] = 0;
}

/// The child's side of a run, between fork and exec: only system calls from here on (the parent
/// has other threads, whose locks the child's copy of the heap may hold).
static void child_failed(int report_fd) {
    int error = errno;
    ssize_t ignored = write(report_fd, &error, sizeof error);
    (void)ignored;
    _exit(127);
}

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

/// Every descriptor above stderr that Primer has open (a preview's sockets, cache files, other
/// runs' pipes) is closed by the exec: the program sees only its stdin, stdout and stderr, and
/// its own open-file limit counts from there. The report pipe stays usable until the exec.
static void close_inherited_on_exec(void) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
#endif
    // Kernels before 5.11: one fcntl per possible descriptor (async-signal-safe).
    struct rlimit files;
    long last = getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY ? (long)files.rlim_cur : 65536;
    if (last > 1048576) last = 1048576;
    for (long fd = 3; fd < last; fd++) {
        int flags = fcntl((int)fd, F_GETFD);
        if (flags >= 0 && !(flags & FD_CLOEXEC)) fcntl((int)fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

static void start_child(const primer_run_options *o, const char *path, char *const *argv, pid_t parent,
                        int out_fd, int err_fd, int report_fd) {
    sigset_t empty;
    sigemptyset(&empty);
    for (int sig = 1; sig < NSIG; sig++) {
        if (sig != SIGKILL && sig != SIGSTOP) signal(sig, SIG_DFL);
    }
    sigprocmask(SIG_SETMASK, &empty, NULL);
    setpgid(0, 0);
    int in_fd = open(o->stdin_path ? o->stdin_path : "/dev/null", O_RDONLY | O_CLOEXEC);
    if (in_fd < 0) child_failed(report_fd);
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) child_failed(report_fd);
    close_inherited_on_exec();
    if (o->cwd && chdir(o->cwd) != 0) child_failed(report_fd);
    struct { int resource; long value; } limits[] = {
        {RLIMIT_AS, o->limit_memory}, {RLIMIT_NPROC, o->limit_processes},
        {RLIMIT_NOFILE, o->limit_files}, {RLIMIT_FSIZE, o->limit_file_size}, {RLIMIT_DATA, o->limit_data},
    };
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        if (limits[i].value <= 0) continue;
        struct rlimit limit = {(rlim_t)limits[i].value, (rlim_t)limits[i].value};
        if (setrlimit(limits[i].resource, &limit) != 0) child_failed(report_fd);
    }
    if (o->uid >= 0) {
        // Raw system calls: they change this (the only) thread, with no library bookkeeping.
        if (syscall(SYS_setgroups, 0, NULL) != 0 || syscall(SYS_setgid, o->gid) != 0 || syscall(SYS_setuid, o->uid) != 0) child_failed(report_fd);
    }
    // After the change of user, which clears it.
    if (o->kill_group_with_parent) {
        // The leader (sh, see group_leader) kills the group when it gets SIGTERM.
        if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) child_failed(report_fd);
        if (getppid() != parent) _exit(127);  // Primer is already gone
    } else if (o->die_with_parent && prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) {
        child_failed(report_fd);
    }
    execve(path, argv, o->envp);
    child_failed(report_fd);
}

/// The program run by a leader that stays in its group: a shell that starts it, waits for it
/// and ends with its status (128 + the signal when a signal ended it). When Primer dies, even by
/// SIGKILL, the kernel sends the shell SIGTERM (PR_SET_PDEATHSIG) and it kills the whole group:
/// the program and whatever it started, which the parent-death signal alone would leave running.
/// The leader is a program of its own, not a forked copy of Primer, which would keep Primer's
/// memory alive (copy-on-write) while the program runs. NULL without the option; free() it.
static char **group_leader(const primer_run_options *o) {
    if (!o->kill_group_with_parent) return NULL;
    size_t count = 0;
    while (o->argv[count]) count++;
    char **argv = calloc(count + 5, sizeof *argv);
    if (!argv) return NULL;
    argv[0] = (char *)"sh";
    argv[1] = (char *)"-c";
    argv[2] = (char *)"trap 'kill -KILL 0' TERM; \"$@\" & wait $!";
    argv[3] = (char *)"sh";
    argv[4] = (char *)o->path;
    for (size_t i = 1; i < count; i++) argv[4 + i] = o->argv[i];
    return argv;
}

primer_run_result primer_run_with(const primer_run_options *o) {
    primer_run_result result;
    memset(&result, 0, sizeof result);
    double timeout = o->timeout;
    size_t out_cap = o->out_cap, err_tail = o->err_tail;
    // The child reports a failed exec through this pipe (it closes on a successful one).
    int out_pipe[2], err_pipe[2], exec_pipe[2];
    char **leader = group_leader(o);
    if (o->kill_group_with_parent && !leader) { result.spawn_errno = ENOMEM; return result; }
    if (pipe2(out_pipe, O_CLOEXEC) != 0) { result.spawn_errno = errno; free(leader); return result; }
    if (pipe2(err_pipe, O_CLOEXEC) != 0) {
        result.spawn_errno = errno;
        close(out_pipe[0]); close(out_pipe[1]); free(leader);
        return result;
    }
    if (pipe2(exec_pipe, O_CLOEXEC) != 0) {
        result.spawn_errno = errno;
        free(leader);
        close(out_pipe[0]); close(out_pipe[1]); close(err_pipe[0]); close(err_pipe[1]);
        return result;
    }

    const char *path = leader ? "/bin/sh" : o->path;
    char *const *argv = leader ? leader : o->argv;
    double start = now_seconds();
    pid_t parent = getpid();
    pthread_mutex_lock(&fork_lock);
    pid_t pid = fork();
    if (pid == 0) {
        close(exec_pipe[0]);
        start_child(o, path, argv, parent, out_pipe[1], err_pipe[1], exec_pipe[1]);
    }
    int fork_errno = errno;
    pthread_mutex_unlock(&fork_lock);
    free(leader);
    close(out_pipe[1]);
    close(err_pipe[1]);
    close(exec_pipe[1]);
    int child_errno = 0;
    if (pid > 0) {
        ssize_t n;
        do { n = read(exec_pipe[0], &child_errno, sizeof child_errno); } while (n < 0 && errno == EINTR);
        if (n != (ssize_t)sizeof child_errno) child_errno = 0;
    }
    close(exec_pipe[0]);
    if (pid < 0 || child_errno != 0) {
        result.spawn_errno = pid < 0 ? fork_errno : child_errno;
        if (pid > 0) waitpid(pid, NULL, 0);
        close(out_pipe[0]);
        close(err_pipe[0]);
        return result;
    }
    // The parent also puts the child in its own group, so a kill right away cannot miss.
    setpgid(pid, pid);
    result.started = 1;
    fcntl(out_pipe[0], F_SETFL, O_NONBLOCK);
    fcntl(err_pipe[0], F_SETFL, O_NONBLOCK);

    buffer out = {0}, err = {0};
    append(&out, "", 0);
    append(&err, "", 0);
    int status = 0, done = 0, killed = 0;
    char chunk[65536];
    struct pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
    int open_fds = 2;
    while (!done) {
        double left = start + timeout - now_seconds();
        if (left <= 0 && !killed) {
            result.timed_out = 1;
            kill(-pid, SIGKILL);
            killed = 1;
        }
        int wait_ms = open_fds > 0 ? 20 : 5;
        if (open_fds > 0) poll(fds, 2, wait_ms); else usleep(wait_ms * 1000);
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0) continue;
            for (;;) {
                ssize_t n = read(fds[i].fd, chunk, sizeof chunk);
                if (n > 0) {
                    if (i == 0) {
                        size_t room = out.len < out_cap ? out_cap - out.len : 0;
                        append(&out, chunk, (size_t)n < room ? (size_t)n : room);
                        if ((size_t)n > room && !killed) {
                            result.output_overflow = 1;
                            kill(-pid, SIGKILL);
                            killed = 1;
                        }
                    } else {
                        append(&err, chunk, (size_t)n);
                        if (err.len > 2 * err_tail + 65536) trim_front(&err, err_tail);
                    }
                    continue;
                }
                if (n == 0) { close(fds[i].fd); fds[i].fd = -1; open_fds--; }
                break;
            }
        }
        struct rusage usage;
        pid_t w = wait4(pid, &status, WNOHANG, &usage);
        if (w == pid) {
            done = 1;
            // The largest resident size of the child or of any descendant it waited for, in KiB.
            result.peak_memory = (long)usage.ru_maxrss * 1024;
        }
    }
    result.seconds = now_seconds() - start;
    // Anything the program started and left behind in its group goes too.
    kill(-pid, SIGKILL);
    // Collect what is still buffered, without waiting for descendants that hold the pipe.
    for (int i = 0; i < 2; i++) {
        if (fds[i].fd < 0) continue;
        ssize_t n;
        while ((n = read(fds[i].fd, chunk, sizeof chunk)) > 0) {
            if (i == 0) {
                size_t room = out.len < out_cap ? out_cap - out.len : 0;
                append(&out, chunk, (size_t)n < room ? (size_t)n : room);
                if ((size_t)n > room && !result.timed_out) result.output_overflow = 1;
            } else {
                append(&err, chunk, (size_t)n);
            }
        }
        close(fds[i].fd);
    }
    trim_front(&err, err_tail);
    if (WIFEXITED(status)) { result.exited = 1; result.exit_code = WEXITSTATUS(status); }
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    if (o->kill_group_with_parent && result.exited && result.exit_code > 128 && result.exit_code < 128 + NSIG) {
        // The shell leading the group tells a program a signal ended as 128 + the signal.
        result.exited = 0;
        result.signal = result.exit_code - 128;
    }
    result.out = out.data; result.out_len = out.len;
    result.err = err.data; result.err_len = err.len;
    return result;
}

void primer_run_free(primer_run_result *result) {
    free(result->out);
    free(result->err);
    result->out = NULL;
    result->err = NULL;
}

#include <dirent.h>
#include <stdio.h>

static int environ_contains(pid_t pid, const char *marker) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/environ", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    static __thread char data[1 << 16];
    ssize_t n = read(fd, data, sizeof data - 1);
    close(fd);
    if (n <= 0) return 0;
    data[n] = 0;
    size_t length = strlen(marker);
    for (ssize_t i = 0; i < n; i += (ssize_t)strlen(data + i) + 1) {
        if (strncmp(data + i, marker, length) == 0 && data[i + length] == 0) return 1;
    }
    return 0;
}

int primer_kill_marked(const char *marker) {
    int killed = 0;
    pid_t self = getpid();
    for (int round = 0; round < 20; round++) {
        DIR *proc = opendir("/proc");
        if (!proc) return killed;
        int found = 0;
        struct dirent *entry;
        while ((entry = readdir(proc)) != NULL) {
            char *end;
            long pid = strtol(entry->d_name, &end, 10);
            if (*end != 0 || pid <= 1 || pid == self) continue;
            if (environ_contains((pid_t)pid, marker)) {
                if (kill((pid_t)pid, SIGKILL) == 0) { found++; killed++; }
            }
        }
        closedir(proc);
        if (found == 0) break;
        usleep(2000);
    }
    return killed;
}
