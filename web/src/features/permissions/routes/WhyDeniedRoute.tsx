import '@/features/permissions/i18n';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useAccessExplanation,
  useOrganizationChoices,
  usePermissionMatrix,
  type AccessExplanation,
  type AccessQuestion,
  type AccessRemedy,
} from '@/features/permissions/api/permissions';
import { ApiError } from '@/lib/api-client';
import { knownPermissions, permissionName, ruleName, sortByName } from '@/lib/permission-names';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

const FIELDS = ['permission', 'route', 'organization_id', 'email', 'application_id'] as const;

/** /why-denied: any logged-in user asks about themself, here (decision 1500). */
export function WhyDeniedRoute() {
  return <WhyDenied admin={false} />;
}

/** /admin/permissions/why-denied: a superadmin asks about anyone, in any application. */
export function AdminWhyDeniedRoute() {
  return <WhyDenied admin />;
}

function questionFrom(params: URLSearchParams): AccessQuestion | null {
  const question: AccessQuestion = {};
  for (const field of FIELDS) {
    const value = params.get(field)?.trim();
    if (value) question[field] = value;
  }
  return question.permission || question.route ? question : null;
}

function WhyDenied({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const question = useMemo(() => questionFrom(params), [params]);
  const user = useAuthStore((state) => state.user);
  const profile = useAuthStore((state) => state.profile);
  const currentApplication = useContextStore((state) => state.applicationId) ?? '';
  const [draft, setDraft] = useState<Record<(typeof FIELDS)[number], string>>(() => ({
    permission: params.get('permission') ?? '',
    route: params.get('route') ?? '',
    organization_id: params.get('organization_id') ?? '',
    email: params.get('email') ?? '',
    application_id: params.get('application_id') ?? currentApplication,
  }));
  const [missing, setMissing] = useState(false);
  const matrix = usePermissionMatrix(admin);
  const adminOrganizations = useOrganizationChoices(admin ? draft.application_id : '');
  const organizations = admin ? (adminOrganizations.data ?? []) : (profile?.organizations ?? []);
  const answer = useAccessExplanation(question);
  // Permissions are chosen by their phrase, never typed as ids (issue 23): the matrix's list
  // for a superadmin, else every permission the SPA has words for.
  const permissions = useMemo(() => {
    const list = admin && matrix.data ? sortByName(t, matrix.data.permissions) : knownPermissions(t);
    return draft.permission && !list.includes(draft.permission) ? [draft.permission, ...list] : list;
  }, [admin, matrix.data, t, draft.permission]);
  const set = (field: (typeof FIELDS)[number]) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.permission.trim() && !draft.route.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const next = new URLSearchParams();
    for (const field of FIELDS) {
      if (!admin && (field === 'email' || field === 'application_id')) continue;
      const value = draft[field].trim();
      if (value) next.set(field, value);
    }
    setParams(next);
  };

  return (
    <>
      <PageHeader
        title={t('permissions.whyDenied')}
        actions={
          admin && (
            <Link className="button" to="/admin/permissions">
              {t('permissions.openMatrix')}
            </Link>
          )
        }
      />
      <p className="field__hint">{admin ? t('permissions.whyDeniedIntro') : t('permissions.whyDeniedOwnIntro')}</p>
      <form className="panel why-denied__form" onSubmit={submit} noValidate>
        {admin && (
          <div className="form__row">
            <div className="field">
              <label htmlFor={`${id}-email`}>{t('permissions.email')}</label>
              <input
                id={`${id}-email`}
                className="input"
                type="email"
                value={draft.email}
                aria-describedby={`${id}-email-hint`}
                onChange={(event) => set('email')(event.target.value)}
              />
              <p className="field__hint" id={`${id}-email-hint`}>
                {t('permissions.emailHint')}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${id}-application`}>{t('permissions.application')}</label>
              <select
                id={`${id}-application`}
                className="input"
                value={draft.application_id}
                onChange={(event) => setDraft((current) => ({ ...current, application_id: event.target.value, organization_id: '' }))}
              >
                {(user?.applications ?? []).map((application) => (
                  <option key={application.id} value={application.id}>
                    {application.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-organization`}>{t('permissions.organization')}</label>
            <select
              id={`${id}-organization`}
              className="input"
              value={draft.organization_id}
              onChange={(event) => set('organization_id')(event.target.value)}
            >
              <option value="">{t('permissions.noOrganization')}</option>
              {organizations.map((organization) => (
                <option key={organization.id} value={organization.id}>
                  {organization.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-permission`}>{t('permissions.ability')}</label>
            <select
              id={`${id}-permission`}
              className="input"
              value={draft.permission}
              aria-invalid={missing || undefined}
              onChange={(event) => set('permission')(event.target.value)}
            >
              <option value="" />
              {permissions.map((permission) => (
                <option key={permission} value={permission}>
                  {permissionName(t, permission)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-route`}>{t('permissions.route')}</label>
            <input
              id={`${id}-route`}
              className="input"
              value={draft.route}
              aria-describedby={`${id}-route-hint`}
              onChange={(event) => set('route')(event.target.value)}
            />
            <p className="field__hint" id={`${id}-route-hint`}>
              {t('permissions.routeHint')}
            </p>
          </div>
        </div>
        {missing && (
          <p className="field__error" role="alert">
            {t('permissions.needOne')}
          </p>
        )}
        <div className="form__actions">
          <button type="submit" className="button button--primary">
            {t('permissions.ask')}
          </button>
        </div>
      </form>
      {question && answer.isPending && <Skeleton lines={4} />}
      {question && answer.error && (
        <p className="field__error" role="alert">
          {answer.error instanceof ApiError ? [answer.error.message, ...Object.values(answer.error.fields ?? {})].join(' ') : t('permissions.failed')}
        </p>
      )}
      {question && answer.data && <Explanation answer={answer.data} />}
    </>
  );
}

function Explanation({ answer }: { answer: AccessExplanation }) {
  const { t } = useTranslation();
  const roleName = (role: string) => t(`permissions.roles.${role}`, { defaultValue: role });
  const organizationName = answer.grants.find((grant) => grant.organization_id === answer.organization_id)?.organization_name;
  const askedOrganization =
    organizationName ||
    answer.remedies.find((remedy) => remedy.organization_id === answer.organization_id)?.organization_name ||
    answer.organization_id;
  const where = answer.organization_id
    ? t('permissions.inOrganization', { organization: askedOrganization })
    : t('permissions.inApplication');
  const name = answer.user.name || answer.user.email;
  const grantWhere = (organization: string, role: string) =>
    organization
      ? t('permissions.grantWhere', { organization })
      : role === 'superadmin'
        ? ''
        : t('permissions.grantWhereApplication');
  const ids = [answer.permission, ...answer.allowed_by.map((reason) => reason.rule), ...answer.remedies.map((remedy) => remedy.rule)];
  return (
    <>
      <section className={`panel why-denied__answer why-denied__answer--${answer.allowed ? 'allowed' : 'denied'}`} aria-live="polite" data-testid="why-denied-answer">
        <h2>{t(answer.allowed ? 'permissions.allowed' : 'permissions.denied', { name, permission: permissionName(t, answer.permission), where })}</h2>
        {answer.allowed ? (
          <>
            <h3>{t('permissions.allowedBy')}</h3>
            <ul>
              {answer.allowed_by.map((reason) => (
                <li key={`${reason.role} ${reason.organization_id} ${reason.rule}`}>
                  {reason.role === 'superadmin'
                    ? t('permissions.superadminRule')
                    : t('permissions.grantRule', {
                        role: roleName(reason.role),
                        where: grantWhere(reason.organization_name || reason.organization_id, reason.role),
                        rule: ruleName(t, reason.rule),
                      })}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <h3>{t('permissions.theirRoles')}</h3>
            {answer.grants.length === 0 ? (
              <p>{t('permissions.noRoles')}</p>
            ) : (
              <ul>
                {answer.grants.map((grant) => (
                  <li key={`${grant.role} ${grant.organization_id}`}>
                    {roleName(grant.role)}
                    {grantWhere(grant.organization_name || grant.organization_id, grant.role)}
                  </li>
                ))}
              </ul>
            )}
            <h3>{t('permissions.whatWouldAllow')}</h3>
            {answer.remedies.length === 0 ? (
              <p>{t('permissions.noRemedy')}</p>
            ) : (
              <ul>
                {answer.remedies.map((remedy) => (
                  <Remedy key={`${remedy.kind} ${remedy.role} ${remedy.rule}`} remedy={remedy} roleName={roleName} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      {/* The ids stay at hand for whoever answers a support question, folded away (issue 23). */}
      <details className="why-denied__support" data-testid="why-denied-support">
        <summary>{t('forbidden.supportSummary')}</summary>
        <p>
          {t('forbidden.supportIds')}{' '}
          {[...new Set(ids)].map((rule, index) => (
            <span key={rule}>
              {index > 0 && ', '}
              <code>{rule}</code>
            </span>
          ))}
        </p>
      </details>
    </>
  );
}

function Remedy({ remedy, roleName }: { remedy: AccessRemedy; roleName: (role: string) => string }) {
  const { t } = useTranslation();
  const what =
    remedy.kind === 'grant_role'
      ? t(`permissions.remedy.grant_role.${remedy.role}`, {
          rule: ruleName(t, remedy.rule),
          organization: remedy.organization_name || t('permissions.anOrganization'),
        })
      : t('permissions.remedy.extend_role', { rule: ruleName(t, remedy.rule), role: roleName(remedy.role) });
  const people = remedy.grantors.map((person) => `${person.name || person.email} (${person.email})`).join(', ');
  return (
    <li>
      {what}{' '}
      <span className="field__hint">
        {people ? t('permissions.whoCan', { people }) : t('permissions.whoCanNobody')} ({t(`permissions.through.${remedy.through}`, { defaultValue: remedy.through })})
      </span>
    </li>
  );
}
