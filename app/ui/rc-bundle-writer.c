/* rc-bundle-writer.c: the reproduction bundle as a zip (rc-bundle-writer.h).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "rc-bundle-writer.h"
#include "rc-chart-export.h"

GPtrArray *
rc_bundle_draw_charts (const RcMeasurement *report, GError **error)
{
  g_autoptr (GPtrArray) charts =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_bundle_file_free);
  guint n;
  const RcChartKind *kinds = rc_bundle_chart_kinds (&n);

  for (guint i = 0; i < n; i++)
    {
      GBytes *svg = rc_chart_report_svg (kinds[i], report, RC_BUNDLE_CHART_WIDTH, error);
      RcBundleFile *file;

      if (svg == NULL)
        return NULL;
      file = g_new0 (RcBundleFile, 1);
      file->name = g_strdup_printf ("charts/%s.svg", rc_chart_kind_to_string (kinds[i]));
      file->bytes = svg;
      g_ptr_array_add (charts, file);
    }
  return g_steal_pointer (&charts);
}

static gboolean
archive_failed (struct archive *a, const char *path, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("cannot write %s: %s"), path,
               archive_error_string (a) ? archive_error_string (a) : g_strerror (errno));
  return FALSE;
}

static gboolean
write_entries (struct archive *a, GPtrArray *files, gint64 mtime, const char *path, GError **error)
{
  for (guint i = 0; i < files->len; i++)
    {
      const RcBundleFile *file = files->pdata[i];
      gsize size;
      const void *data = g_bytes_get_data (file->bytes, &size);
      struct archive_entry *entry = archive_entry_new ();
      gboolean ok;

      archive_entry_set_pathname_utf8 (entry, file->name);
      archive_entry_set_filetype (entry, AE_IFREG);
      archive_entry_set_perm (entry, 0644);
      archive_entry_set_size (entry, (la_int64_t) size);
      archive_entry_set_mtime (entry, (time_t) mtime, 0);
      ok = archive_write_header (a, entry) == ARCHIVE_OK
           && (size == 0 || archive_write_data (a, data, size) == (la_ssize_t) size);
      archive_entry_free (entry);
      if (!ok)
        return archive_failed (a, path, error);
    }
  return TRUE;
}

static gboolean
write_zip (GPtrArray *files, gint64 mtime, const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *tmp = g_build_filename (dir, ".rc-bundle-XXXXXX", NULL);
  /* 0666 less the umask, as any file a user asks for (g_mkstemp() makes it 0600) */
  int fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0666);
  struct archive *a;
  gboolean ok;

  if (fd < 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), _ ("cannot write %s: %s"),
                   path, g_strerror (errno));
      return FALSE;
    }
  a = archive_write_new ();
  ok = (archive_write_set_format_zip (a) == ARCHIVE_OK
        && archive_write_open_fd (a, fd) == ARCHIVE_OK)
           ? write_entries (a, files, mtime, path, error)
           : archive_failed (a, path, error);
  if (archive_write_close (a) != ARCHIVE_OK && ok)
    ok = archive_failed (a, path, error);
  archive_write_free (a);
  close (fd);
  if (ok && g_rename (tmp, path) != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), _ ("cannot write %s: %s"),
                   path, g_strerror (errno));
      ok = FALSE;
    }
  if (!ok)
    g_unlink (tmp);
  return ok;
}

gboolean
rc_bundle_write (const RcBundleSource *source, const char *output, guint *n_files, guint64 *total,
                 char **warning, GError **error)
{
  RcBundleSource drawn = *source;
  g_autoptr (GPtrArray) charts = NULL;
  g_autoptr (GPtrArray) files = NULL;

  if (rc_bundle_output_inside (output, source->dir))
    {
      g_set_error (error, RC_BUNDLE_ERROR, RC_BUNDLE_ERROR_FOLDER,
                   _ ("%s is inside the community folder; the console never writes there (and "
                      "the next bundle would hold this one)"),
                   output);
      return FALSE;
    }
  if (drawn.charts == NULL
      && (drawn.charts = charts = rc_bundle_draw_charts (source->report, error)) == NULL)
    return FALSE;
  if ((files = rc_bundle_assemble (&drawn, warning, error)) == NULL
      || !write_zip (files, rc_bundle_report_time (source->report), output, error))
    return FALSE;
  if (n_files != NULL)
    *n_files = files->len;
  if (total != NULL)
    {
      *total = 0;
      for (guint i = 0; i < files->len; i++)
        *total += g_bytes_get_size (((RcBundleFile *) files->pdata[i])->bytes);
    }
  return TRUE;
}
