/* Placeholder until the serving layer lands; keeps the library non-empty. */
int rc_boot_placeholder (void);
int
rc_boot_placeholder (void)
{
  return 0;
}
