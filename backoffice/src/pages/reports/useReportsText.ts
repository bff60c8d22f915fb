import { useCallback } from 'react';
import { useTranslate } from 'react-admin';

import { reportsTexts } from '../../i18n/en-reports';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** 'reports.tab.overview', 'dashboard.monthly_spend' …: the keys of en-reports.ts. */
export type ReportsTextKey = Leaves<typeof reportsTexts>;

function textOf(key: ReportsTextKey): string {
  let node: unknown = reportsTexts;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return typeof node === 'string' ? node : key;
}

/**
 * translate() for the report texts under supply_hub.*, with en-reports.ts as the default phrase:
 * the screens read the same words whether or not `en` has merged the catalogue yet.
 */
export function useReportsText() {
  const translate = useTranslate();
  return useCallback(
    (key: ReportsTextKey, options?: Record<string, unknown>) =>
      translate(`supply_hub.${key}`, { _: textOf(key), ...options }),
    [translate],
  );
}

export type ReportsText = ReturnType<typeof useReportsText>;
