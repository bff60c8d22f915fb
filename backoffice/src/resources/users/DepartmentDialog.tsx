import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useGetList, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorMessageOf } from '../../providers/httpClient';
import type { AdminUser, Department } from '../../providers/records';

/** Puts the selected accounts into one active department: one request, all or none. */
function DepartmentDialog({ ids, onClose, onDone }: { ids: string[]; onClose: () => void; onDone: () => void }) {
  const titleId = useId();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  const [departmentId, setDepartmentId] = useState('');
  const { data: choices = [] } = useGetList<Department>('departments', {
    filter: { active: true },
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: 200 },
  });
  const saving = useMutation({
    mutationFn: () => dataProvider.setUsersDepartment(ids, departmentId),
    onSuccess: ({ updated }) => {
      notify('supply_hub.users.department_saved', { type: 'success', messageArgs: { smart_count: updated } });
      onClose();
      onDone();
      refresh();
    },
    onError: (error) => notify(errorMessageOf(error, translate('supply_hub.common.save_failed')), { type: 'error' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (departmentId) saving.mutate();
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {translate('supply_hub.users.set_department_title', { smart_count: ids.length })}
        </DialogTitle>
        <DialogContent>
          <TextField
            select
            label={translate('supply_hub.users.department_label')}
            value={departmentId}
            onChange={(event) => setDepartmentId(event.target.value)}
            fullWidth
            margin="dense"
            required
            // A native select: keyboard and screen readers as everywhere, and quick with 200 departments.
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="" disabled />
            {choices.map((department) => (
              <option key={department.id} value={department.id}>
                {department.code} — {department.name}
              </option>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('supply_hub.common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!departmentId} loading={saving.isPending}>
            {translate('supply_hub.users.set_department')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The bulk action of Users & Roles: the selected accounts' department. */
export function BulkDepartmentButton() {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext<AdminUser>();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {translate('supply_hub.users.set_department')}
      </Button>
      {isOpen && (
        <DepartmentDialog
          ids={selectedIds.map(String)}
          onClose={() => setOpen(false)}
          onDone={() => onUnselectItems()}
        />
      )}
    </>
  );
}
