import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';

/** The permission of a customer's page: the support line's, the orders' (decision 1710). */
export const CUSTOMER_PAGE_ABILITY = 'view-application-orders';

/** Where a customer's page is (the application area's; decision 1710). */
export function customerPath(customerId: string): string {
  return `/application/customers/${encodeURIComponent(customerId)}`;
}

/**
 * A customer's name wherever a list names one: a link to their page when the person has an
 * account (staff add participants without one) and the user may see the page; else the
 * name as text. The link's name is the visible name (WCAG 2.5.3). With `label`, the link
 * holds an icon only (the door, where the name is the check-in button): `label` names it,
 * and nothing shows when there is no page to open.
 */
export function CustomerLink({ customerId, label, children }: { customerId?: string | null; label?: string; children: ReactNode }) {
  const profile = useAuthStore((state) => state.profile);
  if (!customerId || !can(profile, CUSTOMER_PAGE_ABILITY)) return label ? null : <>{children}</>;
  return (
    <Link
      className={label ? 'customer-link customer-link--icon' : 'customer-link'}
      aria-label={label}
      to={customerPath(customerId)}
      onClick={(event) => event.stopPropagation()}
    >
      {children}
    </Link>
  );
}
