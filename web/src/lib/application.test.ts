import { applyApplicationSettings, DEFAULT_FAVICON, DEFAULT_PRIMARY } from '@/lib/application';

describe('applyApplicationSettings', () => {
  it('falls back to Move, the default icon and colours', () => {
    applyApplicationSettings(null);
    expect(document.title).toBe('Move');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(DEFAULT_FAVICON);
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe(DEFAULT_PRIMARY);
  });

  it("uses the application's name, favicon and theme colours", () => {
    applyApplicationSettings({
      id: 'a1',
      name: 'Sportief Utrecht',
      slug: 'utrecht',
      logo_url: null,
      favicon_url: '/v1/files/f1/thumbnail',
      primary_color: '#0F766E',
      secondary_color: '#134E4A',
    });
    expect(document.title).toBe('Sportief Utrecht');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/v1/files/f1/thumbnail');
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#0F766E');
    expect(document.documentElement.style.getPropertyValue('--color-secondary')).toBe('#134E4A');
  });
});
