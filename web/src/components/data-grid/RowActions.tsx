import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/ui/Icon';

export interface RowAction {
  label: string;
  icon: IconName;
  /** A link (opening the record) or a button (onClick); one of them. */
  to?: string;
  onClick?: () => void;
  /** Destructive (delete, reject, disable): drawn in the danger colour, and the screen asks first. */
  danger?: boolean;
  disabled?: boolean;
}

/** A row's actions as icon + text buttons; destructive ones in the danger style. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <div className="row-actions">
      {actions.map((action) => {
        const className = `button button--ghost button--small${action.danger ? ' button--danger-ghost' : ''}`;
        const content = (
          <>
            <Icon name={action.icon} size={16} />
            <span>{action.label}</span>
          </>
        );
        return action.to ? (
          <Link key={action.label} className={className} to={action.to}>
            {content}
          </Link>
        ) : (
          <button key={action.label} type="button" className={className} disabled={action.disabled} onClick={action.onClick}>
            {content}
          </button>
        );
      })}
    </div>
  );
}
