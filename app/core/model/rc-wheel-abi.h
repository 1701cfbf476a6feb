/* rc-wheel-abi.h: whether an overlay wheel's platform tag fits a Pyodide distribution's ABI.
 *
 * A binary wheel is built for one Pyodide ABI: its platform tag names it (PEP 783's
 * "pyemscripten_2025_0_wasm32", the older alias "pyodide_2025_0_wasm32", or the Emscripten
 * version "emscripten_4_0_9_wasm32"), and the distribution's lock says which it runs
 * (info.abi_version, info.platform). Pyodide only finds out when the wheel is loaded, deep in
 * a boot; a maintainer rehearsing an upgrade wants it said before anything boots.
 */
#pragma once

#include <glib.h>

#include "core/model/rc-dist-lock.h"
#include "core/model/rc-lock-overlay.h"

G_BEGIN_DECLS

/* The platform tag of a wheel file name ("x-1.0-cp313-cp313-pyemscripten_2025_0_wasm32.whl"
 * → "pyemscripten_2025_0_wasm32"), or NULL when @file_name is not a wheel's name. */
char *rc_wheel_platform_tag (const char *file_name);

/* Whether @tag (compressed tags "a.b" fit when one part does) runs on the ABI @abi_version
 * ("2025_0") and @platform ("emscripten_4_0_9"). "any" always fits; a distribution that
 * names no ABI fits everything (nothing to check against). */
gboolean rc_wheel_platform_fits (const char *tag, const char *abi_version, const char *platform);

/* The tag a wheel for @dist would carry: "pyemscripten_<abi>_wasm32", or NULL. A new string. */
char *rc_wheel_expected_tag (RcDistLock *dist);

/* One "overlay-wheel-abi" error in @diagnostics for each entry of the overlay file whose
 * wheel's platform tag does not fit @dist, naming both tags; also when the overlay did not
 * validate (OSA refuses every name but py3-none-any, which always fits). Returns how many it
 * added. */
guint rc_wheel_abi_check_overlay (RcLockOverlay *overlay, RcDistLock *dist, GPtrArray *diagnostics);

G_END_DECLS
