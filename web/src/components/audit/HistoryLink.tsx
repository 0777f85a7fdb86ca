import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { can } from '@/lib/authorization';
import { switchApplication } from '@/lib/session';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

/** Where an entity's history opens in the audit area (decision 1401): its stream's prefix and id. */
export function historyPath(entityType: string, entityId: string): string {
  return `/application/audit/entities/${encodeURIComponent(entityType)}/${encodeURIComponent(entityId)}`;
}

export interface HistoryLinkProps {
  /** The entity type as the audit area names it: the stream's prefix ("organization", "cancellation_term"). */
  entityType: string;
  /** The entity's id; nothing shows without one (a create screen). */
  entityId: string | null | undefined;
  /**
   * The application the entity belongs to, when it may differ from the one the user works
   * in (the superadmin's screens): the link then switches to it first, as the application
   * switcher does, since the audit area reads the current application's log.
   */
  applicationId?: string;
  /** A label of its own where a screen has two histories (a session and its series). */
  label?: string;
}

/**
 * The "History" action of a detail screen (decision web-035): opens the entity's history in
 * the audit area, with its state as of a moment and the difference of two. Shown only to
 * users with `view-audit`.
 */
export function HistoryLink({ entityType, entityId, applicationId, label }: HistoryLinkProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useAuthStore((state) => state.profile);
  const current = useContextStore((state) => state.applicationId);
  if (!entityId || !can(profile, 'view-audit')) return null;
  const to = historyPath(entityType, entityId);
  const elsewhere = Boolean(applicationId) && applicationId !== current;

  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!elsewhere || !applicationId) return;
    event.preventDefault();
    await switchApplication(queryClient, applicationId);
    await navigate(to);
  };

  return (
    <Link className="button button--ghost" to={to} onClick={(event) => void open(event)} data-testid="history-link">
      {label ?? t('common.history')}
    </Link>
  );
}
