import Stack from '@mui/material/Stack';

import { PageHeader } from '../layout/PageHeader';
import { ApprovalLevelsCard } from './settings/ApprovalLevelsCard';
import { AutomationSettingsCard } from './settings/AutomationSettingsCard';
import { CompanySettingsCard } from './settings/CompanySettingsCard';
import { PunchoutSettingsCard } from './settings/PunchoutSettingsCard';

/** /admin/settings (admin-portal §2.6), admin and super_admin: company, automation, approval levels, punchout. */
export default function SettingsPage() {
  return (
    <>
      <PageHeader title="supply_hub.settings.title" subtitle="supply_hub.settings.subtitle" />
      <Stack spacing={3} sx={{ maxWidth: 900, pb: 4 }}>
        <CompanySettingsCard />
        <AutomationSettingsCard />
        <ApprovalLevelsCard />
        <PunchoutSettingsCard />
      </Stack>
    </>
  );
}
