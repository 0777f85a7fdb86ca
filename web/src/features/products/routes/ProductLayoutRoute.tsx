import { useTranslation } from 'react-i18next';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { useProduct } from '@/features/products/api/products';
import type { Product } from '@/features/products/api/types';
import { ProductTabs } from '@/features/products/components/ProductTabs';
import '@/features/products/i18n';

export interface ProductContext {
  product: Product;
  /** /organizations/{org}/products/{id}. */
  base: string;
}

export function useProductContext(): ProductContext {
  return useOutletContext<ProductContext>();
}

/** One product: its name, the tabs and the chosen sub-page. */
export function ProductLayoutRoute() {
  const { t } = useTranslation();
  const { organizationId = '', productId = '' } = useParams();
  const product = useProduct(productId);
  const list = `/organizations/${organizationId}/products`;
  const base = `${list}/${productId}`;
  return (
    <>
      <PageHeader
        title={product.data?.name ?? t('products.title')}
        actions={
          <>
            <HistoryLink entityType="product" entityId={product.data?.id} />
            <Link className="button button--ghost" to={list}>
              {t('products.backToList')}
            </Link>
          </>
        }
      />
      {product.isPending && <Skeleton lines={8} />}
      {product.isError && <EmptyState message={t('products.notFound')} />}
      {product.data && (
        <>
          <ProductTabs base={base} name={product.data.name} />
          <Outlet context={{ product: product.data, base } satisfies ProductContext} />
        </>
      )}
    </>
  );
}
