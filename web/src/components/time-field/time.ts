/**
 * A typed time of day as "HH:MM" on the 24-hour clock, or null when it is not one.
 * People type times many ways: "19:30", "19.30", "1930", "930", "9", "9u30", "19h30".
 */
export function normalizeTime(text: string): string | null {
  const value = text.trim().toLowerCase();
  let hours: number;
  let minutes: number;
  const digits = /^(\d{1,4})$/.exec(value);
  const separated = /^(\d{1,2})\s*[:.,hu ]\s*(\d{2})$/.exec(value);
  if (digits) {
    const d = digits[1];
    hours = Number(d.length <= 2 ? d : d.slice(0, d.length - 2));
    minutes = d.length <= 2 ? 0 : Number(d.slice(-2));
  } else if (separated) {
    hours = Number(separated[1]);
    minutes = Number(separated[2]);
  } else {
    return null;
  }
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
