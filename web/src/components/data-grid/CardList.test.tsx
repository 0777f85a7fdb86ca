import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardList } from '@/components/data-grid/CardList';
import type { ListSource } from '@/lib/list';
import { renderWithProviders } from '@/testing/render';

interface Row {
  id: string;
  name: string;
}

function render(source: ListSource<Row>, onOpen = vi.fn(), search = '') {
  renderWithProviders(
    <CardList<Row>
      label="Orders"
      source={source}
      cacheKey={['test', search]}
      getRowId={(row) => row.id}
      search={search}
      renderCard={(row) => <span>{row.name}</span>}
      onOpen={onOpen}
      emptyMessage="No orders yet"
      itemsPerPage={2}
    />,
  );
  return onOpen;
}

describe('CardList', () => {
  it('shows one button per record, opens it, and pages', async () => {
    const source = vi.fn<ListSource<Row>>(async ({ page }) =>
      page === 1
        ? { rows: [{ id: '1', name: 'Kim' }, { id: '2', name: 'Cas' }], total: 3 }
        : { rows: [{ id: '3', name: 'Anna' }], total: 3 },
    );
    const onOpen = render(source);
    await userEvent.click(await screen.findByRole('button', { name: 'Kim' }));
    expect(onOpen).toHaveBeenCalledWith({ id: '1', name: 'Kim' });
    expect(screen.getByText('1–2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Anna' })).toBeInTheDocument();
    expect(source).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, itemsPerPage: 2 }), expect.anything());
  });

  it('says when there is nothing, and when a search finds nothing', async () => {
    render(async () => ({ rows: [], total: 0 }));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('names a search without results', async () => {
    render(async () => ({ rows: [], total: 0 }), vi.fn(), 'zzz');
    expect(await screen.findByText('No results for ‘zzz’')).toBeInTheDocument();
  });
});
