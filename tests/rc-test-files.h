/* rc-test-files.h: temporary folders and files for the tests, failing the test on any error
 * so a fixture problem never passes for the behaviour under test. */
#pragma once

#include <glib.h>

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

G_END_DECLS
