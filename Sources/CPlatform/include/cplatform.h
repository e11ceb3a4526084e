#ifndef PRIMER_CPLATFORM_H
#define PRIMER_CPLATFORM_H

/// Atomically swaps two paths (Linux renameat2 RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS/EINVAL where unsupported).
int primer_exchange_paths(const char *a, const char *b);

#endif
