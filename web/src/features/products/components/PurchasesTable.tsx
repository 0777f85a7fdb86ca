import { useTranslation } from 'react-i18next';
import { CustomerLink } from '@/components/customer/CustomerLink';
import { EmptyState } from '@/components/ui/EmptyState';
import type { ProductPurchases } from '@/features/products/api/types';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import '@/features/products/i18n';

/** The purchases of a product: spots taken, then buyer, status, bought and paid at, answers (by question title). */
export function PurchasesTable({ purchases, questions }: { purchases: ProductPurchases; questions: Record<string, string> }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const taken = purchases.taken;
  return (
    <>
      <p data-testid="purchases-counts">
        {purchases.spots == null
          ? t('products.purchases.countsUnlimited', { taken })
          : t('products.purchases.counts', { taken, spots: purchases.spots })}
      </p>
      {purchases.purchases.length === 0 ? (
        <EmptyState message={t('products.purchases.empty')} />
      ) : (
        <table className="table" data-testid="purchases" tabIndex={0} aria-label={t('products.purchases.table')}>
          <thead>
            <tr>
              <th scope="col">{t('products.purchases.buyer')}</th>
              <th scope="col">{t('products.purchases.email')}</th>
              <th scope="col">{t('products.purchases.status')}</th>
              <th scope="col">{t('products.purchases.boughtAt')}</th>
              <th scope="col">{t('products.purchases.paidAt')}</th>
              <th scope="col">{t('products.purchases.answers')}</th>
            </tr>
          </thead>
          <tbody>
            {purchases.purchases.map((p) => {
              const name = `${p.first_name} ${p.last_name}`.trim();
              return (
                <tr key={p.purchase_id}>
                  <td>
                    <CustomerLink customerId={p.customer_id}>{name || t('products.purchases.erased')}</CustomerLink>
                  </td>
                  <td>{p.email}</td>
                  <td>{t(`products.purchases.statuses.${p.status}`, { defaultValue: p.status })}</td>
                  <td>{formatDateTime(p.bought_at, language)}</td>
                  <td>{p.paid_at ? formatDateTime(p.paid_at, language) : t('products.purchases.notPaid')}</td>
                  <td>
                    {(p.answers ?? []).map((a, i) => (
                      <span key={`${a.question_id}-${i}`} className="purchase-answer">
                        {i > 0 && '; '}
                        {questions[a.question_id] ? `${questions[a.question_id]}: ` : ''}
                        {a.value}
                      </span>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
