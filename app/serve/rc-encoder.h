/* rc-encoder.h: Content-Encoding for the emulated CDN, as jsDelivr sends it.
 *
 * Negotiation reads Accept-Encoding; the encoded copies are made once per file content
 * (keyed by its sha256) in a worker thread and kept in rc_paths_encoded_cache_dir(), so a
 * boot never pays for compression twice and the main loop never waits on a codec.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  RC_CODING_IDENTITY,
  RC_CODING_GZIP,
  RC_CODING_BR,
} RcCoding;

/* NULL for identity, else the Content-Encoding token ("gzip", "br"). */
const char *rc_coding_to_string (RcCoding coding);
/* The coding jsDelivr would choose for @accept_encoding (NULL: identity): br when the client
 * accepts it, else gzip, else identity; "q=0" refuses a coding, "*" stands for the others. */
RcCoding rc_coding_negotiate (const char *accept_encoding);
/* Whether a response of @content_type is one jsDelivr compresses (text-like types and wasm;
 * never archives, images or other already-compressed formats). */
gboolean rc_coding_type_is_compressible (const char *content_type);

#define RC_TYPE_ENCODER (rc_encoder_get_type ())
G_DECLARE_FINAL_TYPE (RcEncoder, rc_encoder, RC, ENCODER, GObject)

/* @cache_dir NULL: rc_paths_encoded_cache_dir(). */
RcEncoder *rc_encoder_new (const char *cache_dir);
const char *rc_encoder_get_cache_dir (RcEncoder *self);

/* The encoded copy of @file if it is known to be ready (no I/O beyond a stat), else NULL. */
char *rc_encoder_lookup (RcEncoder *self, const char *file, RcCoding coding);
/* Makes (or finds) the encoded copy of @file in a worker thread; requests for the same file
 * and coding share one job. The result is the encoded file's path. */
void rc_encoder_encode_async (RcEncoder *self, const char *file, RcCoding coding,
                              GAsyncReadyCallback callback, gpointer user_data);
char *rc_encoder_encode_finish (RcEncoder *self, GAsyncResult *result, GError **error);
/* Starts rc_encoder_encode_async() for @file without waiting for it (e.g. at server start). */
void rc_encoder_prepare (RcEncoder *self, const char *file, RcCoding coding);
/* How many files this encoder compressed (copies found in the cache do not count). */
guint rc_encoder_get_compressions (RcEncoder *self);

/* The codecs themselves (libbrotlienc, GZlibCompressor), for the worker and benchmarks. */
GBytes *rc_encoder_compress (GBytes *input, RcCoding coding, GError **error);

G_END_DECLS
