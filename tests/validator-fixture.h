/* validator-fixture.h: helpers for the validator and community tests. */
#pragma once

#include "core/model/rc-community.h"
#include "core/base/rc-diagnostic.h"
#include "rc-test-files.h"

G_BEGIN_DECLS

/* Lines 1–6; runtime.python members added at 4 spaces start on line 7. */
#define BASE                                                                                       \
  "id: demo\nname: Demo\ndescription: D\nruntime:\n  python:\n    pyodide_version: \"0.29.5\"\n"
#define HEAD "id: demo\nname: Demo\ndescription: D\n"
/* A valid tool list, appended after BASE (lines 7–11). */
#define TOOLS                                                                                      \
  "extensions:\n  client_tools:\n    - name: execute_code\n      runtime: python\n"                \
  "      description: Run code.\n"

void fixture_init (void);
/* Removes every temporary folder made so far. */
void fixture_cleanup (void);
/* Registers a temporary folder for removal (takes it). */
void fixture_keep (char *tmp_dir);

/* FALSE (and the test skipped) without the Pyodide distribution lock. */
gboolean have_distribution (void);
/* A community folder <tmp>/<folder>/ holding config.yaml; returns its path. */
char *make_community (const char *folder, const char *yaml);
/* runtime/demo-pyodide-lock.json with one package whose "wheel" is a few bytes. */
void add_overlay (const char *dir, const char *key, const char *import, const char *depends);
RcCommunity *load_dir (const char *dir, RcDeployment d);
/* A temporary folder "demo" with this config.yaml, loaded for production. */
RcCommunity *load (const char *yaml);
void dump (RcCommunity *community);
/* The diagnostic with this rule and path; checks its position and a message fragment (and
 * that it has a hint). Fails the test when there is none. */
const RcDiagnostic *expect (RcCommunity *community, const char *rule, const char *path, guint line,
                            guint column, const char *fragment);
void expect_valid (RcCommunity *community);
/* One community, invalid, with the expected diagnostic. */
void check_one (const char *yaml, const char *rule, const char *path, guint line, guint column,
                const char *fragment);

G_END_DECLS
