import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { RequiredMark } from '@/components/form';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { PageHeader } from '@/components/page/PageHeader';
import {
  organizationsList,
  useApproveOrganization,
  useRejectOrganization,
} from '@/features/organizations/api/organizations';
import type { Organization } from '@/features/organizations/api/types';
import { OrganizationTabs } from '@/features/organizations/components/OrganizationTabs';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';

const PENDING = { state: 'pending' };
const NEWEST_FIRST = { field: 'created_at', direction: 'desc' } as const;
const MAX_REASON = 1000;

function RejectDialog({
  organization,
  busy,
  onCancel,
  onReject,
}: {
  organization: Organization;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const empty = reason.trim() === '';
  return (
    <Dialog open title={t('organizations.rejectTitle', { name: organization.name })} onClose={onCancel}>
      <form
        className="form__fieldset"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!empty) onReject(reason.trim());
        }}
      >
        <p>{t('organizations.rejectConsequence')}</p>
        <div className="field">
          <label htmlFor={reasonId}>
            {t('organizations.reason')} <RequiredMark />
          </label>
          <textarea
            id={reasonId}
            className="input"
            rows={4}
            maxLength={MAX_REASON}
            required
            value={reason}
            aria-invalid={(tried && empty) || undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {tried && empty && (
            <p className="field__error">{t('errors.required', { field: t('organizations.reason').toLowerCase() })}</p>
          )}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {t('organizations.reject')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The pending organisations, to accept or reject (with a reason). */
export function OrganizationsReviewRoute() {
  const { t } = useTranslation();
  const mayReview = can(
    useAuthStore((state) => state.profile),
    'edit-organization',
  );
  const [approving, setApproving] = useState<Organization | null>(null);
  const [rejecting, setRejecting] = useState<Organization | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const approve = useApproveOrganization();
  const reject = useRejectOrganization();

  const columns = useMemo<DataGridColumn<Organization>[]>(
    () => [
      { field: 'name', header: t('organizations.fields.name'), sortable: true, flex: 2 },
      { field: 'city', header: t('organizations.fields.city'), flex: 1 },
      { field: 'email', header: t('organizations.fields.email'), flex: 1 },
      {
        field: 'actions',
        header: t('common.actions'),
        width: 260,
        render: (organization) =>
          mayReview ? (
            <RowActions
              actions={[
                { label: t('organizations.approve'), icon: 'check', onClick: () => setApproving(organization) },
                { label: t('organizations.reject'), icon: 'close', danger: true, onClick: () => setRejecting(organization) },
              ]}
            />
          ) : null,
      },
    ],
    [t, mayReview],
  );

  return (
    <>
      <PageHeader title={t('organizations.title')} />
      <OrganizationTabs />
      <DataGrid<Organization>
        label={t('organizations.review')}
        columns={columns}
        source={organizationsList}
        getRowId={(organization) => organization.id}
        filter={PENDING}
        defaultSort={NEWEST_FIRST}
        emptyMessage={t('organizations.noneToReview')}
        refreshKey={refreshKey}
      />
      <ConfirmDialog
        open={approving !== null}
        title={t('organizations.approveTitle', { name: approving?.name ?? '' })}
        body={t('organizations.approveConsequence')}
        confirmLabel={t('organizations.approve')}
        tone="primary"
        busy={approve.isPending}
        onCancel={() => setApproving(null)}
        onConfirm={() => {
          if (!approving) return;
          approve.mutate(approving.id, {
            onSuccess: () => {
              notifySaved(t('organizations.approvedName', { name: approving.name }));
              setApproving(null);
              setRefreshKey((key) => key + 1);
            },
          });
        }}
      />
      {rejecting && (
        <RejectDialog
          organization={rejecting}
          busy={reject.isPending}
          onCancel={() => setRejecting(null)}
          onReject={(reason) =>
            reject.mutate(
              { id: rejecting.id, reason },
              {
                onSuccess: () => {
                  notifySaved(t('organizations.rejectedName', { name: rejecting.name }));
                  setRejecting(null);
                  setRefreshKey((key) => key + 1);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
