import type { ReactElement, ReactNode } from 'react';
import { CreateButton, DataTable, FilterButton, List, TopToolbar, type RaRecord, type SortPayload } from 'react-admin';

interface ResourceListProps {
  sort: SortPayload;
  filters: ReactElement[];
  /** More buttons beside Create (an Import CSV). */
  actions?: ReactNode;
  /** The table's columns (DataTable.Col). */
  children: ReactNode;
}

/**
 * The list of a resource an administrator creates and edits (departments, locations, standing
 * orders): 50 a page, the filters not always shown behind Add filter, a Create button, a row opens
 * its edit form, no bulk actions.
 */
export function ResourceList<RecordType extends RaRecord>({ sort, filters, actions, children }: ResourceListProps) {
  return (
    <List<RecordType>
      sort={sort}
      perPage={50}
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton />
          {actions}
        </TopToolbar>
      }
    >
      <DataTable<RecordType> rowClick="edit" bulkActionButtons={false}>
        {children}
      </DataTable>
    </List>
  );
}
