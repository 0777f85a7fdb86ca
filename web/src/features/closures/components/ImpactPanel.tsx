import { useTranslation } from 'react-i18next';
import type { ClosureImpact } from '@/features/closures/api/closures';
import { formatMoney } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import '@/features/closures/i18n';

/** What a closure does, as the server counted it: sessions, participants, waiting lists, refunds, and the sessions themselves. */
export function ImpactPanel({ impact }: { impact: ClosureImpact }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === 'en' ? 'en' : 'nl') as Language;
  return (
    <section className="panel closure-impact" aria-labelledby="closure-impact" data-testid="closure-impact">
      <h2 id="closure-impact">{t('closures.impactTitle')}</h2>
      <div role="status">
        {impact.sessions === 0 ? (
          <p>{t('closures.impactNone')}</p>
        ) : (
          <>
            <p>{t('closures.impactSessions', { count: impact.sessions })}</p>
            <p>{t('closures.impactParticipants', { participants: impact.participants, waiting: impact.waiting })}</p>
            {/* Bundle holders keep their bundle without the closed sessions, and are mailed (decision 1770). */}
            {impact.bundle_holders > 0 && <p>{t('closures.impactBundleHolders', { count: impact.bundle_holders })}</p>}
            {impact.refunds.orders > 0 && (
              <p>
                {t('closures.impactRefunds', {
                  count: impact.refunds.orders,
                  euros: formatMoney(impact.refunds.euro_cents, language),
                  moves: impact.refunds.moves,
                })}
              </p>
            )}
            {impact.refunds.open_orders > 0 && <p>{t('closures.impactOpen', { count: impact.refunds.open_orders })}</p>}
            {impact.sessions > impact.max_sessions && (
              <p className="notice notice--warning">{t('closures.impactTooMany', { max: impact.max_sessions })}</p>
            )}
            <p>{t('closures.laterSessions')}</p>
          </>
        )}
      </div>
      {impact.list.length > 0 && (
        <>
          {impact.list.length < impact.sessions && <p>{t('closures.impactListed', { shown: impact.list.length, count: impact.sessions })}</p>}
          <table className="table" data-testid="closure-sessions">
            <thead>
              <tr>
                <th scope="col">{t('closures.session.date')}</th>
                <th scope="col">{t('closures.session.time')}</th>
                <th scope="col">{t('closures.session.activity')}</th>
                <th scope="col">{t('closures.session.participants')}</th>
                <th scope="col">{t('closures.session.waiting')}</th>
                <th scope="col">{t('closures.session.bundleHolders')}</th>
              </tr>
            </thead>
            <tbody>
              {impact.list.map((session) => (
                <tr key={session.id}>
                  <td>{new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nl-NL', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${session.date}T00:00:00Z`))}</td>
                  <td>
                    {session.start_time}–{session.end_time}
                  </td>
                  <td>{session.activity_name}</td>
                  <td>{session.participants}</td>
                  <td>{session.waiting}</td>
                  <td>{session.bundle_holders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
