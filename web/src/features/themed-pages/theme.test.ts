import { describe, expect, it } from 'vitest';
import { contrast, pageTheme, readableOn, rgbOnWhite } from '@/features/themed-pages/theme';

describe('the theme of a themed page', () => {
  it('reads #RRGGBB and #RRGGBBAA (blended over white)', () => {
    expect(rgbOnWhite('#0A7F3F')).toEqual([10, 127, 63]);
    expect(rgbOnWhite('#00000080')).toEqual([127, 127, 127]);
    expect(rgbOnWhite('red')).toBeNull();
  });

  it('picks the text colour that reads best, at least 4.5:1 on the usual brand colours', () => {
    for (const color of ['#0A7F3F', '#FFCC00', '#1f6feb', '#000000', '#ffffff', '#e4002b']) {
      const text = readableOn(color);
      expect(contrast(rgbOnWhite(color)!, rgbOnWhite(text)!)).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableOn('#FFCC00')).toBe('#111111');
    expect(readableOn('#0b3d91')).toBe('#ffffff');
  });

  it('falls back to the primary colour for buttons, and to Move blue without colours', () => {
    expect(pageTheme('#0A7F3F', null)).toMatchObject({ primary: '#0A7F3F', button: '#0A7F3F' });
    expect(pageTheme(null, undefined).primary).toBe('#1f6feb');
    expect(pageTheme('#0A7F3F', '#FFCC00')).toMatchObject({ button: '#FFCC00', onButton: '#111111' });
  });
});
