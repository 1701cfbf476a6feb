/* Placeholder until the serving layer lands; keeps the library non-empty. */
int rc_serve_placeholder (void);
int
rc_serve_placeholder (void)
{
  return 0;
}
