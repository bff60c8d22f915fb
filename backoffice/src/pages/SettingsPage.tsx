import Stack from '@mui/material/Stack';

import { PageHeader } from '../layout/PageHeader';
import { ApprovalLevelsCard } from './settings/ApprovalLevelsCard';
import { AutomationSettingsCard } from './settings/AutomationSettingsCard';
import { CompanySettingsCard } from './settings/CompanySettingsCard';
import { InvoiceSettingsCard } from './settings/InvoiceSettingsCard';
import { PunchoutSettingsCard } from './settings/PunchoutSettingsCard';
import { SupplierTextSettingsCard } from './settings/SupplierTextSettingsCard';

/** /admin/settings (admin-portal §2.6), admin and super_admin: company, automation, approval levels, invoice matching, punchout. */
export default function SettingsPage() {
  return (
    <>
      <PageHeader title="supply_hub.settings.title" subtitle="supply_hub.settings.subtitle" />
      <Stack spacing={3} sx={{ maxWidth: 900, pb: 4 }}>
        <CompanySettingsCard />
        <AutomationSettingsCard />
        <ApprovalLevelsCard />
        <InvoiceSettingsCard />
        <PunchoutSettingsCard />
        <SupplierTextSettingsCard />
      </Stack>
    </>
  );
}
