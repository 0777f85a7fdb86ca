import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@/features/orders/api/types';
import '@/features/orders/i18n';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge--order-${status}`} data-testid="order-status">
      {t(`orders.statuses.${status}`, status)}
    </span>
  );
}
