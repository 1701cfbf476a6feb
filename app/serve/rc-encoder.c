/* rc-encoder.c: negotiation, the encoded-copy cache and the worker that fills it.
 *
 * A copy is named <sha256 of the original>.<br|gz>, so an edited or replaced file never
 * reuses a stale copy, and two distributions with the same file share one. Copies are
 * written with g_file_set_contents() (a temporary file renamed into place), so two
 * processes compressing the same file at once can only both write a whole, equal copy.
 */
#include "config.h"

#include <errno.h>

#include <brotli/encode.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>

#include "core/base/rc-paths.h"
#include "rc-encoder.h"

/* Brotli quality 9 with a 16 MB window. jsDelivr sends high-quality brotli, but measured on
 * the five interpreter files here (2 cores), quality 11 takes ~29 s for pyodide.asm.wasm
 * alone and 10 takes ~18 s, against ~3.7 s for 9; a first cold boot on a fresh CI machine
 * must not wait half a minute. 9 gives 2.68 MB for the four compressible files (11: 2.34 MB,
 * gzip -9: 3.09 MB), i.e. ~5.1 MB with python_stdlib.zip, close to the seed's 5.5 MB. */
#define BROTLI_QUALITY 9
#define BROTLI_WINDOW  24

const char *
rc_coding_to_string (RcCoding coding)
{
  switch (coding)
    {
    case RC_CODING_GZIP:
      return "gzip";
    case RC_CODING_BR:
      return "br";
    case RC_CODING_IDENTITY:
    default:
      return NULL;
    }
}

static const char *
file_suffix (RcCoding coding)
{
  return coding == RC_CODING_BR ? "br" : "gz";
}

static gboolean
listed (GSList *list, const char *token)
{
  for (GSList *l = list; l != NULL; l = l->next)
    if (g_ascii_strcasecmp (l->data, token) == 0)
      return TRUE;
  return FALSE;
}

/* "x-gzip" is gzip's old name (RFC 9110 §8.4.1.3). */
static gboolean
accepts (GSList *acceptable, GSList *refused, const char *token, const char *alias)
{
  if (listed (acceptable, token) || (alias != NULL && listed (acceptable, alias)))
    return TRUE;
  if (listed (refused, token) || (alias != NULL && listed (refused, alias)))
    return FALSE;
  return listed (acceptable, "*");
}

RcCoding
rc_coding_negotiate (const char *accept_encoding)
{
  GSList *refused = NULL;
  GSList *acceptable = NULL;
  RcCoding coding = RC_CODING_IDENTITY;

  if (accept_encoding == NULL)
    return RC_CODING_IDENTITY;
  acceptable = soup_header_parse_quality_list (accept_encoding, &refused);
  /* jsDelivr prefers brotli whenever it is offered, whatever the q-values' order */
  if (accepts (acceptable, refused, "br", NULL))
    coding = RC_CODING_BR;
  else if (accepts (acceptable, refused, "gzip", "x-gzip"))
    coding = RC_CODING_GZIP;
  soup_header_free_list (acceptable);
  soup_header_free_list (refused);
  return coding;
}

/* jsDelivr (through its CDNs) compresses text-like responses and wasm; archives, images and
 * other already-compressed formats go as they are, as recompressing them gains nothing. */
gboolean
rc_coding_type_is_compressible (const char *content_type)
{
  static const char *const types[] = {
    "application/javascript", "application/json", "application/wasm",         "application/xml",
    "image/svg+xml",          "text/javascript",  "application/x-javascript",
  };
  g_autofree char *bare = NULL;

  if (content_type == NULL)
    return FALSE;
  bare = g_ascii_strdown (content_type, strcspn (content_type, ";"));
  g_strstrip (bare);
  if (g_str_has_prefix (bare, "text/") || g_str_has_suffix (bare, "+json")
      || g_str_has_suffix (bare, "+xml"))
    return TRUE;
  return g_strv_contains ((const char *const *) types, bare);
}

static GBytes *
compress_brotli (GBytes *input, GError **error)
{
  gsize n = 0;
  const guint8 *data = g_bytes_get_data (input, &n);
  size_t out_size = BrotliEncoderMaxCompressedSize (n);
  guint8 *out;

  if (out_size == 0)
    out_size = n + 1024; /* the bound is 0 only when it overflows */
  out = g_malloc (out_size);
  if (!BrotliEncoderCompress (BROTLI_QUALITY, BROTLI_WINDOW, BROTLI_MODE_GENERIC, n, data,
                              &out_size, out))
    {
      g_free (out);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("brotli compression failed"));
      return NULL;
    }
  return g_bytes_new_take (g_realloc (out, MAX (out_size, 1)), out_size);
}

static GBytes *
compress_gzip (GBytes *input, GError **error)
{
  g_autoptr (GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  g_autoptr (GOutputStream) memory = g_memory_output_stream_new_resizable ();
  g_autoptr (GOutputStream) out = g_converter_output_stream_new (memory, G_CONVERTER (compressor));
  gsize n = 0;
  const void *data = g_bytes_get_data (input, &n);

  if (!g_output_stream_write_all (out, data, n, NULL, NULL, error)
      || !g_output_stream_close (out, NULL, error))
    return NULL;
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
}

GBytes *
rc_encoder_compress (GBytes *input, RcCoding coding, GError **error)
{
  g_return_val_if_fail (coding != RC_CODING_IDENTITY, NULL);
  return coding == RC_CODING_BR ? compress_brotli (input, error) : compress_gzip (input, error);
}

struct _RcEncoder
{
  GObject parent_instance;

  char *cache_dir;
  GMutex lock;
  GHashTable *ready;   /* "file\ncoding" → Known (filled by workers, read by lookups) */
  GHashTable *pending; /* "file\ncoding" → GPtrArray of GTask, main context only */
  guint compressions;  /* atomic */
};

G_DEFINE_FINAL_TYPE (RcEncoder, rc_encoder, G_TYPE_OBJECT)

typedef struct
{
  gint64 size;
  gint64 mtime;
  guint64 inode;
  char *encoded;
} Known;

static void
known_free (gpointer data)
{
  Known *known = data;

  g_free (known->encoded);
  g_free (known);
}

static void
rc_encoder_finalize (GObject *object)
{
  RcEncoder *self = RC_ENCODER (object);

  g_hash_table_unref (self->ready);
  g_hash_table_unref (self->pending);
  g_mutex_clear (&self->lock);
  g_free (self->cache_dir);
  G_OBJECT_CLASS (rc_encoder_parent_class)->finalize (object);
}

static void
rc_encoder_class_init (RcEncoderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_encoder_finalize;
}

static void
rc_encoder_init (RcEncoder *self)
{
  g_mutex_init (&self->lock);
  self->ready = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, known_free);
  self->pending =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
}

RcEncoder *
rc_encoder_new (const char *cache_dir)
{
  RcEncoder *self = g_object_new (RC_TYPE_ENCODER, NULL);

  self->cache_dir = cache_dir != NULL ? g_strdup (cache_dir) : rc_paths_encoded_cache_dir ();
  return self;
}

const char *
rc_encoder_get_cache_dir (RcEncoder *self)
{
  g_return_val_if_fail (RC_IS_ENCODER (self), NULL);
  return self->cache_dir;
}

guint
rc_encoder_get_compressions (RcEncoder *self)
{
  g_return_val_if_fail (RC_IS_ENCODER (self), 0);
  return (guint) g_atomic_int_get (&self->compressions);
}

static char *
job_key (const char *file, RcCoding coding)
{
  return g_strdup_printf ("%s\n%d", file, coding);
}

static gboolean
same_file (const Known *known, const GStatBuf *st)
{
  return known->size == (gint64) st->st_size && known->mtime == (gint64) st->st_mtime
         && known->inode == (guint64) st->st_ino;
}

char *
rc_encoder_lookup (RcEncoder *self, const char *file, RcCoding coding)
{
  g_autofree char *key = job_key (file, coding);
  g_autofree char *encoded = NULL;
  Known *known;
  GStatBuf st;

  g_return_val_if_fail (RC_IS_ENCODER (self), NULL);
  if (g_stat (file, &st) != 0)
    return NULL;
  g_mutex_lock (&self->lock);
  known = g_hash_table_lookup (self->ready, key);
  if (known != NULL && same_file (known, &st))
    encoded = g_strdup (known->encoded);
  g_mutex_unlock (&self->lock);
  /* someone may have cleaned the cache while we run */
  if (encoded != NULL && !g_file_test (encoded, G_FILE_TEST_IS_REGULAR))
    g_clear_pointer (&encoded, g_free);
  return g_steal_pointer (&encoded);
}

typedef struct
{
  char *file;
  char *key;
  RcCoding coding;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_free (job->file);
  g_free (job->key);
  g_free (job);
}

static char *
sha256_of (GBytes *bytes)
{
  gsize n = 0;
  const guchar *data = g_bytes_get_data (bytes, &n);

  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, data, n);
}

static char *
encode_file (RcEncoder *self, Job *job, GError **error)
{
  g_autoptr (GMappedFile) mapped = g_mapped_file_new (job->file, FALSE, error);
  g_autoptr (GBytes) input = NULL;
  g_autoptr (GBytes) output = NULL;
  g_autofree char *sha = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  if (mapped == NULL)
    return NULL;
  input = g_mapped_file_get_bytes (mapped);
  sha = sha256_of (input);
  name = g_strdup_printf ("%s.%s", sha, file_suffix (job->coding));
  path = g_build_filename (self->cache_dir, name, NULL);
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&path);
  if (g_mkdir_with_parents (self->cache_dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _ ("Cannot create the encoding cache %s: %s"), self->cache_dir,
                   g_strerror (saved));
      return NULL;
    }
  if ((output = rc_encoder_compress (input, job->coding, error)) == NULL
      || !g_file_set_contents_full (path, g_bytes_get_data (output, NULL),
                                    (gssize) g_bytes_get_size (output),
                                    G_FILE_SET_CONTENTS_CONSISTENT, 0644, error))
    return NULL;
  g_atomic_int_inc (&self->compressions);
  return g_steal_pointer (&path);
}

static void
encode_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  RcEncoder *self = source;
  Job *job = task_data;
  GError *error = NULL;
  char *encoded;
  GStatBuf st;

  if (g_stat (job->file, &st) != 0)
    {
      int saved = errno;

      g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", job->file,
                               g_strerror (saved));
      return;
    }
  if ((encoded = encode_file (self, job, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_mutex_lock (&self->lock);
  g_hash_table_replace (
      self->ready, g_strdup (job->key),
      g_memdup2 (&(Known){ st.st_size, st.st_mtime, st.st_ino, g_strdup (encoded) },
                 sizeof (Known)));
  g_mutex_unlock (&self->lock);
  g_task_return_pointer (task, encoded, g_free);
}

/* Compressions run one at a time in a pool of their own, not in GIO's shared task pool:
 * there, every server of a process (a test binary starts one per test) queued its own
 * brotli jobs for the same files, and on 2 cores a dozen of them kept the pool busy for
 * minutes while glib-networking's TLS handshakes, which run in that pool, waited their
 * turn (a client then saw no answer for 30 s). One at a time, a repeated job finds the copy
 * the first one wrote (encode_file looks before it compresses), and one core stays free. */
static void
encode_pool_run (gpointer data, gpointer user_data)
{
  g_autoptr (GTask) task = data;

  encode_thread (task, g_task_get_source_object (task), g_task_get_task_data (task), NULL);
}

static GThreadPool *
encode_pool (void)
{
  static gsize pool = 0;

  if (g_once_init_enter (&pool))
    g_once_init_leave (&pool, (gsize) g_thread_pool_new (encode_pool_run, NULL, 1, FALSE, NULL));
  return (GThreadPool *) pool;
}

/* The job is done: every request waiting for it gets the same answer. */
static void
encode_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  RcEncoder *self = RC_ENCODER (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GPtrArray) waiters = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *encoded = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *key = NULL;

  /* stealing takes the key too: it is freed here (LeakSanitizer found it leaked) */
  g_hash_table_steal_extended (self->pending, job->key, (gpointer *) &key, (gpointer *) &waiters);
  for (guint i = 0; waiters != NULL && i < waiters->len; i++)
    {
      GTask *waiter = waiters->pdata[i];

      if (encoded != NULL)
        g_task_return_pointer (waiter, g_strdup (encoded), g_free);
      else
        g_task_return_error (waiter, g_error_copy (error));
    }
}

void
rc_encoder_encode_async (RcEncoder *self, const char *file, RcCoding coding,
                         GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) waiter = g_task_new (self, NULL, callback, user_data);
  g_autofree char *key = job_key (file, coding);
  g_autofree char *ready = NULL;
  GPtrArray *waiters;

  g_return_if_fail (RC_IS_ENCODER (self));
  g_return_if_fail (coding != RC_CODING_IDENTITY);
  g_task_set_source_tag (waiter, rc_encoder_encode_async);
  if ((ready = rc_encoder_lookup (self, file, coding)) != NULL)
    {
      g_task_return_pointer (waiter, g_steal_pointer (&ready), g_free);
      return;
    }
  waiters = g_hash_table_lookup (self->pending, key);
  if (waiters == NULL)
    {
      g_autoptr (GTask) worker = g_task_new (self, NULL, encode_done, NULL);
      Job *job = g_new0 (Job, 1);

      job->file = g_strdup (file);
      job->key = g_strdup (key);
      job->coding = coding;
      g_task_set_task_data (worker, job, job_free);
      waiters = g_ptr_array_new_with_free_func (g_object_unref);
      g_hash_table_insert (self->pending, g_strdup (key), waiters);
      g_thread_pool_push (encode_pool (), g_steal_pointer (&worker), NULL);
    }
  g_ptr_array_add (waiters, g_steal_pointer (&waiter));
}

char *
rc_encoder_encode_finish (RcEncoder *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
prepared (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *encoded = rc_encoder_encode_finish (RC_ENCODER (source), result, &error);

  /* the request that needs it will meet the same error and report it */
  if (encoded == NULL)
    g_debug ("Could not prepare an encoded copy: %s", error->message);
}

void
rc_encoder_prepare (RcEncoder *self, const char *file, RcCoding coding)
{
  rc_encoder_encode_async (self, file, coding, prepared, NULL);
}
