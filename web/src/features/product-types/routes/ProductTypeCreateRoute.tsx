import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Form, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { useCreateProductType } from '@/features/product-types/api/product-types';
import type { ProductTypeInput } from '@/features/product-types/api/types';
import { emptyProductType, ProductTypeInputs, productTypeSchema } from '@/features/product-types/components/ProductTypeInputs';
import { notifySaved } from '@/stores/notification';

export function ProductTypeCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProductType();

  return (
    <>
      <PageHeader title={t('productTypes.createTitle')} />
      <Form<ProductTypeInput>
        initialValues={emptyProductType}
        validationSchema={productTypeSchema(t)}
        onSubmit={async (values) => {
          await create.mutateAsync({ ...values, name: values.name.trim() });
          notifySaved(t('common.saved'));
          await navigate('/admin/product-types');
        }}
      >
        <ProductTypeInputs />
        <FormErrorSummary />
        <div className="form__actions">
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to="/admin/product-types">{t('common.cancel')}</Link>
        </div>
      </Form>
    </>
  );
}
