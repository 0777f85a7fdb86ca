import { useTranslation } from 'react-i18next';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import type { Coupon } from '@/features/wallets/api/types';
import { useCouponHistory } from '@/features/wallets/api/wallets';
import { CouponTimeline } from '@/features/wallets/components/CouponTimeline';
import '@/features/wallets/i18n';

/** Who created, enabled, disabled, redeemed and credited a coupon, and when. */
export function CouponHistoryDialog({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useCouponHistory(coupon?.id ?? null);
  return (
    <Dialog open={coupon !== null} title={t('wallets.history.title', { code: coupon?.code ?? '' })} onClose={onClose} wide>
      {history.isPending ? <Skeleton lines={4} /> : history.data && <CouponTimeline events={history.data} />}
      <div className="dialog__actions">
        <HistoryLink entityType="coupon" entityId={coupon?.id} label={t('wallets.history.audit')} />
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
