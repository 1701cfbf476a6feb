/* rc-overview-page.h: client tools, effective runtime fields and the preload closure.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

#include "core/model/rc-community.h"

G_BEGIN_DECLS

#define RC_TYPE_OVERVIEW_PAGE (rc_overview_page_get_type ())
G_DECLARE_FINAL_TYPE (RcOverviewPage, rc_overview_page, RC, OVERVIEW_PAGE, GtkWidget)

void rc_overview_page_set_community (RcOverviewPage *self, RcCommunity *community);
/* The closure table's model (RcTableItem: package, version, source, imports, size). */
GListModel *rc_overview_page_get_closure (RcOverviewPage *self);

G_END_DECLS
