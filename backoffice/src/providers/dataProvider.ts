import simpleRestProvider from 'ra-data-simple-rest';

/**
 * The admin API speaks ra-data-simple-rest (STYLE.md rule 7). Commands the protocol lacks
 * (approve, reject, retry …) are added here as custom methods by the issues that need them.
 */
export const dataProvider = simpleRestProvider('/api/admin');
