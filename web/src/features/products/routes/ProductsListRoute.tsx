import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { applicationProducts, organizationProducts } from '@/features/products/api/products';
import type { Product } from '@/features/products/api/types';
import { can } from '@/lib/authorization';
import { useProductTypeChoices, useSportChoices } from '@/lib/offer-choices';
import { useLabelChoices } from '@/lib/taxonomy';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuthStore } from '@/stores/auth';
import '@/features/products/i18n';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

/** Filters draft, product type, sport and label over a list of products. */
function ProductList({ organizationId }: { organizationId?: string }) {
  const { t } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [draft, setDraft] = useState('');
  const [type, setType] = useState('');
  const [sport, setSport] = useState('');
  const [label, setLabel] = useState('');
  const mayFilterByLabel = can(profile, 'view-labels');
  const labels = useLabelChoices(mayFilterByLabel);
  const sports = useSportChoices();
  const types = useProductTypeChoices();
  const typeName = useMemo(() => new Map((types.data ?? []).map((choice) => [choice.value, choice.label])), [types.data]);
  const filter = useMemo(
    () => ({ draft: draft || undefined, product_type_id: type || undefined, sport_id: sport || undefined, label_id: label || undefined }),
    [draft, type, sport, label],
  );
  const source = useMemo(() => (organizationId ? organizationProducts(organizationId) : applicationProducts), [organizationId]);
  const columns = useMemo<DataGridColumn<Product>[]>(
    () => [
      {
        field: 'name',
        header: t('products.fields.name'),
        sortable: true,
        flex: 2,
        render: (product) =>
          organizationId ? <Link to={`/organizations/${organizationId}/products/${product.id}`}>{product.name}</Link> : product.name,
      },
      {
        field: 'product_type_id',
        header: t('products.fields.product_type_id'),
        flex: 1,
        render: (product: Product) => typeName.get(product.product_type_id) ?? '—',
      },
      ...(organizationId ? [] : [{ field: 'organization_name', header: t('products.fields.organization'), flex: 1 }]),
      {
        field: 'spots',
        header: t('products.fields.spots'),
        width: 150,
        render: (product: Product) => (product.spots == null ? t('products.unlimited') : String(product.spots)),
      },
      {
        field: 'draft',
        header: t('products.draft'),
        width: 150,
        render: (product: Product) => (product.draft ? t('products.draft') : t('products.published')),
      },
    ],
    [t, organizationId, typeName],
  );
  const newProduct = organizationId && can(profile, 'create-products') && (
    <Link className="button button--primary" to={`/organizations/${organizationId}/products/create`}>
      {t('products.create')}
    </Link>
  );
  const select = (labelText: string, value: string, onChange: (value: string) => void, all: string, choices: { value: string; label: string }[]) => (
    <select className="input input--inline" aria-label={labelText} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{all}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
  return (
    <>
      <PageHeader
        title={organizationId ? t('products.title') : t('products.applicationTitle')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            {select(t('products.draft'), draft, setDraft, t('products.allDrafts'), [
              { value: 'true', label: t('products.onlyDrafts') },
              { value: 'false', label: t('products.onlyPublished') },
            ])}
            {select(t('products.fields.product_type_id'), type, setType, t('products.allTypes'), types.data ?? [])}
            {select(t('products.fields.sport_id'), sport, setSport, t('products.allSports'), sports.data ?? [])}
            {mayFilterByLabel && select(t('products.labelFilter'), label, setLabel, t('products.everyLabel'), labels.data ?? [])}
            {newProduct}
          </>
        }
      />
      <DataGrid<Product>
        label={t('products.title')}
        columns={columns}
        source={source}
        getRowId={(product) => product.id}
        search={debouncedSearch}
        filter={filter}
        defaultSort={NAME_SORT}
        emptyMessage={t('products.empty')}
        emptyAction={newProduct}
        filtered={Boolean(draft || type || sport || label)}
        onClearSearch={() => {
          setSearch('');
          setDraft('');
          setType('');
          setSport('');
          setLabel('');
        }}
        // The application's list has no product page of its own: only an organisation's rows open.
        rowHref={organizationId ? (product) => `/organizations/${organizationId}/products/${product.id}` : undefined}
      />
    </>
  );
}

export function ProductsListRoute() {
  const { organizationId = '' } = useParams();
  return <ProductList organizationId={organizationId} />;
}

export function ApplicationProductsRoute() {
  return <ProductList />;
}
