import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { newBlock, themedPageInput, themedPageSchema, type ThemedPageValues } from '@/features/themed-pages/components/ThemedPageInputs';
import { ThemedPagePreview } from '@/features/themed-pages/components/ThemedPagePreview';
import { renderWithProviders } from '@/testing/render';
import '@/features/themed-pages/i18n';

const t = i18n.getFixedT('en');

function page(): ThemedPageValues {
  const heading = { ...newBlock('heading'), text: { nl: 'Welkom', en: 'Welcome' } };
  const text = { ...newBlock('text'), text: { nl: '<b>Eerste</b> alinea.\n\nTweede alinea.', en: '' }, url: 'https://left.over' };
  const button = { ...newBlock('button'), text: { nl: 'Word lid', en: '' }, url: 'https://example.org/lid', image_id: 'abc' };
  return { title: { nl: ' Over ons ', en: 'About us' }, image_id: null, blocks: [heading, text, button] };
}

describe('themed page form', () => {
  it('sends each block with the fields of its type only, without the local keys', () => {
    const input = themedPageInput(page());
    expect(input.title).toEqual({ nl: 'Over ons', en: 'About us' });
    expect(input.blocks[1]).toEqual({ type: 'text', text: { nl: '<b>Eerste</b> alinea.\n\nTweede alinea.', en: '' }, image_id: null, url: null });
    expect(input.blocks[2]).toEqual({ type: 'button', text: { nl: 'Word lid', en: '' }, image_id: null, url: 'https://example.org/lid' });
    expect(input.blocks[0]).not.toHaveProperty('key');
  });

  it('checks what the server checks, per block type', async () => {
    const values = page();
    values.title.nl = '';
    values.blocks.push(newBlock('image'), { ...newBlock('button'), text: { nl: 'x'.repeat(61), en: '' }, url: 'ftp://x' });
    const errors = await themedPageSchema(t)
      .validate(values, { abortEarly: false })
      .then(() => [])
      .catch((error: { inner: { path: string; message: string }[] }) => error.inner.map((e) => `${e.path}: ${e.message}`));
    expect(errors).toEqual(
      expect.arrayContaining([
        'title.nl: The title (Dutch) field is required',
        'blocks[3].image_id: The image field is required',
        'blocks[4].text.nl: The button label (Dutch) field may not be longer than 60 characters',
        'blocks[4].url: The button link field must be a valid URL (https://…)',
      ]),
    );
    expect(errors).toHaveLength(4);
  });
});

describe('themed page preview', () => {
  it('shows the page in the application colours, texts as text, English falling back to Dutch', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(
      <ThemedPagePreview page={page()} application={{ name: 'Sportief', primary_color: '#FFCC00', secondary_color: null } as never} />,
    );
    const preview = screen.getByTestId('themed-preview');
    expect(preview.style.getPropertyValue('--themed-primary')).toBe('#FFCC00');
    expect(preview.style.getPropertyValue('--themed-on-primary')).toBe('#111111');
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    // No markup is interpreted; the English text falls back to the Dutch one.
    expect(screen.getByText('<b>Eerste</b> alinea.')).toBeInTheDocument();
    expect(preview.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Word lid' })).toHaveAttribute('href', 'https://example.org/lid');
    await userEvent.selectOptions(screen.getByLabelText('Language of the preview'), 'nl');
    expect(screen.getByRole('heading', { name: 'Over ons' })).toBeInTheDocument();
  });
});
