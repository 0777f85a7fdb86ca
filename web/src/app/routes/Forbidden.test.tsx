import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Forbidden } from '@/app/routes/Forbidden';
import { i18n } from '@/lib/i18n';
import en from '@/locales/en.json';
import nl from '@/locales/nl.json';
import { renderWithProviders } from '@/testing/render';

function renderForbidden(ability: string) {
  const router = createMemoryRouter([{ path: '/organizations/:organizationId/rates', element: <Forbidden need={{ ability }} /> }], {
    initialEntries: ['/organizations/o1/rates'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

describe('permission names', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  // Every permission the server checks has a phrase (the Go test TestEveryPermissionHasAPhraseInBothLocales); here, both locales name the same ones.
  it('has a phrase for each permission in Dutch and in English', () => {
    expect(Object.keys(nl.forbidden.permissions).sort()).toEqual(Object.keys(en.forbidden.permissions).sort());
    for (const [permission, phrase] of [...Object.entries(nl.forbidden.permissions), ...Object.entries(en.forbidden.permissions)]) {
      expect(phrase).not.toBe(permission);
      expect(phrase).not.toMatch(/^[a-z]+(-[a-z]+)+$/);
    }
  });

  it('says the missing permission in words on the no-access screen, never its id', async () => {
    renderForbidden('view-rates');
    expect(await screen.findByTestId('forbidden')).toHaveTextContent('This page needs the ‘View rates’ permission');
    expect(screen.getByTestId('forbidden')).not.toHaveTextContent('view-rates');
    // The question to the server still carries the id.
    expect(screen.getByRole('link', { name: 'Why denied?' })).toHaveAttribute('href', '/why-denied?permission=view-rates&organization_id=o1');
  });

  it('says it in Dutch by default', async () => {
    await i18n.changeLanguage('nl');
    renderForbidden('edit-location');
    expect(await screen.findByTestId('forbidden')).toHaveTextContent('Voor deze pagina heb je het recht ‘Locaties bewerken’ nodig');
  });
});
