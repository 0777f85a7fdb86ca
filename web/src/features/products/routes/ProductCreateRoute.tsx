import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { useCreateProduct } from '@/features/products/api/products';
import type { ProductInput } from '@/features/products/api/types';
import { ProductInputs, emptyProduct, productSchema } from '@/features/products/components/ProductInputs';
import { notifySaved } from '@/stores/notification';
import '@/features/products/i18n';

export function ProductCreateRoute() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateProduct(organizationId);
  const list = `/organizations/${organizationId}/products`;
  return (
    <>
      <PageHeader title={t('products.createTitle')} />
      <Form<ProductInput>
        className="form form--sections"
        guardUnsaved
        initialValues={emptyProduct}
        validationSchema={productSchema(t)}
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values);
          notifySaved(t('common.saved'));
          void navigate(`${list}/${created.data.id}`);
        }}
      >
        <ProductInputs />
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to={list}>{t('common.cancel')}</Link>
        </FormActions>
      </Form>
    </>
  );
}
