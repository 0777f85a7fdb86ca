import { useState } from 'react';
import { EmptyState } from '@/components/ui/EmptyState';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton, TextField } from '@/components/form';
import { Skeleton } from '@/components/ui/Skeleton';
import { useBundles, useCreateBundle, type Bundle, type BundleInput } from '@/features/activities/api/bundles';
import { centsToDecimalString, decimalToCents, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySaved } from '@/stores/notification';

/** The bundle form's values: the price typed in euros. */
export interface BundleValues {
  name: string;
  spots: number | string;
  start_date: string;
  price: string;
}

export function bundleValues(bundle?: Bundle): BundleValues {
  return bundle
    ? { name: bundle.name, spots: bundle.spots, start_date: bundle.start_date, price: centsToDecimalString(bundle.price_cents) }
    : { name: '', spots: 10, start_date: '', price: '0' };
}

export function bundleInput(values: BundleValues, version?: number): BundleInput {
  return {
    name: values.name,
    spots: Number(values.spots),
    start_date: values.start_date,
    price_cents: decimalToCents(values.price) ?? -1,
    rate_id: null,
    ...(version === undefined ? {} : { version }),
  };
}

/** Name, spots, start date and price of a bundle; the server's field errors land on the fields. */
export function BundleFields() {
  const { t } = useTranslation();
  return (
    <>
      <TextField name="name" label={t('activities.bundles.fields.name')} required />
      <TextField name="spots" type="number" min={1} label={t('activities.bundles.fields.spots')} required />
      <TextField name="start_date" type="date" label={t('activities.bundles.fields.start_date')} required />
      <TextField name="price" inputMode="decimal" label={t('activities.bundles.fields.price')} required />
    </>
  );
}

/** A bundle activity's bundles by start date, and a new one. */
export function BundleList({ activityId, base, mayEdit }: { activityId: string; base: string; mayEdit: boolean }) {
  const { t } = useTranslation();
  const bundles = useBundles(activityId);
  const create = useCreateBundle(activityId);
  const [creating, setCreating] = useState(false);
  return (
    <section className="panel">
      <h2>{t('activities.bundles.title')}</h2>
      {bundles.isPending && <Skeleton lines={3} />}
      {bundles.data?.length === 0 && <EmptyState message={t('activities.bundles.none')} />}
      {bundles.data && bundles.data.length > 0 && (
        <ul className="bundle-list" data-testid="bundles">
          {bundles.data.map((b) => (
            <li key={b.id}>
              <Link to={`${base}/bundles/${b.id}`}>{b.name}</Link>{' '}
              {t('activities.bundles.summary', {
                start: b.start_date,
                taken: b.taken,
                spots: b.spots,
                waiting: b.waiting,
                price: formatMoney(b.price_cents, currentLanguage()),
              })}
            </li>
          ))}
        </ul>
      )}
      {mayEdit && !creating && (
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          {t('activities.bundles.new')}
        </button>
      )}
      {creating && (
        <Form<BundleValues>
          initialValues={bundleValues()}
          onSubmit={async (values) => {
            await create.mutateAsync(bundleInput(values));
            notifySaved(t('common.saved'));
            setCreating(false);
          }}
        >
          <h3>{t('activities.bundles.new')}</h3>
          <BundleFields />
          <FormErrorSummary />
          <FormActions>
            <SubmitButton>{t('common.save')}</SubmitButton>
            <button type="button" className="button" onClick={() => setCreating(false)}>
              {t('common.cancel')}
            </button>
          </FormActions>
        </Form>
      )}
    </section>
  );
}
