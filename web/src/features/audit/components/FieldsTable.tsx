import { useTranslation } from 'react-i18next';

/** An entity's fields at a moment, read-only. */
export function FieldsTable({ fields, caption }: { fields: { path: string; value: string }[]; caption: string }) {
  const { t } = useTranslation();
  // Scrolls sideways on a phone: focusable so the keyboard can scroll it (axe scrollable-region-focusable).
  return (
    <table className="table" data-testid="audit-fields" tabIndex={0}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('audit.field')}</th>
          <th scope="col">{t('audit.value')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.path} data-field={field.path}>
            <th scope="row">
              <code>{field.path}</code>
            </th>
            <td>{field.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
