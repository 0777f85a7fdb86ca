import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { useDeleteLocation, useLocation, useSaveLocation } from '@/features/locations/api/locations';
import type { Location } from '@/features/locations/api/types';
import {
  emptyLocation,
  locationBody,
  LocationInputs,
  locationSchema,
  locationValues,
  type LocationValues,
} from '@/features/locations/components/LocationInputs';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';
import '@/features/locations/i18n';

/** Create (organisation area, no location_id) or update a location (either area). */
export function LocationFormRoute() {
  const { location_id: locationId } = useParams();
  return locationId ? <EditLocation id={locationId} /> : <LocationForm />;
}

function EditLocation({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useLocation(id);
  if (isPending) return <Skeleton lines={6} />;
  if (isError) return <p>{t('locations.notFound')}</p>;
  return <LocationForm location={data} />;
}

function LocationForm({ location }: { location?: Location }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization_id: organizationId } = useParams();
  const back = organizationId ? `/organizations/${encodeURIComponent(organizationId)}/locations` : '/application/locations';
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const [confirming, setConfirming] = useState(false);
  // A closure of this location (decision 1660) is planned on the organisation's closures screen.
  const mayClose = useAuthStore((state) => can(state.profile, 'edit-activity'));
  // The server's PUT and DELETE check edit-location; a new location was already allowed by its route (create-locations).
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-location'));
  const readOnly = Boolean(location) && !mayEdit;

  return (
    <>
      <PageHeader
        title={readOnly ? t('locations.viewTitle') : location ? t('locations.editTitle') : t('locations.createTitle')}
        actions={
          location && (
            <>
              <HistoryLink entityType="location" entityId={location.id} />
              {mayClose && (
                <Link
                  className="button"
                  to={`/organizations/${encodeURIComponent(location.organization_id)}/closures/plan?location_id=${encodeURIComponent(location.id)}`}
                >
                  {t('locations.planClosure')}
                </Link>
              )}
              {mayEdit && (
                <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                  {t('locations.delete')}
                </button>
              )}
            </>
          )
        }
      />
      <Form<LocationValues>
        className="form form--sections"
        guardUnsaved
        readOnly={readOnly}
        initialValues={location ? locationValues(location) : emptyLocation}
        validationSchema={locationSchema(t)}
        onSubmit={async (values) => {
          await save.mutateAsync({
            id: location?.id,
            organizationId: organizationId ?? location?.organization_id ?? '',
            input: { ...locationBody(values), version: location?.version },
          });
          notifySaved(t('common.saved'));
          await navigate(back);
        }}
      >
        <LocationInputs
          imageUrl={location?.image_url}
          organizationId={organizationId ?? location?.organization_id ?? ''}
          names={location?.names}
        />
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to={back}>{t('common.cancel')}</Link>
        </FormActions>
      </Form>
      {location && mayEdit && (
        <ConfirmDialog
          open={confirming}
          title={t('locations.delete')}
          body={t('locations.deleteBody', { name: location.name })}
          confirmLabel={t('locations.delete')}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(location.id, {
              onSuccess: () => {
                notifySaved(t('locations.deleted'));
                void navigate(back);
              },
              onSettled: () => setConfirming(false),
            })
          }
        />
      )}
    </>
  );
}
