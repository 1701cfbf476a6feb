/* rc-tls.c: private CA and leaf certificates with gnutls. */
#include "config.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "rc-server.h"
#include "rc-tls.h"

#define VALID_BEFORE_S (60 * 60)          /* tolerate a little clock skew */
#define VALID_AFTER_S  (7 * 24 * 60 * 60) /* one run; well under browsers' 398-day cap */

struct _RcTls
{
  GObject parent_instance;

  gnutls_x509_privkey_t ca_key;
  gnutls_x509_crt_t ca_crt;
  gnutls_x509_privkey_t leaf_key;
  char *ca_pem;
  char *leaf_key_pem;
  GHashTable *leaves; /* host → GTlsCertificate */
};

G_DEFINE_FINAL_TYPE (RcTls, rc_tls, G_TYPE_OBJECT)

static gboolean
check (int ret, const char *what, GError **error)
{
  if (ret >= 0)
    return TRUE;
  g_set_error (error, RC_SERVER_ERROR, RC_SERVER_ERROR_TLS, "gnutls: %s failed: %s", what,
               gnutls_strerror (ret));
  return FALSE;
}

static gboolean
set_serial (gnutls_x509_crt_t crt, GError **error)
{
  guint8 serial[16];

  if (!check (gnutls_rnd (GNUTLS_RND_NONCE, serial, sizeof serial), "gnutls_rnd", error))
    return FALSE;
  serial[0] &= 0x7f; /* a positive INTEGER */
  return check (gnutls_x509_crt_set_serial (crt, serial, sizeof serial), "set_serial", error);
}

static gboolean
set_common (gnutls_x509_crt_t crt, gnutls_x509_privkey_t key, const char *cn, GError **error)
{
  time_t now = time (NULL);

  return check (gnutls_x509_crt_set_version (crt, 3), "set_version", error)
         && set_serial (crt, error)
         && check (gnutls_x509_crt_set_activation_time (crt, now - VALID_BEFORE_S),
                   "set_activation_time", error)
         && check (gnutls_x509_crt_set_expiration_time (crt, now + VALID_AFTER_S),
                   "set_expiration_time", error)
         && check (
             gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0, cn, strlen (cn)),
             "set_dn", error)
         && check (gnutls_x509_crt_set_key (crt, key), "set_key", error);
}

static char *
export_crt (gnutls_x509_crt_t crt, GError **error)
{
  gnutls_datum_t out = { NULL, 0 };
  char *pem;

  if (!check (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &out), "crt_export", error))
    return NULL;
  pem = g_strndup ((const char *) out.data, out.size);
  gnutls_free (out.data);
  return pem;
}

/* PKCS#8 ("BEGIN PRIVATE KEY"), the form GTlsCertificate reads for any key type. */
static char *
export_key (gnutls_x509_privkey_t key, GError **error)
{
  gnutls_datum_t out = { NULL, 0 };
  char *pem;

  if (!check (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN,
                                                 &out),
              "privkey_export", error))
    return NULL;
  pem = g_strndup ((const char *) out.data, out.size);
  gnutls_free (out.data);
  return pem;
}

static gboolean
generate_key (gnutls_x509_privkey_t *key, GError **error)
{
  return check (gnutls_x509_privkey_init (key), "privkey_init", error)
         && check (gnutls_x509_privkey_generate (
                       *key, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0),
                   "privkey_generate", error);
}

static gboolean
set_subject_key_id (gnutls_x509_crt_t crt, GError **error)
{
  guint8 id[64];
  size_t size = sizeof id;

  return check (gnutls_x509_crt_get_key_id (crt, 0, id, &size), "get_key_id", error)
         && check (gnutls_x509_crt_set_subject_key_id (crt, id, size), "set_subject_key_id", error);
}

static gboolean
make_ca (RcTls *self, GError **error)
{
  g_autofree char *cn =
      g_strdup_printf ("Runtime Console private CA (pid %d, this run only)", (int) getpid ());

  return generate_key (&self->ca_key, error)
         && check (gnutls_x509_crt_init (&self->ca_crt), "crt_init", error)
         && set_common (self->ca_crt, self->ca_key, cn, error)
         && check (gnutls_x509_crt_set_basic_constraints (self->ca_crt, 1, 0),
                   "set_basic_constraints", error)
         && set_subject_key_id (self->ca_crt, error)
         && check (gnutls_x509_crt_set_key_usage (self->ca_crt, GNUTLS_KEY_KEY_CERT_SIGN
                                                                    | GNUTLS_KEY_CRL_SIGN
                                                                    | GNUTLS_KEY_DIGITAL_SIGNATURE),
                   "set_key_usage", error)
         && check (
             gnutls_x509_crt_sign2 (self->ca_crt, self->ca_crt, self->ca_key, GNUTLS_DIG_SHA256, 0),
             "sign CA", error)
         && (self->ca_pem = export_crt (self->ca_crt, error)) != NULL;
}

static gboolean
add_san (gnutls_x509_crt_t crt, const char *host, GError **error)
{
  g_autoptr (GInetAddress) address = g_inet_address_new_from_string (host);

  if (address != NULL)
    return check (gnutls_x509_crt_set_subject_alt_name (
                      crt, GNUTLS_SAN_IPADDRESS, g_inet_address_to_bytes (address),
                      g_inet_address_get_native_size (address), GNUTLS_FSAN_SET),
                  "set_subject_alt_name", error);
  return check (gnutls_x509_crt_set_subject_alt_name (crt, GNUTLS_SAN_DNSNAME, host, strlen (host),
                                                      GNUTLS_FSAN_SET),
                "set_subject_alt_name", error);
}

static GTlsCertificate *
make_leaf (RcTls *self, const char *host, GError **error)
{
  gnutls_x509_crt_t crt = NULL;
  g_autofree char *crt_pem = NULL;
  g_autofree char *chain = NULL;
  guint8 key_id[64];
  size_t key_id_size = sizeof key_id;
  gboolean ok;

  ok = check (gnutls_x509_crt_init (&crt), "crt_init", error)
       && set_common (crt, self->leaf_key, host, error) && add_san (crt, host, error)
       && check (gnutls_x509_crt_set_basic_constraints (crt, 0, -1), "set_basic_constraints", error)
       && check (gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE), "set_key_usage",
                 error)
       && check (gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_SERVER, 0),
                 "set_key_purpose", error)
       && check (gnutls_x509_crt_get_subject_key_id (self->ca_crt, key_id, &key_id_size, NULL),
                 "get_subject_key_id", error)
       && check (gnutls_x509_crt_set_authority_key_id (crt, key_id, key_id_size),
                 "set_authority_key_id", error)
       && check (gnutls_x509_crt_sign2 (crt, self->ca_crt, self->ca_key, GNUTLS_DIG_SHA256, 0),
                 "sign leaf", error)
       && (crt_pem = export_crt (crt, error)) != NULL;
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  if (!ok)
    return NULL;
  chain = g_strconcat (crt_pem, self->ca_pem, self->leaf_key_pem, NULL);
  return g_tls_certificate_new_from_pem (chain, -1, error);
}

static void
rc_tls_finalize (GObject *object)
{
  RcTls *self = RC_TLS (object);

  if (self->ca_key != NULL)
    gnutls_x509_privkey_deinit (self->ca_key);
  if (self->ca_crt != NULL)
    gnutls_x509_crt_deinit (self->ca_crt);
  if (self->leaf_key != NULL)
    gnutls_x509_privkey_deinit (self->leaf_key);
  g_free (self->ca_pem);
  g_free (self->leaf_key_pem);
  g_hash_table_unref (self->leaves);
  G_OBJECT_CLASS (rc_tls_parent_class)->finalize (object);
}

static void
rc_tls_class_init (RcTlsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_tls_finalize;
}

static void
rc_tls_init (RcTls *self)
{
  self->leaves = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}

RcTls *
rc_tls_new (GError **error)
{
  g_autoptr (RcTls) self = g_object_new (RC_TYPE_TLS, NULL);

  if (!make_ca (self, error) || !generate_key (&self->leaf_key, error)
      || (self->leaf_key_pem = export_key (self->leaf_key, error)) == NULL)
    return NULL;
  return g_steal_pointer (&self);
}

gboolean
rc_tls_write_ca (RcTls *self, const char *path, GError **error)
{
  g_return_val_if_fail (RC_IS_TLS (self), FALSE);
  return g_file_set_contents_full (path, self->ca_pem, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0644,
                                   error);
}

char *
rc_tls_get_ca_pem (RcTls *self)
{
  g_return_val_if_fail (RC_IS_TLS (self), NULL);
  return g_strdup (self->ca_pem);
}

char *
rc_tls_get_leaf_spki_sha256 (RcTls *self)
{
  guint8 id[32];
  size_t size = sizeof id;

  g_return_val_if_fail (RC_IS_TLS (self), NULL);
  /* gnutls's SHA-256 key id is the hash of the SubjectPublicKeyInfo DER. */
  if (gnutls_x509_privkey_get_key_id (self->leaf_key, GNUTLS_KEYID_USE_SHA256, id, &size) < 0)
    return NULL;
  return g_base64_encode (id, size);
}

GTlsCertificate *
rc_tls_get_certificate (RcTls *self, const char *host, GError **error)
{
  GTlsCertificate *leaf;
  g_autofree char *key = NULL;

  g_return_val_if_fail (RC_IS_TLS (self), NULL);
  g_return_val_if_fail (host != NULL, NULL);

  key = g_ascii_strdown (host, -1);
  leaf = g_hash_table_lookup (self->leaves, key);
  if (leaf == NULL)
    {
      leaf = make_leaf (self, key, error);
      if (leaf == NULL)
        return NULL;
      g_hash_table_insert (self->leaves, g_strdup (key), leaf);
    }
  return g_object_ref (leaf);
}
