import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useGetList, useListContext, useTranslate } from 'react-admin';

import { ListSearchField } from '../../components/ListSearchField';
import type { FilterSetter } from '../../components/useListFilterSetter';

type Group = 'admins' | 'providers';
const ALL = 'all';

/** All Users (with the count of every account), Admins, Providers (admin-portal §2.5). */
export function UserGroupTabs({ setFilter }: { setFilter: FilterSetter }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { total } = useGetList('users', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'email', order: 'ASC' },
    filter: {},
  });
  const { group } = filterValues as { group?: Group };
  return (
    <Tabs
      value={group ?? ALL}
      onChange={(_event, value: string) => setFilter('group', value === ALL ? undefined : value)}
      aria-label={translate('supply_hub.users.tabs_label')}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      <Tab value={ALL} label={translate('supply_hub.users.tab_all', { count: total ?? '…' })} />
      <Tab value="admins" label={translate('supply_hub.users.tab_admins')} />
      <Tab value="providers" label={translate('supply_hub.users.tab_providers')} />
    </Tabs>
  );
}

/** Name or e-mail, case-insensitive (the API searches both). */
export function UserSearch({ setFilter }: { setFilter: FilterSetter }) {
  return <ListSearchField label="supply_hub.users.search" setFilter={setFilter} />;
}

/** Only the accounts whose sign-in is paused now (the API reads the running pauses). */
export function SignInPausedFilter({ setFilter }: { setFilter: FilterSetter }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const isOn = (filterValues as { sign_in_paused?: boolean }).sign_in_paused === true;
  return (
    <FormControlLabel
      sx={{ ml: 2 }}
      label={translate('supply_hub.users.only_paused')}
      control={
        <Switch checked={isOn} onChange={(event) => setFilter('sign_in_paused', event.target.checked || undefined)} />
      }
    />
  );
}
