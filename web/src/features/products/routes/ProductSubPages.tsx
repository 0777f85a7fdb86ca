import { useTranslation } from 'react-i18next';
import { CheckboxListField, ChosenNamesField, Form, FormActions, FormErrorSummary, FormSection, SelectField, SubmitButton, saveAndStay } from '@/components/form';
import { QuestionsEditor, questionValues, questionsFromValues, type QuestionValues } from '@/components/offer/OfferFields';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useProductPurchases,
  useProductQuestions,
  useSaveProductLabels,
  useSaveProductQuestions,
  useSetProductLocation,
} from '@/features/products/api/products';
import { PurchasesTable } from '@/features/products/components/PurchasesTable';
import { useProductContext } from '@/features/products/routes/ProductLayoutRoute';
import { can } from '@/lib/authorization';
import { useLocationChoices, withChosen } from '@/lib/offer-choices';
import { useLabelChoices } from '@/lib/taxonomy';
import { useAuthStore } from '@/stores/auth';

export function ProductLocationRoute() {
  const { t } = useTranslation();
  const { product } = useProductContext();
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-product'));
  // The organisation's locations are asked for only with view-locations (web-090).
  const mayReadLocations = useAuthStore((state) => can(state.profile, 'view-locations'));
  const save = useSetProductLocation(product.id);
  const locations = useLocationChoices(product.organization_id, mayReadLocations);
  if (mayReadLocations && locations.isPending) return <Skeleton lines={2} />;
  return (
    <Form<{ location_id: string | null }>
      className="form form--sections"
      guardUnsaved
      readOnly={!mayEdit}
      initialValues={{ location_id: product.location_id ?? null }}
      enableReinitialize
      onSubmit={saveAndStay((values) => save.mutateAsync(values.location_id || null), t('common.saved'))}
    >
      <FormSection title={t('products.location.title')} description={t('products.location.hint')}>
        <SelectField
          name="location_id"
          label={t('products.location.id')}
          options={mayReadLocations ? (locations.data ?? []) : withChosen(undefined, product.location_id, (product.location_id && product.names[product.location_id]) || t('form.chosenUnreadable'))}
          emptyLabel={t('products.location.none')}
        />
      </FormSection>
      <FormErrorSummary />
      <FormActions>
        <SubmitButton>{t('common.save')}</SubmitButton>
      </FormActions>
    </Form>
  );
}

export function ProductQuestionsRoute() {
  const { t } = useTranslation();
  const { product } = useProductContext();
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-product'));
  const questions = useProductQuestions(product.id);
  const save = useSaveProductQuestions(product.id);
  if (!questions.data) return <Skeleton lines={4} />;
  return (
    <Form<QuestionValues>
      className="form form--sections"
      guardUnsaved
      readOnly={!mayEdit}
      initialValues={questionValues(questions.data)}
      enableReinitialize
      onSubmit={saveAndStay((values) => save.mutateAsync(questionsFromValues(values)), t('common.saved'))}
    >
      <FormSection title={t('products.questions.title')} description={t('products.questions.hint')}>
        <div className="field--wide">
          <QuestionsEditor />
        </div>
      </FormSection>
      <FormErrorSummary />
      <FormActions>
        <SubmitButton>{t('common.save')}</SubmitButton>
      </FormActions>
    </Form>
  );
}

export function ProductLabelsRoute() {
  const { t } = useTranslation();
  const { product } = useProductContext();
  // The server's PUT checks assign-labels; the label list is asked for only with view-labels (web-090).
  const mayAssign = useAuthStore((state) => can(state.profile, 'assign-labels'));
  const mayReadLabels = useAuthStore((state) => can(state.profile, 'view-labels'));
  const save = useSaveProductLabels(product.id);
  const labels = useLabelChoices(mayReadLabels);
  return (
    <Form<{ label_ids: string[] }>
      className="form form--sections"
      guardUnsaved
      readOnly={!mayAssign}
      initialValues={{ label_ids: product.label_ids }}
      enableReinitialize
      onSubmit={saveAndStay((values) => save.mutateAsync(values.label_ids), t('common.saved'))}
    >
      <FormSection title={t('products.labels.title')} description={t('products.labels.hint')}>
        {mayReadLabels ? (
          <CheckboxListField name="label_ids" label={t('products.labels.ids')} options={labels.data ?? []} />
        ) : (
          <ChosenNamesField label={t('products.labels.ids')} ids={product.label_ids} names={product.names} />
        )}
      </FormSection>
      <FormErrorSummary />
      <FormActions>
        <SubmitButton>{t('common.save')}</SubmitButton>
      </FormActions>
    </Form>
  );
}

/** Who bought the product (decision 1003): read-only. */
export function ProductPurchasesRoute() {
  const { t } = useTranslation();
  const { product } = useProductContext();
  const purchases = useProductPurchases(product.id);
  const questions = useProductQuestions(product.id);
  const titles = Object.fromEntries((questions.data ?? []).map((q) => [q.id ?? '', q.title]));
  return (
    <section className="panel" aria-labelledby="product-purchases">
      <h2 id="product-purchases">{t('products.purchases.title')}</h2>
      {purchases.isPending && <Skeleton lines={4} />}
      {purchases.isError && <p role="alert">{t('products.purchases.error')}</p>}
      {purchases.data && <PurchasesTable purchases={purchases.data} questions={titles} />}
    </section>
  );
}
