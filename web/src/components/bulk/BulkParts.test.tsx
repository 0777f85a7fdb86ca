import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BulkBar, selectColumn, type BulkAction } from '@/components/bulk/BulkParts';
import { useSelection } from '@/components/bulk/selection';
import { ApiError } from '@/lib/api-client';

interface Row {
  id: string;
  name: string;
  enabled: boolean;
}

const ROWS: Row[] = [
  { id: '1', name: 'AAA', enabled: true },
  { id: '2', name: 'BBB', enabled: true },
  { id: '3', name: 'CCC', enabled: false },
];

function Screen({ action, onDone }: { action: BulkAction<Row>; onDone: () => void }) {
  const selection = useSelection<Row>((row) => row.id);
  const column = selectColumn(selection, 'Select', (row: Row) => row.name);
  return (
    <>
      <BulkBar selection={selection} actions={[action]} nameOf={(row) => row.name} onDone={onDone} />
      <button type="button" onClick={() => selection.setPage(ROWS)}>
        page
      </button>
      {ROWS.map((row) => (
        <div key={row.id}>{column.render?.(row)}</div>
      ))}
    </>
  );
}

describe('bulk actions', () => {
  it('previews what each row gets, runs one command per row, names the refusals and undoes what was done', async () => {
    const user = userEvent.setup();
    const run = vi.fn(async (row: Row) => {
      if (row.name === 'BBB') throw new ApiError(409, 'This coupon was just redeemed', {}, 'This coupon was just redeemed');
    });
    const undo = vi.fn(async () => undefined);
    const onDone = vi.fn();
    const action: BulkAction<Row> = {
      id: 'disable',
      label: 'Disable',
      tone: 'danger',
      skip: (row) => (row.enabled ? null : 'already disabled'),
      run,
      undo,
    };
    render(<Screen action={action} onDone={onDone} />);
    expect(screen.getByRole('button', { name: 'Disable' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'page' }));
    await user.click(screen.getByRole('checkbox', { name: 'Everything on this page' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select CCC' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Disable (3)' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable: 3 selected' });
    expect(within(dialog).getByTestId('bulk-preview')).toHaveTextContent('2 rows: disable. You can undo this afterwards.');
    expect(dialog).toHaveTextContent('CCC: already disabled');
    await user.click(within(dialog).getByRole('button', { name: 'Disable (2)' }));

    const result = await within(dialog).findByTestId('bulk-result');
    expect(run).toHaveBeenCalledTimes(2);
    expect(result).toHaveTextContent('1 done (disable).');
    expect(result).toHaveTextContent('1 skipped.');
    expect(result).toHaveTextContent('BBB: This coupon was just redeemed');

    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await within(dialog).findByText('1 undone.')).toBeInTheDocument();
    expect(undo).toHaveBeenCalledTimes(1);
    expect(undo.mock.calls[0]).toEqual([ROWS[0], '']);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('asks one reason for every row before it runs', async () => {
    const user = userEvent.setup();
    const run = vi.fn(async () => undefined);
    render(
      <Screen
        action={{ id: 'reject', label: 'Reject', skip: () => null, reason: { label: 'Reason', max: 100 }, run }}
        onDone={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select AAA' }));
    await user.click(screen.getByRole('button', { name: 'Reject (1)' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject (1)' }));
    expect(within(dialog).getByText('The reason field is required')).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Incomplete');
    await user.click(within(dialog).getByRole('button', { name: 'Reject (1)' }));
    await within(dialog).findByTestId('bulk-result');
    expect(run).toHaveBeenCalledWith(ROWS[0], 'Incomplete', '');
  });

  it('asks one choice for every row, says what it means, lists each change, and undoes with the same choice', async () => {
    const user = userEvent.setup();
    const run = vi.fn(async () => undefined);
    const undo = vi.fn(async () => undefined);
    render(
      <Screen
        action={{
          id: 'move',
          label: 'Move',
          skip: () => null,
          change: (row) => `${row.name} goes`,
          choice: {
            label: 'To session',
            placeholder: 'Choose a session',
            options: [{ value: 's2', label: 'Tue 19:00' }],
            describe: (value, rows) => `${rows.length} to ${value}`,
          },
          run,
          undo,
        }}
        onDone={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select AAA' }));
    await user.click(screen.getByRole('button', { name: 'Move (1)' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('bulk-changes')).toHaveTextContent('AAA goes');
    await user.click(within(dialog).getByRole('button', { name: 'Move (1)' }));
    expect(within(dialog).getAllByText('Choose a session')).toHaveLength(2); // the empty option and the error
    expect(run).not.toHaveBeenCalled();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /To session/ }), 's2');
    expect(within(dialog).getByTestId('bulk-choice-preview')).toHaveTextContent('1 to s2');
    await user.click(within(dialog).getByRole('button', { name: 'Move (1)' }));
    await within(dialog).findByTestId('bulk-result');
    expect(run).toHaveBeenCalledWith(ROWS[0], '', 's2');
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await within(dialog).findByText('1 undone.');
    expect(undo).toHaveBeenCalledWith(ROWS[0], 's2');
  });

  it('opens an action with its own dialog for the chosen rows', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    function Mail() {
      const selection = useSelection<Row>((row) => row.id);
      return (
        <>
          <BulkBar selection={selection} actions={[{ id: 'mail', label: 'Mail', open }]} nameOf={(row) => row.name} onDone={vi.fn()} pageLabel="Everyone" />
          <button type="button" onClick={() => selection.setPage(ROWS)}>
            page
          </button>
        </>
      );
    }
    render(<Mail />);
    await user.click(screen.getByRole('button', { name: 'page' }));
    await user.click(screen.getByRole('checkbox', { name: 'Everyone' }));
    await user.click(screen.getByRole('button', { name: 'Mail (3)' }));
    expect(open).toHaveBeenCalledWith(ROWS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a selection', () => {
  it('follows the rows of a refreshed page', async () => {
    const { Selection } = await import('@/components/bulk/selection');
    const selection = new Selection<Row>((row) => row.id);
    selection.setPage(ROWS);
    selection.togglePage();
    selection.setPage([{ ...ROWS[0], enabled: false }]);
    expect(selection.selected().map((row) => row.enabled)).toEqual([false, true, false]);
    expect(selection.pageSelected()).toBe(true);
  });
});
