/* rc-control-engines.h: the controls of a measurement over several engines.
 *
 * Each engine that measured boots its own control, and each must fail: a policy one engine
 * enforces can be one another engine ignores (or a header its proxy path strips). A control
 * that booted is its engine's finding: the prose names that engine, and the ones whose
 * control held. With one control the prose is rc-control.h's, unchanged.
 */
#pragma once

#include "core/measurement/rc-control.h"

G_BEGIN_DECLS

/* "WebKit", "Chromium", "Firefox" for the engine names the records use. */
const char *rc_control_engine_title (const char *engine);

/* @controls: RcControl. A line per control for the terminal / a paragraph and a list for the
 * Markdown report; nothing when empty. */
void rc_controls_append_text (GPtrArray *controls, GString *out);
void rc_controls_append_markdown (GPtrArray *controls, GString *out);

/* NULL when no control booted; else one sentence: why the report is invalid, naming the
 * engines whose control booted and those whose control held when there were several. */
char *rc_controls_describe_invalid (GPtrArray *controls);

G_END_DECLS
