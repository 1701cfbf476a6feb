/* rc-community-files.c: safe reads inside a community folder. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/model/rc-community-files.h"

#define READ_CHUNK   (256 * 1024)
#define PREFAULT_MIN (1024 * 1024)

typedef enum
{
  WALK_OK,
  WALK_MISSING,  /* errno set in *err */
  WALK_LINK,     /* a symbolic link at *where */
  WALK_NOT_FILE, /* the final component is not a regular file */
  WALK_OUTSIDE,  /* resolves outside the community folder */
} WalkResult;

/* Walks @relative below @community_dir with lstat(), refusing symbolic links anywhere
 * on the way; then checks that the real path stays inside the real community folder. */
static WalkResult
walk (const char *community_dir, const char *relative, char **where, int *err, GStatBuf *final)
{
  g_auto (GStrv) segments = g_strsplit (relative, "/", -1);
  g_autofree char *real_dir = NULL;
  g_autofree char *real_file = NULL;
  g_autofree char *prefix = NULL;
  g_autoptr (GString) path = g_string_new (community_dir);
  g_autoptr (GString) rel = g_string_new (NULL);

  for (guint i = 0; segments[i] != NULL; i++)
    {
      GStatBuf st;

      g_string_append_c (path, G_DIR_SEPARATOR);
      g_string_append (path, segments[i]);
      if (rel->len > 0)
        g_string_append_c (rel, '/');
      g_string_append (rel, segments[i]);
      if (g_lstat (path->str, &st) != 0)
        {
          *err = errno;
          return WALK_MISSING;
        }
      if (S_ISLNK (st.st_mode))
        {
          *where = g_strdup (rel->str);
          return WALK_LINK;
        }
      if (segments[i + 1] == NULL)
        {
          if (!S_ISREG (st.st_mode))
            return WALK_NOT_FILE;
          *final = st;
        }
    }
  real_dir = realpath (community_dir, NULL);
  real_file = realpath (path->str, NULL);
  if (real_dir == NULL || real_file == NULL)
    {
      *err = errno;
      return WALK_MISSING;
    }
  prefix =
      g_str_has_suffix (real_dir, "/") ? g_strdup (real_dir) : g_strconcat (real_dir, "/", NULL);
  if (!g_str_has_prefix (real_file, prefix))
    return WALK_OUTSIDE;
  return WALK_OK;
}

/* Reads the whole file in fixed chunks, feeding @checksum (when given) as it goes, and
 * makes sure the file opened is the one walk() inspected. */
/* Large buffers are prefaulted in one call (and ask for transparent huge pages): filling
 * 40 MB of wheels otherwise takes ten thousand page faults, a good part of the time it
 * takes to hash them. Both are hints; an older kernel simply ignores them. */
static guint8 *
alloc_buffer (gsize capacity)
{
  guint8 *data = g_malloc (capacity);

#if defined(MADV_POPULATE_WRITE)
  if (capacity >= PREFAULT_MIN)
    {
      gsize page = (gsize) sysconf (_SC_PAGESIZE);
      guintptr start = (guintptr) data & ~(guintptr) (page - 1);
      guintptr end = ((guintptr) data + capacity + page - 1) & ~(guintptr) (page - 1);

#if defined(MADV_HUGEPAGE)
      madvise ((void *) start, end - start, MADV_HUGEPAGE);
#endif
      madvise ((void *) start, end - start, MADV_POPULATE_WRITE);
    }
#endif
  return data;
}

static GBytes *
read_checked (const char *path, const GStatBuf *expected, goffset max_bytes, GChecksum *checksum,
              GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInputStream) stream = NULL;
  g_autoptr (GFileInfo) info = NULL;
  g_autofree guint8 *data = NULL;
  g_autofree char *limit = NULL;
  gsize capacity, used = 0;
  goffset size;

  stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return NULL;
  info = g_file_input_stream_query_info (stream,
                                         G_FILE_ATTRIBUTE_UNIX_INODE
                                         "," G_FILE_ATTRIBUTE_UNIX_DEVICE
                                         "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                         NULL, error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE)
          != (guint64) expected->st_ino
      || g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_DEVICE)
             != (guint32) expected->st_dev)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _ ("the file changed while it was checked"));
      return NULL;
    }
  size = g_file_info_get_size (info);
  if (size > max_bytes)
    goto too_large;
  /* Read straight into the buffer that is kept, sized from the file, so the bytes are
   * copied once; one spare byte reveals a file that grew since. */
  capacity = (gsize) size + 1;
  data = alloc_buffer (capacity);
  for (;;)
    {
      gssize n;

      if (used == capacity)
        {
          if ((goffset) capacity > max_bytes)
            goto too_large;
          capacity = (gsize) MIN ((goffset) capacity * 2, max_bytes + 1);
          data = g_realloc (data, capacity);
        }
      n = g_input_stream_read (G_INPUT_STREAM (stream), data + used,
                               MIN (READ_CHUNK, capacity - used), NULL, error);
      if (n < 0)
        return NULL;
      if (n == 0)
        break;
      if (checksum != NULL)
        g_checksum_update (checksum, data + used, n);
      used += (gsize) n;
    }
  if ((goffset) used > max_bytes)
    goto too_large;
  return g_bytes_new_take (g_steal_pointer (&data), used);

too_large:
  /* the number is text: a 64-bit format macro inside a msgid defeats xgettext */
  limit = g_strdup_printf ("%" G_GOFFSET_FORMAT, max_bytes);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               ngettext ("larger than the console's limit of %s byte",
                         "larger than the console's limit of %s bytes", (gulong) max_bytes),
               limit);
  return NULL;
}

GBytes *
rc_community_file_read (const char *community_dir, const char *relative, goffset max_bytes,
                        GChecksum *checksum, gboolean *refused, char **message)
{
  g_autofree char *where = NULL;
  g_autofree char *full = g_build_filename (community_dir, relative, NULL);
  g_autoptr (GError) error = NULL;
  GStatBuf st = { 0 };
  int err = 0;
  GBytes *bytes;

  *refused = FALSE;
  switch (walk (community_dir, relative, &where, &err, &st))
    {
    case WALK_OK:
      break;
    case WALK_MISSING:
      *message = g_strdup (g_strerror (err));
      return NULL;
    case WALK_NOT_FILE:
      *message = g_strdup (_ ("not a regular file"));
      return NULL;
    case WALK_LINK:
      *refused = TRUE;
      *message = g_strdup_printf (_ ("%s is a symbolic link; the console reads only plain files "
                                     "inside the community folder"),
                                  where);
      return NULL;
    case WALK_OUTSIDE:
      *refused = TRUE;
      *message = g_strdup (_ ("it resolves outside the community folder"));
      return NULL;
    }
  bytes = read_checked (full, &st, max_bytes, checksum, &error);
  if (bytes == NULL)
    *message = g_strdup (error->message);
  return bytes;
}

static void
hash_one (const char *community_dir, RcFileHash *file, goffset max_bytes)
{
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  file->bytes = rc_community_file_read (community_dir, file->relative, max_bytes, checksum,
                                        &file->refused, &file->problem);
  if (file->bytes != NULL)
    file->sha256 = g_strdup (g_checksum_get_string (checksum));
}

typedef struct
{
  const char *community_dir;
  RcFileHash *files;
  guint n_files;
  goffset max_bytes;
  gint next;
} Queue;

static gpointer
worker (gpointer data)
{
  Queue *queue = data;
  guint i;

  while ((i = (guint) g_atomic_int_add (&queue->next, 1)) < queue->n_files)
    hash_one (queue->community_dir, &queue->files[i], queue->max_bytes);
  return NULL;
}

void
rc_community_files_hash (const char *community_dir, RcFileHash *files, guint n_files,
                         goffset max_bytes)
{
  Queue queue = { community_dir, files, n_files, max_bytes, 0 };
  guint n_threads = MIN (MIN (g_get_num_processors (), 8), n_files);
  g_autoptr (GPtrArray) threads = g_ptr_array_new ();

  for (guint i = 1; i < n_threads; i++)
    {
      GThread *thread = g_thread_try_new ("rc-file-hash", worker, &queue, NULL);

      if (thread != NULL)
        g_ptr_array_add (threads, thread);
    }
  worker (&queue);
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));
}

void
rc_file_hash_clear (RcFileHash *file)
{
  g_clear_pointer (&file->bytes, g_bytes_unref);
  g_clear_pointer (&file->sha256, g_free);
  g_clear_pointer (&file->problem, g_free);
}
