import type { TranslationMessages } from 'react-admin';

/** Texts of the back office's standing orders for ward locations, merged into `en`. */
export const standingOrdersMessages: Pick<TranslationMessages, 'resources' | 'supply_hub'> = {
  resources: {
    'standing-orders': {
      name: 'Standing order |||| Standing orders',
      fields: {
        name: 'Name',
        location_id: 'Location',
        location_name: 'Location',
        user_id: 'Orders as',
        requester_email: 'Orders as',
        schedule: 'Schedule',
        'schedule.kind': 'Repeats',
        next_date: 'Next order',
        start_date: 'Start date',
        end_date: 'End date (optional)',
        paused: 'Paused',
        lines: 'Items',
        delivery_note: 'Delivery instructions (optional)',
      },
    },
  },
  supply_hub: {
    menu: { standing_orders: 'Standing orders' },
    standing_orders: {
      weekly: 'Weekly',
      monthly: 'Monthly',
      weekdays: 'On',
      day: 'Day of the month (29–31: the last day of a shorter month)',
      quantity: 'Quantity',
      paused: 'Paused',
      ended: 'Ended',
      requester_help:
        "A doctor, provider, user, nurse or logistics admin of the location's department: the orders are theirs, delivered to the location, and go through approval.",
      requester_choose_location: 'Choose the location first: its department’s members who may order are listed.',
      requester_none:
        'No approved member of this location’s department may order for it: approve one, or give one a doctor, provider, user, nurse or logistics admin role.',
      item: 'Item (search by title or ASIN)',
    },
  },
};
