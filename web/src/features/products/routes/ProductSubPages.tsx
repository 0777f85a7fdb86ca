import { useTranslation } from 'react-i18next';
import { CheckboxListField, Form, FormErrorSummary, SelectField, SubmitButton } from '@/components/form';
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
import { useLocationChoices } from '@/lib/offer-choices';
import { useLabelChoices } from '@/lib/taxonomy';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';

export function ProductLocationRoute() {
  const { t } = useTranslation();
  const { product } = useProductContext();
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-product'));
  const save = useSetProductLocation(product.id);
  const locations = useLocationChoices(product.organization_id);
  if (locations.isPending) return <Skeleton lines={2} />;
  return (
    <Form<{ location_id: string | null }>
      initialValues={{ location_id: product.location_id ?? null }}
      enableReinitialize
      onSubmit={async (values) => {
        await save.mutateAsync(values.location_id || null);
        notifySaved(t('common.saved'));
      }}
    >
      <h2>{t('products.location.title')}</h2>
      <SelectField name="location_id" label={t('products.location.id')} options={locations.data ?? []} emptyLabel={t('products.location.none')} />
      <FormErrorSummary />
      <div className="form__actions">{mayEdit && <SubmitButton>{t('common.save')}</SubmitButton>}</div>
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
      initialValues={questionValues(questions.data)}
      enableReinitialize
      onSubmit={async (values) => {
        await save.mutateAsync(questionsFromValues(values));
        notifySaved(t('common.saved'));
      }}
    >
      <h2>{t('products.questions.title')}</h2>
      <QuestionsEditor />
      <FormErrorSummary />
      <div className="form__actions">{mayEdit && <SubmitButton>{t('common.save')}</SubmitButton>}</div>
    </Form>
  );
}

export function ProductLabelsRoute() {
  const { t } = useTranslation();
  const { product } = useProductContext();
  const mayAssign = useAuthStore((state) => can(state.profile, 'assign-labels'));
  const save = useSaveProductLabels(product.id);
  const labels = useLabelChoices();
  return (
    <Form<{ label_ids: string[] }>
      initialValues={{ label_ids: product.label_ids }}
      enableReinitialize
      onSubmit={async (values) => {
        await save.mutateAsync(values.label_ids);
        notifySaved(t('common.saved'));
      }}
    >
      <h2>{t('products.labels.title')}</h2>
      <CheckboxListField name="label_ids" label={t('products.labels.ids')} options={labels.data ?? []} />
      <FormErrorSummary />
      <div className="form__actions">{mayAssign && <SubmitButton>{t('common.save')}</SubmitButton>}</div>
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
