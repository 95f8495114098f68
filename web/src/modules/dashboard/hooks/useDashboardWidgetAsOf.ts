import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DashboardWidgetId } from '@openyard/contracts';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';
import { newestAsOf } from '../utils/newestAsOf';

// When the figures a widget shows were read on the server (the newest `asOf` among its queries in
// the cache), or null before the first answer. The figures a live message asks for again are read
// after the change it tells of (useDashboardLive), so this is the time the widget is current to:
// the wall's `data-live-at`.
export function useDashboardWidgetAsOf(widget: DashboardWidgetId): number | null {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((changed: () => void) => cache.subscribe(changed), [cache]);
  return useSyncExternalStore(subscribe, () =>
    newestAsOf(cache.findAll({ queryKey: dashboardQueryKeys.widget(widget) }).map((query) => query.state.data)),
  );
}
