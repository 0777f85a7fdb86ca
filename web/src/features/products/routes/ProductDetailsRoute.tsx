import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton, saveAndStay } from '@/components/form';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useDeleteProduct, useProductDeleteImpact, useUpdateProduct } from '@/features/products/api/products';
import type { ProductInput } from '@/features/products/api/types';
import { ProductInputs, productSchema, productValues } from '@/features/products/components/ProductInputs';
import { useProductContext } from '@/features/products/routes/ProductLayoutRoute';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';

export function ProductDetailsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { product, base } = useProductContext();
  const profile = useAuthStore((state) => state.profile);
  const mayEdit = can(profile, 'edit-product');
  const update = useUpdateProduct(product.id);
  const remove = useDeleteProduct(product.id);
  const [confirming, setConfirming] = useState(false);
  // The impact is asked when the dialog opens, so the confirmation says what goes with it.
  const impact = useProductDeleteImpact(product.id, confirming);
  const labels = impact.data?.labels ?? [];
  const purchases = (impact.data?.purchases_confirmed ?? 0) + (impact.data?.purchases_held ?? 0);
  return (
    <>
      <Form<ProductInput>
        className="form form--sections"
        guardUnsaved
        // The server's PATCH and DELETE check edit-product; view-product reads (web-090).
        readOnly={!mayEdit}
        initialValues={productValues(product)}
        enableReinitialize
        validationSchema={productSchema(t)}
        onSubmit={saveAndStay((values) => update.mutateAsync({ ...values, version: product.version }), t('common.saved'))}
      >
        <ProductInputs imageUrl={product.image_url} product={product} />
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            {t('products.delete')}
          </button>
        </FormActions>
      </Form>
      {mayEdit && (
        <ConfirmDialog
          open={confirming}
          title={t('products.delete')}
          body={[
            t('products.deleteConfirm', { name: product.name }),
            labels.length > 0 ? t('products.deleteLabels', { labels: labels.join(', ') }) : '',
            purchases > 0 ? t('products.deletePurchases', { confirmed: impact.data?.purchases_confirmed ?? 0, held: impact.data?.purchases_held ?? 0 }) : '',
          ]
            .filter(Boolean)
            .join(' ')}
          busy={remove.isPending || impact.isFetching}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate(product.version, { onSuccess: () => void navigate(base.slice(0, base.lastIndexOf('/'))) })}
        />
      )}
    </>
  );
}
