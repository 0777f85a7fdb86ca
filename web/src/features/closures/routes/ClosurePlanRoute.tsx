import { useFormikContext } from 'formik';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import * as yup from 'yup';
import { Form, FormActions, FormErrorSummary, FormSection, SelectField, SubmitButton, TextField } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ImpactPanel } from '@/features/closures/components/ImpactPanel';
import { closureImpact, usePlanClosure, type ClosureImpact, type ClosureInput } from '@/features/closures/api/closures';
import { useLocationChoices } from '@/lib/offer-choices';
import { notifySaved } from '@/stores/notification';
import '@/features/closures/i18n';

interface Values {
  from: string;
  until: string;
  location_id: string | null;
  reason: string;
}

const same = (a: Values, b: Values) => a.from === b.from && a.until === b.until && a.location_id === b.location_id && a.reason.trim() === b.reason.trim();

const input = (values: Values): ClosureInput => ({
  from: values.from,
  until: values.until,
  reason: values.reason.trim(),
  ...(values.location_id ? { location_id: values.location_id } : {}),
});

/**
 * Plans a closure: the days, the scope and the reason; then the impact as the server
 * counts it (nothing written); then one confirmation that names the counts.
 */
export function ClosurePlanRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization_id: organizationId = '' } = useParams();
  const [search] = useSearchParams();
  const locations = useLocationChoices(organizationId);
  const [previewed, setPreviewed] = useState<{ values: Values; impact: ClosureImpact; key: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const planClosure = usePlanClosure(organizationId);
  // The confirmation submits the form too, so the unsaved-changes guard lets the success
  // navigate (it stands aside while a form submits); the first submit only previews.
  const confirmed = useRef(false);
  const submitRef = useRef<() => Promise<unknown>>(() => Promise.resolve());
  const back = `/organizations/${encodeURIComponent(organizationId)}/closures`;
  const required = (field: string) => t('errors.required', { field: t(`closures.fields.${field}`).toLowerCase() });
  const schema = yup.object({
    from: yup.string().required(required('from')),
    until: yup.string().required(required('until')),
    reason: yup.string().trim().required(required('reason')).max(200),
  });
  const initial: Values = { from: '', until: '', location_id: search.get('location_id'), reason: '' };

  return (
    <>
      <PageHeader title={t('closures.planTitle')} />
      <p>{t('closures.planIntro')}</p>
      <Form<Values>
        initialValues={initial}
        validationSchema={schema}
        guardUnsaved
        onSubmit={async (values) => {
          if (confirmed.current && previewed && same(previewed.values, values)) {
            confirmed.current = false;
            try {
              const { data } = await planClosure.mutateAsync({ input: input(previewed.values), key: previewed.key });
              notifySaved(
                t('closures.done', { sessions: data.sessions, bookings: data.bookings }) +
                  (data.skipped > 0 ? ` ${t('closures.doneSkipped', { skipped: data.skipped })}` : ''),
              );
              await navigate(back);
            } finally {
              setConfirming(false);
            }
            return;
          }
          confirmed.current = false;
          const impact = await closureImpact(organizationId, input(values));
          setPreviewed({ values, impact, key: crypto.randomUUID() });
        }}
      >
        <FormSection title={t('closures.periodSection')} description={t('closures.periodDescription')}>
          <TextField name="from" type="date" label={t('closures.fields.from')} required />
          <TextField name="until" type="date" label={t('closures.fields.until')} required />
          <SelectField
            name="location_id"
            label={t('closures.fields.scope')}
            emptyLabel={t('closures.wholeOrganization')}
            options={locations.data ?? []}
          />
        </FormSection>
        <FormSection title={t('closures.reasonSection')} description={t('closures.reasonDescription')}>
          <TextField name="reason" label={t('closures.fields.reason')} hint={t('closures.fields.reasonHint')} required maxLength={200} wide />
        </FormSection>
        <FormErrorSummary />
        <SubmitBridge submitRef={submitRef} />
        <Preview
          previewed={previewed}
          onConfirm={() => setConfirming(true)}
          cancel={<Link to={back}>{t('common.cancel')}</Link>}
        />
      </Form>
      {previewed && (
        <ConfirmDialog
          open={confirming}
          title={t('closures.confirmTitle')}
          body={t('closures.confirmBody', {
            sessions: previewed.impact.sessions,
            people: previewed.impact.participants + previewed.impact.waiting,
            holders: previewed.impact.bundle_holders,
          })}
          confirmLabel={t('closures.confirmLabel', { count: previewed.impact.sessions })}
          busy={planClosure.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            confirmed.current = true;
            void submitRef.current();
          }}
        />
      )}
    </>
  );
}

/** Hands the form's submit to the confirmation, which sits outside the form. */
function SubmitBridge({ submitRef }: { submitRef: { current: () => Promise<unknown> } }) {
  const { submitForm } = useFormikContext<Values>();
  useEffect(() => {
    submitRef.current = submitForm;
  }, [submitRef, submitForm]);
  return null;
}

/** The impact of the values previewed, or the question to preview (again). */
function Preview({
  previewed,
  onConfirm,
  cancel,
}: {
  previewed: { values: Values; impact: ClosureImpact } | null;
  onConfirm: () => void;
  cancel: ReactNode;
}) {
  const { t } = useTranslation();
  const { values } = useFormikContext<Values>();
  const current = previewed !== null && same(previewed.values, values);
  const tooMany = current && previewed.impact.sessions > previewed.impact.max_sessions;
  return (
    <>
      {previewed && !current && (
        <p className="notice notice--warning" role="status">
          {t('closures.impactStale')}
        </p>
      )}
      {current && <ImpactPanel impact={previewed.impact} />}
      <FormActions>
        {current && !tooMany ? (
          <button type="button" className="button button--danger" onClick={onConfirm}>
            {t('closures.confirm')}
          </button>
        ) : (
          <SubmitButton>{t('closures.preview')}</SubmitButton>
        )}
        {cancel}
      </FormActions>
    </>
  );
}
