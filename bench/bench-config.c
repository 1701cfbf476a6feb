/* bench-config.c COMMUNITY [DISTRIBUTION]: the in-process cost of validating a community
 * (rc_community_load: YAML, every config rule, the distribution lock, the overlay), as the
 * median of many loads. bench-validate.sh runs it on the generated 500-line config: the
 * `validate` process also pays for dynamically linking GTK and WebKitGTK, which is not
 * validation and is shown separately. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/model/rc-community.h"

static int
compare (const void *a, const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

int
main (int argc, char *argv[])
{
  enum
  {
    RUNS = 101
  };
  gint64 times[RUNS];
  const char *dist = argc > 2 ? argv[2] : NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) warm = NULL;

  if (argc < 2)
    {
      fprintf (stderr, "usage: bench-config COMMUNITY [DISTRIBUTION]\n");
      return 2;
    }
  /* The first load fills the parsed-lock cache, as the first validate of a session does. */
  warm = rc_community_load (argv[1], dist, RC_DEPLOYMENT_PRODUCTION, &error);
  if (warm == NULL || !rc_community_is_valid (warm))
    {
      fprintf (stderr, "bench-config: %s does not load clean%s%s\n", argv[1], error ? ": " : "",
               error ? error->message : "");
      return 1;
    }
  for (guint i = 0; i < RUNS; i++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr (RcCommunity) community =
          rc_community_load (argv[1], dist, RC_DEPLOYMENT_PRODUCTION, NULL);

      times[i] = g_get_monotonic_time () - start;
      g_assert (community != NULL);
    }
  qsort (times, RUNS, sizeof times[0], compare);
  printf ("%.3f\n", times[RUNS / 2] / 1000.0);
  return 0;
}
