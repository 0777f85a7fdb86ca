import { describe, expect, it } from 'vitest';
import { localDateTime, renderNotification, unknownVariables } from '@/features/notifications/render';

const sample = { first_name: 'Sam', last_name: 'de Vries', app_name: 'Sportief Zwolle' };

describe('renderNotification', () => {
  it('fills the variables as the server does', () => {
    expect(renderNotification('Hallo {first_name} {last_name}, welkom bij {app_name}!', sample)).toBe('Hallo Sam de Vries, welkom bij Sportief Zwolle!');
  });
  it('leaves unknown names and no double spaces', () => {
    expect(renderNotification('Hoi {first_name} {last_name} {voornaam}', { ...sample, last_name: '' })).toBe('Hoi Sam {voornaam}');
    expect(renderNotification('Geen  variabelen', sample)).toBe('Geen  variabelen');
  });
  it('names the unknown variables', () => {
    expect(unknownVariables('{first_name} {voornaam} {app_name}', ['first_name', 'last_name', 'app_name'])).toEqual(['voornaam']);
  });
  it('reads send_on as a local date and time', () => {
    const d = localDateTime('2026-12-01T09:30');
    expect(d?.getDate()).toBe(1);
    expect(d?.getHours()).toBe(9);
    expect(localDateTime('morgen')).toBeNull();
  });
});
