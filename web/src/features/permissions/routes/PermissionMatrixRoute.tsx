import '@/features/permissions/i18n';
import { useId, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { usePermissionMatrix, useChangePermission, type PermissionMatrix } from '@/features/permissions/api/permissions';
import { cellState, coveredBy, isWildcard, unknownRules, wildcardRules } from '@/features/permissions/components/matrix';
import { SUPERADMIN } from '@/lib/authorization';
import { ruleName } from '@/lib/permission-names';
import { notifySaved } from '@/stores/notification';

interface Change {
  grant: boolean;
  role: string;
  permission: string;
}

/** /admin/permissions: roles × permissions, wildcard rules, grant and revoke with a confirmation (decision 1500). */
export function PermissionMatrixRoute() {
  const { t } = useTranslation();
  const matrix = usePermissionMatrix();
  const change = useChangePermission();
  const [asking, setAsking] = useState<Change | null>(null);
  const header = (
    <PageHeader
      title={t('permissions.title')}
      actions={
        <Link className="button" to="/admin/permissions/why-denied">
          {t('permissions.whyDenied')}
        </Link>
      }
    />
  );
  if (matrix.isPending) {
    return (
      <>
        {header}
        <Skeleton lines={10} />
      </>
    );
  }
  if (!matrix.data) {
    return (
      <>
        {header}
        <EmptyState message={t('permissions.loadFailed')} />
      </>
    );
  }
  const data = matrix.data;
  const roleName = (role: string) => t(`permissions.roles.${role}`, { defaultValue: role });
  const confirm = async () => {
    if (!asking) return;
    const { grant, role, permission } = asking;
    await change.mutateAsync({ grant, rule: { role, permission } });
    setAsking(null);
    notifySaved(t(grant ? 'permissions.granted' : 'permissions.revoked', { role: roleName(role), permission: ruleName(t, permission) }));
  };
  return (
    <>
      {header}
      <p className="field__hint">{t('permissions.intro')}</p>
      <MatrixTable matrix={data} busy={change.isPending} roleName={roleName} onChange={setAsking} />
      <RuleList
        title={t('permissions.wildcards')}
        intro={t('permissions.wildcardsIntro')}
        empty={t('permissions.noWildcards')}
        rules={wildcardRules(data)}
        matrix={data}
        roleName={roleName}
        busy={change.isPending}
        onRevoke={(role, rule) => setAsking({ grant: false, role, permission: rule })}
      />
      {unknownRules(data).length > 0 && (
        <RuleList
          title={t('permissions.unknown')}
          rules={unknownRules(data)}
          matrix={data}
          roleName={roleName}
          busy={change.isPending}
          onRevoke={(role, rule) => setAsking({ grant: false, role, permission: rule })}
        />
      )}
      <GrantRuleForm roles={data.roles} roleName={roleName} busy={change.isPending} onGrant={setAsking} />
      <ConfirmDialog
        open={asking !== null}
        title={
          asking
            ? t(asking.grant ? 'permissions.confirmGrantTitle' : 'permissions.confirmRevokeTitle', {
                role: roleName(asking.role),
                permission: ruleName(t, asking.permission),
              })
            : ''
        }
        body={asking ? consequence(asking, data, roleName, t) : ''}
        tone={asking?.grant ? 'primary' : 'danger'}
        confirmLabel={asking?.grant ? t('permissions.grant') : t('permissions.revoke')}
        busy={change.isPending}
        onConfirm={() => void confirm().catch(() => undefined)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}

/** The confirmation's body: who gains or loses what, and what they keep through other rules. */
function consequence(
  change: Change,
  matrix: PermissionMatrix,
  roleName: (role: string) => string,
  t: TFunction,
): string {
  const role = roleName(change.role);
  // Permissions and rules in words (issue 23); the matrix's rows still show their ids for whoever types a pattern.
  const permission = ruleName(t, change.permission);
  if (isWildcard(change.permission)) {
    const covered = coveredBy(matrix, change.permission);
    const key = change.grant ? 'permissions.confirmGrantPattern' : 'permissions.confirmRevokePattern';
    return t(key, { role, permission, count: covered.length, list: covered.map((rule) => ruleName(t, rule)).join(', ') });
  }
  if (change.grant) return t('permissions.confirmGrant', { role, permission });
  const keeps = cellState(matrix, change.role, change.permission).via;
  const body = t('permissions.confirmRevoke', { role, permission });
  return keeps.length > 0 ? `${body} ${t('permissions.keepsThrough', { rules: keeps.map((rule) => ruleName(t, rule)).join(', ') })}` : body;
}

function MatrixTable({
  matrix,
  busy,
  roleName,
  onChange,
}: {
  matrix: PermissionMatrix;
  busy: boolean;
  roleName: (role: string) => string;
  onChange: (change: Change) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  // A superadmin passes every check whatever the matrix holds: the column would only say so 50 times.
  const roles = matrix.roles.filter((role) => role !== SUPERADMIN);
  return (
    <div className="permission-matrix" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className="table" data-testid="permission-matrix">
        <caption id={`${id}-caption`}>{t('permissions.matrixLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('permissions.permission')}</th>
            {roles.map((role) => (
              <th scope="col" key={role} id={`${id}-role-${role}`}>
                {roleName(role)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.permissions.map((permission) => (
            <tr key={permission}>
              <th scope="row">
                <span id={`${id}-p-${permission}`}>{ruleName(t, permission)}</span> <code className="permission-matrix__id">{permission}</code>
              </th>
              {roles.map((role) => {
                const cell = cellState(matrix, role, permission);
                return (
                  <td key={role}>
                    <label className="permission-matrix__cell">
                      <input
                        type="checkbox"
                        checked={cell.exact}
                        disabled={busy}
                        aria-labelledby={`${id}-p-${permission} ${id}-role-${role}`}
                        onChange={() => onChange({ grant: !cell.exact, role, permission })}
                      />
                      {cell.via.length > 0 && (
                        <span className="permission-matrix__via">{t('permissions.via', { rules: cell.via.map((rule) => ruleName(t, rule)).join(', ') })}</span>
                      )}
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RuleList({
  title,
  intro,
  empty,
  rules,
  matrix,
  roleName,
  busy,
  onRevoke,
}: {
  title: string;
  intro?: string;
  empty?: string;
  rules: { role: string; rule: string }[];
  matrix: PermissionMatrix;
  roleName: (role: string) => string;
  busy: boolean;
  onRevoke: (role: string, rule: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {intro && <p className="field__hint">{intro}</p>}
      {rules.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="permission-rules">
          {rules.map(({ role, rule }) => (
            <li key={`${role} ${rule}`}>
              <strong>{roleName(role)}</strong> {ruleName(t, rule)} <code>{rule}</code>
              {isWildcard(rule) && <span className="field__hint"> {t('permissions.covers', { count: coveredBy(matrix, rule).length })}</span>}{' '}
              {/* A superadmin passes every check whatever its rules: nothing to revoke. */}
              {role !== SUPERADMIN && (
                <button type="button" className="button button--small button--danger-ghost" disabled={busy} onClick={() => onRevoke(role, rule)}>
                  {t('permissions.revokeRule', { rule: ruleName(t, rule), role: roleName(role) })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Grants any rule, a wildcard pattern included; the server checks the pattern's form. */
function GrantRuleForm({
  roles,
  roleName,
  busy,
  onGrant,
}: {
  roles: string[];
  roleName: (role: string) => string;
  busy: boolean;
  onGrant: (change: Change) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const choices = roles.filter((role) => role !== SUPERADMIN);
  const [role, setRole] = useState(choices[0] ?? '');
  const [pattern, setPattern] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pattern.trim()) onGrant({ grant: true, role, permission: pattern.trim() });
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('permissions.grantPattern')}</h2>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-role`}>{t('permissions.role')}</label>
          <select id={`${id}-role`} className="input" value={role} onChange={(event) => setRole(event.target.value)}>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {roleName(choice)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-pattern`}>{t('permissions.pattern')}</label>
          <input
            id={`${id}-pattern`}
            className="input"
            value={pattern}
            aria-describedby={`${id}-pattern-hint`}
            onChange={(event) => setPattern(event.target.value)}
          />
          <p className="field__hint" id={`${id}-pattern-hint`}>
            {t('permissions.patternHint')}
          </p>
        </div>
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy || !pattern.trim()}>
          {t('permissions.grant')}
        </button>
      </div>
    </form>
  );
}
