import { useTranslation } from 'react-i18next';
import type { CouponStatus } from '@/features/wallets/api/types';
import '@/features/wallets/i18n';

export function CouponStatusBadge({ status }: { status: CouponStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge--coupon-${status}`} data-testid="coupon-status">
      {t(`wallets.coupons.statuses.${status}`, status)}
    </span>
  );
}
