import type { HubEvent } from '@supply-hub/api/contracts/events';
import { useEffect } from 'react';
import { useNotify, useRefresh } from 'react-admin';

import { listenToServerEvent } from '../../providers/serverEvents';

type StatWaitingEvent = Extract<HubEvent, { type: 'order.stat_waiting' }>;

/**
 * A STAT order waiting for a level the signed-in user may approve is announced at once (the
 * server sends the event only to that level's approvers), and the open lists reload so it shows
 * first; the menu's count alone would take up to its next poll.
 */
export function useStatOrderAlerts(isEnabled: boolean): void {
  const notify = useNotify();
  const refresh = useRefresh();
  useEffect(() => {
    if (!isEnabled) return undefined;
    return listenToServerEvent('order.stat_waiting', (data) => {
      const event = data as StatWaitingEvent;
      notify('supply_hub.approvals.stat_waiting', {
        type: 'warning',
        autoHideDuration: 15_000,
        messageArgs: { order_number: event.order_number, level: event.level },
      });
      refresh();
    });
  }, [isEnabled, notify, refresh]);
}
