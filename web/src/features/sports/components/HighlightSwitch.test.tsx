import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HighlightSwitch } from '@/features/sports/components/HighlightSwitch';
import { useNotificationStore } from '@/stores/notification';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const sport = {
  id: 's1',
  name: 'Padel',
  icon_id: null,
  icon_url: null,
  highlighted: false,
  version: 3,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

describe('HighlightSwitch', () => {
  const fetchMock = mockFetch();

  it('saves at once with the current version, then uses the new one', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify({ data: { id: 's1', version: 4 }, meta: { position: '7.0' } })))
      .mockResolvedValueOnce(new Response(JSON.stringify({ data: { id: 's1', version: 5 }, meta: { position: '8.0' } })));
    renderWithProviders(<HighlightSwitch sport={sport} />);
    const toggle = screen.getByRole('switch', { name: 'Highlighted' });

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(fetchMock.mock.calls[0][0]).toBe('/v1/admin/sports/s1');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      name: 'Padel',
      icon_id: null,
      highlighted: true,
      version: 3,
    });
    expect(useNotificationStore.getState().current).toMatchObject({ message: 'Saved', icon: 'save-check' });

    await userEvent.click(toggle);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toMatchObject({ highlighted: false, version: 4 });
  });

  it('switches back when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ errors: { message: 'Iemand anders was eerder' } }), { status: 409 }));
    renderWithProviders(<HighlightSwitch sport={sport} />);
    const toggle = screen.getByRole('switch', { name: 'Highlighted' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(useNotificationStore.getState().current).toMatchObject({ message: 'Iemand anders was eerder', kind: 'error' });
  });
});
