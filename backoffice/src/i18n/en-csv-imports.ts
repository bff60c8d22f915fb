import type { TranslationMessages } from 'react-admin';

/** Texts of the departments, budgets and users CSV imports and of creating one account, merged into `en`. */
export const csvImportsMessages: Pick<TranslationMessages, 'supply_hub'> = {
  supply_hub: {
    csv_import: {
      button: 'Import CSV',
      title_departments: 'Import departments',
      title_budgets: 'Import budgets',
      title_users: 'Import users',
      help_departments:
        'Columns: name, and optionally code, site (hospital or clinic) and active (yes/no). A department is found by its code, else its name, and updated; otherwise it is added.',
      help_budgets:
        'Columns: department (code or name), period (month, quarter or year), amount (USD), mode (stop or warn), and optionally alert_threshold (percent). One budget per department.',
      help_users:
        'Columns: email, first_name, last_name, role (several separated by ;), and optionally department (code or name) and approved (yes/no). No passwords: each new account receives an invitation mail with a link to choose one.',
      choose: 'Choose a CSV file',
      check: 'Check (dry run)',
      apply: 'Apply %{smart_count} row |||| Apply %{smart_count} rows',
      summary:
        'Would be: %{created} created, %{updated} updated, %{unchanged} unchanged, %{errors} with errors. Nothing has been written yet.',
      has_errors: 'Fix the rows in error and choose the file again: an import applies every row or none.',
      applied: 'Imported: %{created} created, %{updated} updated, %{unchanged} unchanged.',
      failed: 'The file could not be imported; nothing was written.',
      column_line: 'Line',
      column_key: 'Row',
      column_outcome: 'Outcome',
      column_message: 'What happens',
      outcome: {
        created: 'Created',
        updated: 'Updated',
        unchanged: 'Unchanged',
        error: 'Error',
      },
    },
    user_create: {
      title: 'Create a user',
      help: 'The account has no password: an invitation mail with a link to choose one (valid 7 days) is sent to the e-mail address.',
      approved: 'Approved (may order at once)',
      created: 'Account created; the invitation mail is on its way.',
    },
    departments_site: {
      help: 'The hospital or clinic the department belongs to; leave empty for a single-site group.',
    },
  },
};
