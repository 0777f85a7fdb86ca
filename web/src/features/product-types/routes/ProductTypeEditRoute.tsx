import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { useProductType, useUpdateProductType } from '@/features/product-types/api/product-types';
import type { ProductTypeInput } from '@/features/product-types/api/types';
import { ProductTypeInputs, productTypeSchema } from '@/features/product-types/components/ProductTypeInputs';
import { notifySaved } from '@/stores/notification';

export function ProductTypeEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { typeId = '' } = useParams();
  const { data: row, isPending, isError } = useProductType(typeId);
  const update = useUpdateProductType();

  return (
    <>
      <PageHeader title={t('productTypes.editTitle')} />
      {isPending && <Skeleton lines={3} />}
      {isError && <Link to="/admin/product-types">{t('common.back')}</Link>}
      {row && (
        <Form<ProductTypeInput>
          initialValues={{ name: row.name }}
          validationSchema={productTypeSchema(t)}
          onSubmit={async (values) => {
            await update.mutateAsync({ id: row.id, input: { ...values, name: values.name.trim(), version: row.version } });
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
      )}
    </>
  );
}
