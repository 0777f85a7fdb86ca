import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/Switch';
import type { Coupon } from '@/features/wallets/api/types';
import { setCouponEnabled } from '@/features/wallets/api/wallets';
import { notifySaved } from '@/stores/notification';
import '@/features/wallets/i18n';

/** Switches one coupon on or off at once; switches back if the server refuses. */
export function CouponEnabledSwitch({
  coupon,
  disabled,
  onChanged,
}: {
  coupon: Coupon;
  disabled?: boolean;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(coupon.is_enabled);
  const [saving, setSaving] = useState(false);
  const toggle = async (next: boolean) => {
    setEnabled(next);
    setSaving(true);
    try {
      await setCouponEnabled(coupon.id, next);
      notifySaved(t(next ? 'wallets.coupons.enableCoupon' : 'wallets.coupons.disableCoupon', { code: coupon.code }));
      onChanged?.();
    } catch {
      setEnabled(!next);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      label={`${t('wallets.coupons.enabled')} ${coupon.code}`}
      hideLabel
      checked={enabled}
      disabled={disabled || saving || coupon.status === 'redeemed'}
      onChange={(event) => void toggle(event.target.checked)}
    />
  );
}
