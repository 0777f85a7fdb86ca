import type { Meta, StoryObj } from '@storybook/react-vite';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
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
  { field: 'id', header: 'Id', width: 100 },
  { field: 'name', header: 'Name', sortable: true },
];

const meta = {
  title: 'Widgets/DataGrid',
  component: DataGrid<Row>,
  args: {
    label: 'Sports',
    columns,
    getRowId: (row: Row) => row.id,
    emptyMessage: 'Nothing here yet',
    source: memorySource(rows),
    defaultSort: { field: 'name', direction: 'asc' },
  },
} satisfies Meta<typeof DataGrid<Row>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Paged: Story = {};
export const Empty: Story = { args: { source: memorySource([]) } };
