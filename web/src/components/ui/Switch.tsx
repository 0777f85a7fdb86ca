import type { InputHTMLAttributes } from 'react';

type SwitchProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & { label: string; hideLabel?: boolean };

/** A checkbox that looks and announces itself as an on/off switch. */
export function Switch({ label, hideLabel, className, ...input }: SwitchProps) {
  return (
    <label className={`switch ${className ?? ''}`}>
      <input type="checkbox" role="switch" {...input} />
      <span className="switch__track" aria-hidden="true" />
      <span className={hideLabel ? 'visually-hidden' : 'switch__label'}>{label}</span>
    </label>
  );
}
