/** Spaces removed and upper-cased, as the server stores it (domain/organization NormalizeIBAN). */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;

/**
 * The server's IBAN check (domain/organization ValidIBAN): country, two check digits and
 * 11–30 letters or digits, and the ISO 7064 mod-97 remainder of the rearranged number is 1.
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!SHAPE.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Groups of four for reading, e.g. "NL91 ABNA 0417 1643 00". */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}
