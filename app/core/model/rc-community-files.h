/* rc-community-files.h: reading files inside a community folder, safely.
 *
 * A path is walked component by component with lstat(): a symbolic link anywhere below the
 * community folder, a path that resolves outside it, or anything but a regular file (a
 * FIFO would block a naive read) is refused before a byte is read. The file is then read
 * in fixed chunks, each fed to a checksum when one is given, and checked to be the file
 * that was inspected. Nothing is ever written.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Reads <community_dir>/<relative> (a plain relative path with '/' separators). Returns the
 * bytes, or NULL with *problem set (newly allocated) and *refused TRUE when the path was
 * refused (a link, or outside the folder) rather than unreadable. */
GBytes *rc_community_file_read (const char *community_dir, const char *relative, goffset max_bytes,
                                GChecksum *checksum, gboolean *refused, char **problem);

/* One file to read and hash with SHA-256. */
typedef struct
{
  const char *relative; /* in: path below the community folder */
  GBytes *bytes;        /* out: the bytes read, or NULL */
  char *sha256;         /* out: lower-case hex digest, or NULL */
  char *problem;        /* out: why it was not read, or NULL */
  gboolean refused;     /* out: as for rc_community_file_read() */
} RcFileHash;

/* Reads and hashes every file, on up to one thread per core (the files are independent;
 * hashing is the whole cost of checking large wheels). */
void rc_community_files_hash (const char *community_dir, RcFileHash *files, guint n_files,
                              goffset max_bytes);
/* Frees the out members of each item. */
void rc_file_hash_clear (RcFileHash *file);

G_END_DECLS
