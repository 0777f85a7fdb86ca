import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { DataGrid, RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import type { ListSource } from '@/lib/list';

interface Row {
  id: string;
  name: string;
}

const rows: Row[] = Array.from({ length: 120 }, (_, i) => ({ id: String(i + 1), name: `Sport ${i + 1}` }));

const memorySource =
  (all: Row[]): ListSource<Row> =>
  async (query) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const found = all
      .filter((row) => row.name.toLowerCase().includes((query.search ?? '').toLowerCase()))
      .sort((a, b) => (query.sort?.direction === 'desc' ? -1 : 1) * a.name.localeCompare(b.name, undefined, { numeric: true }));
    const start = (query.page - 1) * query.itemsPerPage;
    return { rows: found.slice(start, start + query.itemsPerPage), total: found.length };
  };

const columns: DataGridColumn<Row>[] = [
  { field: 'name', header: 'Name', sortable: true, flex: 2 },
  { field: 'id', header: 'Id', sortable: true, width: 100 },
  {
    field: 'actions',
    header: 'Actions',
    width: 230,
    render: (row) => (
      <RowActions
        actions={[
          { label: 'Edit', icon: 'edit', to: `/sports/${row.id}` },
          { label: 'Delete', icon: 'delete', danger: true, onClick: () => undefined },
        ]}
      />
    ),
  },
];

const meta = {
  title: 'Patterns/DataGrid',
  component: DataGrid<Row>,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <div style={{ width: 'min(900px, 100%)' }}>
          <Story />
        </div>
      </MemoryRouter>
    ),
  ],
  args: {
    label: 'Sports',
    columns,
    getRowId: (row: Row) => row.id,
    emptyMessage: 'No sports yet',
    emptyAction: <button className="button button--primary">New sport</button>,
    source: memorySource(rows),
    defaultSort: { field: 'name', direction: 'asc' },
    rowHref: (row: Row) => `/sports/${row.id}`,
  },
} satisfies Meta<typeof DataGrid<Row>>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 120 rows, 25 a page: count, pager, sorting on both sortable columns, row actions. */
export const Paged: Story = {};
/** Skeleton rows while the first page loads. */
export const Loading: Story = { args: { source: () => new Promise(() => undefined) } };
/** Nothing yet: the list's own words and the next action. */
export const Empty: Story = { args: { source: memorySource([]) } };
/** A search without results is not "nothing yet": it offers to clear the search. */
export const NoResults: Story = { args: { search: 'zzz', onClearSearch: () => undefined } };
/** A failed load: inline, with a retry. */
export const Failed: Story = { args: { source: () => Promise.reject(new Error('offline')) } };
