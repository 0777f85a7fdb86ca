import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';

/** What the user may do with wallets beyond viewing them (buttons they lack are hidden). */
export function useWalletPermissions() {
  const profile = useAuthStore((state) => state.profile);
  return { manage: can(profile, 'manage-wallets'), redeem: can(profile, 'redeem-coupons') };
}
