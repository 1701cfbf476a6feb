/* rc-test-files.h: temporary folders and files for the tests, failing the test on any error
 * so a fixture problem never passes for the behaviour under test. */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

/* A new folder in the temporary directory named PREFIX-XXXXXX; remove it with
 * rc_test_remove_tree(). */
char *rc_test_make_tmp (const char *prefix);
/* Writes @dir/@relative, making the folders on the way; @length -1 for a string. */
void rc_test_write_file (const char *dir, const char *relative, const void *contents,
                         gssize length);
/* Copies tests/fixtures/@fixture to @dir/@relative. */
void rc_test_copy_fixture (const char *fixture, const char *dir, const char *relative);
/* The files under @dir with their sizes and times, sorted: what a community folder holds,
 * to show a test that nothing wrote into it. */
char *rc_test_list_tree (const char *dir);
/* Removes @path and all it holds; symbolic links are removed, never followed. */
void rc_test_remove_tree (const char *path);
/* Makes the Pyodide distribution copy @dist's python_stdlib.zip one without tokenize.py (the
 * good one moved aside, a hard link of the original stays intact): Pyodide's own bootstrap
 * then fails inside the interpreter with every file served whole. */
void rc_test_break_stdlib (const char *dist);
/* Puts the good stdlib back once a response for it (@url, @status) went out whole: TRUE when
 * it did so now. */
gboolean rc_test_restore_stdlib (const char *dist, const char *url, guint status);

/* Assert on a string the expression @owned returns, freeing it at once (macros, so a failure
 * names the caller's line): equal to @want; containing @part or not, as @has says. */
#define rc_test_assert_owned_str(owned, want)                                                      \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_autofree char *owned_ = (owned);                                                             \
    g_assert_cmpstr (owned_, ==, (want));                                                          \
  }                                                                                                \
  G_STMT_END
#define rc_test_assert_owned_has(owned, part, has)                                                 \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_autofree char *owned_ = (owned);                                                             \
    g_assert_cmpint (strstr (owned_, (part)) != NULL, ==, (has));                                  \
  }                                                                                                \
  G_STMT_END

G_END_DECLS
