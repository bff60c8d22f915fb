import type { TranslationMessages } from 'react-admin';

/** Texts of the Departments and Budgets screens, merged into `en`. */
export const spendControlMessages: Pick<TranslationMessages, 'resources' | 'supply_hub'> = {
  resources: {
    departments: {
      name: 'Department |||| Departments',
      fields: {
        code: 'Code',
        name: 'Name',
        active: 'Active',
        user_count: 'Members',
        budget_owner_ids: 'Budget owners',
      },
    },
    budgets: {
      name: 'Budget |||| Budgets',
      fields: {
        department_id: 'Department',
        department_name: 'Department',
        period: 'Period',
        amount: 'Amount (USD)',
        committed: 'Committed',
        spent: 'Spent',
        remaining: 'Remaining',
        used_percent: '% used',
        policy: 'Policy',
        alert_threshold: 'Alert at (% committed)',
        updated_at: 'Last changed',
      },
    },
  },
  supply_hub: {
    departments: {
      active: 'Active',
      inactive: 'Deactivated',
      only_active: 'Active only',
      code_help: 'Letters, digits, - or _; up to 20, stored in capitals',
      code_rule: 'Use 1–20 letters, digits, - or _',
      active_help: 'A deactivated department keeps its members and history but cannot be given to anyone else.',
      budget_owners_help:
        'E-mailed with finance, once per period, when the department’s budget reaches its alert threshold.',
    },
    budgets: {
      period: { month: 'Month', quarter: 'Quarter', year: 'Year' },
      policy: { stop: 'Stop: refuse orders over budget', warn: 'Warn: allow and flag' },
      amount_rule: 'An amount in USD, e.g. 5000.00',
      history: 'History',
      changed_at: 'Changed',
      changed_by: 'By',
    },
  },
};
