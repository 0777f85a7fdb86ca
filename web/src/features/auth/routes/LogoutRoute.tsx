import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/Skeleton';
import { endSession } from '@/lib/session';

export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let active = true;
    void endSession().then(() => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'application' });
      if (active) void navigate('/login', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);

  return <Spinner label={t('auth.logout.busy')} />;
}
