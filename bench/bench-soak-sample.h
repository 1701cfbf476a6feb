/* bench-soak-sample.h: what bench-soak samples of this process and of the temporary folders. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double rss_mb;
  /* VmRSS in its three parts (/proc/self/status): a growth in file-backed pages is mapped
   * files (the distribution, the encoded cache), not memory the process holds on to */
  double rss_anon_mb, rss_file_mb, rss_shmem_mb;
  double
      heap_mb; /* malloc's own count of bytes in use (mallinfo2): RSS without what it keeps free */
  guint fds;
  guint threads;
  guint pool_threads; /* GLib's thread-pool workers ("pool-…"): started for work, gone when idle */
  guint session_threads; /* WebKit's per-session threads (data store, salt, IPC queue) */
  guint children;        /* descendants: browsers, their helpers, web processes */
} SoakSample;

SoakSample soak_sample (void);
char *soak_thread_names (void);
char *soak_fd_kinds (void);
guint soak_children (int except);
char *soak_children_names (int except);
GHashTable *soak_list_folder (const char *path);
char *soak_new_entries (GHashTable *before, const char *path, gboolean own, guint *count,
                        char **others);

G_END_DECLS
