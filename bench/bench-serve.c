/* bench-serve.c: throughput of a 100 MB download through RcServer's TLS proxy (CONNECT,
 * TLS, the throttle stream unthrottled) against the same file from a plain loopback HTTP
 * server (python3 -m http.server), both fetched by curl. Prints the ratio; target >= 0.5.
 * Then the throttle's accuracy: 2 MB over the Cable profile against its nominal time
 * (target 0.9–1.1; the tests only check that shaping happens, as a loaded machine skews it). */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>

#include "serve/rc-server.h"
#include "serve/rc-throttle.h"

#define SIZE     (100 * 1024 * 1024)
#define ROUNDS   5
#define SIZE_2MB (2 * 1000 * 1000)

static void
wait_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
}

/* Seconds for one curl download, best of @rounds; the main context runs meanwhile. */
static double
best_time (const char *const *argv, int rounds)
{
  double best = G_MAXDOUBLE;

  for (int round = 0; round < rounds; round++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GSubprocess) process =
          g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error);
      gint64 start = g_get_monotonic_time ();
      gboolean done = FALSE;

      if (process == NULL)
        g_error ("cannot run curl: %s", error->message);
      g_subprocess_wait_async (process, NULL, wait_cb, &done);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      if (!g_subprocess_get_successful (process))
        g_error ("curl failed");
      best = MIN (best, (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
    }
  return best;
}

/* python3 -u -m http.server 0 prints "Serving HTTP on 127.0.0.1 port N (…)". */
static GSubprocess *
start_plain_server (const char *dir, guint *port)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autofree char *line = NULL;
  GSubprocess *process = g_subprocess_new (
      G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error, "python3", "-u",
      "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", dir, NULL);
  const char *at;

  if (process == NULL)
    g_error ("cannot run python3: %s", error->message);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  if (line == NULL || (at = strstr (line, " port ")) == NULL)
    g_error ("python3 -m http.server did not start: %s", line != NULL ? line : "no output");
  *port = (guint) g_ascii_strtoull (at + strlen (" port "), NULL, 10);
  return process;
}

static guint
free_port (void)
{
  g_autoptr (GSocket) socket =
      g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new_from_string ("127.0.0.1", 0);
  g_autoptr (GSocketAddress) bound = NULL;

  g_socket_bind (socket, any, TRUE, NULL);
  bound = g_socket_get_local_address (socket, NULL);
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

/* For context: a bare TLS server (openssl s_server -WWW, no proxy) on the same file. The
 * proxy cannot beat it, so it shows how much of the gap is TLS itself. < 0 when skipped. */
static double
reference_tls_time (const char *dir)
{
  g_autofree char *openssl = g_find_program_in_path ("openssl");
  g_autofree char *key = g_build_filename (dir, "key.pem", NULL);
  g_autofree char *cert = g_build_filename (dir, "cert.pem", NULL);
  g_autofree char *accept = NULL;
  g_autofree char *url = NULL;
  g_autoptr (GSubprocess) server = NULL;
  guint port = free_port ();
  int status = 1;
  double seconds;

  if (openssl == NULL)
    return -1;
  g_spawn_sync (dir,
                (char *[]){ "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                            "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert,
                            "-subj", "/CN=localhost", "-days", "1", NULL },
                NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, NULL, NULL, &status, NULL);
  if (status != 0)
    return -1;
  accept = g_strdup_printf ("127.0.0.1:%u", port);
  url = g_strdup_printf ("https://127.0.0.1:%u/big.bin", port);
  server = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE
                                 | G_SUBPROCESS_FLAGS_STDIN_PIPE,
                             NULL, "sh", "-c",
                             "cd \"$0\" && exec openssl s_server -quiet -WWW "
                             "-accept \"$1\" -cert cert.pem -key key.pem",
                             dir, accept, NULL);
  if (server == NULL)
    return -1;
  g_usleep (500000);
  seconds = best_time (
      (const char *const[]){ "curl", "-sSk", "-o", "/dev/null", "--noproxy", "*", url, NULL },
      ROUNDS);
  g_subprocess_force_exit (server);
  g_subprocess_wait (server, NULL, NULL);
  g_unlink (key);
  g_unlink (cert);
  return seconds;
}

/* 2 MB over Cable: the transfer time plus one latency each for the CONNECT and the GET. */
static void
throttle_accuracy (RcServer *server, const char *dir)
{
  g_autofree char *file = g_build_filename (dir, "two.bin", NULL);
  g_autofree char *zeros = g_malloc0 (SIZE_2MB);
  g_autoptr (GError) error = NULL;
  double nominal = SIZE_2MB * 8.0 / rc_throttle_profile_get_bits_per_second (RC_THROTTLE_CABLE)
                   + 2 * rc_throttle_profile_get_latency_ms (RC_THROTTLE_CABLE) / 1000.0;
  double seconds;

  if (!g_file_set_contents (file, zeros, SIZE_2MB, &error))
    g_error ("%s", error->message);
  rc_server_set_throttle (server, RC_THROTTLE_CABLE);
  seconds = best_time ((const char *const[]){ "curl", "-sS", "-o", "/dev/null", "--proxy",
                                              rc_server_get_proxy_url (server), "--cacert",
                                              rc_server_get_ca_file (server),
                                              "https://bench.example/two.bin", NULL },
                       2);
  rc_server_set_throttle (server, RC_THROTTLE_NONE);
  printf ("2 MB over cable: %.3f s, nominal %.3f s, ratio %.2f (target 0.9-1.1)\n", seconds,
          nominal, seconds / nominal);
  g_unlink (file);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rc-bench-serve-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "big.bin", NULL);
  g_autofree char *buffer = g_malloc0 (SIZE);
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (GSubprocess) plain = NULL;
  g_autofree char *plain_url = NULL;
  guint port = 0;
  double tls_s, plain_s, reference_s;

  g_assert_no_error (error);
  for (gsize i = 0; i < SIZE; i += 4096)
    buffer[i] = (char) (i / 4096);
  if (!g_file_set_contents (file, buffer, SIZE, &error))
    g_error ("%s", error->message);

  rc_server_add_data_mapping (server, "https://bench.example", dir);
  if (!rc_server_start (server, &error))
    g_error ("%s", error->message);
  plain = start_plain_server (dir, &port);
  plain_url = g_strdup_printf ("http://127.0.0.1:%u/big.bin", port);

  tls_s = best_time ((const char *const[]){ "curl", "-sS", "-o", "/dev/null", "--proxy",
                                            rc_server_get_proxy_url (server), "--cacert",
                                            rc_server_get_ca_file (server),
                                            "https://bench.example/big.bin", NULL },
                     ROUNDS);
  plain_s = best_time (
      (const char *const[]){ "curl", "-sS", "-o", "/dev/null", "--noproxy", "*", plain_url, NULL },
      ROUNDS);

  reference_s = reference_tls_time (dir);

  printf ("100 MB through the TLS proxy: %.3f s (%.0f MB/s)\n", tls_s, 100 / tls_s);
  printf ("100 MB from python3 -m http.server: %.3f s (%.0f MB/s)\n", plain_s, 100 / plain_s);
  if (reference_s > 0)
    printf ("100 MB from openssl s_server (bare TLS, no proxy): %.3f s (%.0f MB/s), ratio to "
            "plain %.2f\n",
            reference_s, 100 / reference_s, plain_s / reference_s);
  printf ("throughput ratio proxy/plain: %.2f (target >= 0.5)\n", plain_s / tls_s);

  throttle_accuracy (server, dir);

  g_subprocess_force_exit (plain);
  g_subprocess_wait (plain, NULL, NULL);
  g_unlink (file);
  g_rmdir (dir);
  return 0;
}
