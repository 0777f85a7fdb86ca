/** What the variables are filled with: a customer's names and the application's name. */
export interface Recipient {
  first_name: string;
  last_name: string;
  app_name: string;
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/**
 * Fills {first_name}, {last_name} and {app_name} as the server does for each recipient
 * (domain/notification.Render): unknown names stay as typed, and a variable without a
 * value leaves no double space.
 */
export function renderNotification(text: string, r: Recipient): string {
  const filled = text.replace(PLACEHOLDER, (match, name: string) =>
    name === 'first_name' || name === 'last_name' || name === 'app_name' ? r[name] : match,
  );
  return filled === text ? text : filled.replace(/ {2,}/g, ' ').trim();
}

/** The {names} in a text that are not variables (the server refuses them). */
export function unknownVariables(text: string, variables: string[]): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => !variables.includes(name));
}

/** "2026-12-01T09:30" as a local Date (its own calendar day and time, whatever the browser's zone). */
export function localDateTime(sendOn: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(sendOn);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) : null;
}
