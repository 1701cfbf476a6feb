/* rc-tls.h: private to app/serve. The per-run certificate authority.
 *
 * One ECDSA P-256 CA per server run, and one leaf per emulated host signed by it (the
 * leaves share a key, so a new host costs one signature). Keys stay in memory; only the
 * CA certificate is written, for clients that need to trust it.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define RC_TYPE_TLS (rc_tls_get_type ())
G_DECLARE_FINAL_TYPE (RcTls, rc_tls, RC, TLS, GObject)

RcTls *rc_tls_new (GError **error);
/* Writes the CA certificate (PEM) as @path. */
gboolean rc_tls_write_ca (RcTls *self, const char *path, GError **error);
char *rc_tls_get_ca_pem (RcTls *self);
/* base64 (sha256 (SubjectPublicKeyInfo)) of the key every leaf uses: what Chromium's
 * --ignore-certificate-errors-spki-list takes. */
char *rc_tls_get_leaf_spki_sha256 (RcTls *self);
/* The leaf (with the CA as its issuer) for @host: a DNS name or an IP literal. */
GTlsCertificate *rc_tls_get_certificate (RcTls *self, const char *host, GError **error);

G_END_DECLS
