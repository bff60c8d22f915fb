import type { TranslationMessages } from 'react-admin';

/** Texts of the patient-data guard's settings and of delivery instructions, merged into `en`. */
export const supplierTextMessages: Pick<TranslationMessages, 'supply_hub'> = {
  supply_hub: {
    supplier_text: {
      title: 'Patient data in supplier messages',
      intro:
        'Delivery instructions and STAT reasons go to the supplier. Text that looks like a medical record number, a date of birth, a social security number or a patient’s name is refused. Add your own patterns below.',
      medical_record_pattern: 'Medical record number pattern',
      medical_record_pattern_help:
        'A regular expression, case-insensitive. Empty: %{pattern} (MRN followed by digits).',
      extra_patterns: 'Extra patterns (one per line)',
      extra_patterns_help:
        'Regular expressions, case-insensitive, at most 20 of 200 characters; a pattern that repeats a repeated group is refused.',
      save: 'Save Patterns',
      delivery_note_help: 'Sent to the supplier with each order: bed or room, no patient details.',
    },
  },
};
