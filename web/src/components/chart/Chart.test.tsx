import { render, screen, within } from '@testing-library/react';
import { BarChart, niceTicks } from '@/components/chart/BarChart';
import { percentages, StackedBar } from '@/components/chart/StackedBar';

describe('BarChart', () => {
  it('draws one bar per datum with an accessible name and a data table', () => {
    render(
      <BarChart
        title="New organisations per day"
        data={[
          { label: '1 Nov', value: 2 },
          { label: '2 Nov', value: 0 },
          { label: '3 Nov', value: 5 },
        ]}
      />,
    );
    const image = screen.getByRole('img', { name: 'New organisations per day' });
    expect(image).toHaveAccessibleDescription('1 Nov – 3 Nov: 7');
    expect(screen.getAllByTestId('chart-bar').map((bar) => bar.getAttribute('data-value'))).toEqual(['2', '0', '5']);
    const table = screen.getByRole('table', { name: 'New organisations per day' });
    expect(within(table).getByRole('rowheader', { name: '3 Nov' }).nextElementSibling).toHaveTextContent('5');
  });

  it('gives the tallest bar the full plot height and a zero bar none', () => {
    render(
      <BarChart
        title="t"
        height={228}
        data={[
          { label: 'a', value: 4 },
          { label: 'b', value: 0 },
        ]}
      />,
    );
    const [tall, flat] = screen.getAllByTestId('chart-bar').map((bar) => bar.querySelector('rect')!);
    expect(Number(tall.getAttribute('height'))).toBe(228 - 12 - 28);
    expect(Number(flat.getAttribute('height'))).toBe(0);
  });

  it('shows the empty message without data', () => {
    render(<BarChart title="t" data={[]} emptyMessage="Nothing here" />);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('picks whole-number ticks', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(10)).toEqual([0, 3, 6, 9, 12]);
  });
});

describe('StackedBar', () => {
  it('rounds shares to a total of 100', () => {
    expect(percentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentages([0, 0])).toEqual([0, 0]);
    expect(percentages([42, 7, 3])).toEqual([81, 13, 6]);
  });

  it('describes every segment and lists them in the legend', () => {
    render(
      <StackedBar
        title="Organisations by state"
        segments={[
          { key: 'approved', label: 'Approved', value: 3, color: 'green' },
          { key: 'pending', label: 'Pending', value: 1, color: 'orange' },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Organisations by state' })).toHaveAccessibleDescription(
      'Approved: 3 (75%), Pending: 1 (25%)',
    );
    expect(screen.getAllByTestId('chart-segment').map((rect) => rect.getAttribute('width'))).toEqual(['75', '25']);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Approved: 3 (75%)', 'Pending: 1 (25%)']);
  });
});
