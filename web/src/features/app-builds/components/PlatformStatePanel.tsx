import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlatformState } from '@/features/app-builds/api/appBuilds';
import '@/features/app-builds/i18n';

/** What the platform's next build would be, and what keeps it from starting. */
export function PlatformStatePanel({ state }: { state: PlatformState }) {
  const { t } = useTranslation();
  const platform = t(`appBuilds.platforms.${state.platform}`);
  return (
    <section className="panel build-state" aria-label={t('appBuilds.state.label', { platform })}>
      <dl className="build-state__facts">
        <dt>{t('appBuilds.state.nextBuild')}</dt>
        <dd>{state.next_build_number}</dd>
        <dt>{t('appBuilds.state.released')}</dt>
        <dd>{state.released_version ?? t('appBuilds.state.none')}</dd>
      </dl>
      {state.running && (
        <p role="status">
          {t('appBuilds.state.running', { platform })} <Link to="/application/builds/overview">{t('appBuilds.state.follow')}</Link>
        </p>
      )}
      {state.missing.length > 0 && (
        <p data-testid="missing-settings">
          {t('appBuilds.state.missing', {
            platform,
            fields: state.missing.map((field) => t(`appBuilds.fields.${field}`)).join(', '),
          })}{' '}
          <Link to="/application/builds">{t('appBuilds.state.fillIn')}</Link>
        </p>
      )}
    </section>
  );
}
