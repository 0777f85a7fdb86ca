import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { Tabs } from '@/components/page/Tabs';
import { EmptyState } from '@/components/ui/EmptyState';

/** The top of a screen: title, actions (search, filters, the primary "New …" last), tabs, then content. */
function Demo({ empty }: { empty: 'nothing-yet' | 'no-results' | 'none' }) {
  const base = '/admin/wallets/1';
  return (
    <MemoryRouter initialEntries={[`${base}/statistics`]}>
      <PageHeader
        title="Sportpas"
        actions={
          <>
            <SearchInput value="" onChange={() => undefined} />
            <select className="input input--inline" aria-label="Status">
              <option>Alle statussen</option>
            </select>
            <a className="button button--primary" href="#new">
              Nieuwe coupon
            </a>
          </>
        }
      />
      <Tabs
        label="Sportpas"
        tabs={['Instellingen', 'Coupons', 'Ingewisseld', 'Statistieken', 'Klanten'].map((label, index) => ({
          to: index === 0 ? base : `${base}/${['', 'coupons', 'coupons/redeemed', 'statistics', 'customers'][index]}`,
          label,
          end: true,
        }))}
      />
      {empty === 'nothing-yet' && (
        <EmptyState
          title="Er zijn nog geen coupons."
          message="Genereer een batch om te beginnen."
          action={
            <a className="button button--primary" href="#new">
              Coupons genereren
            </a>
          }
        />
      )}
      {empty === 'no-results' && (
        <EmptyState
          title="Geen resultaten voor ‘zzz’"
          message="Controleer de spelling of zoek op iets anders."
          action={
            <button type="button" className="button">
              Zoekopdracht wissen
            </button>
          }
        />
      )}
    </MemoryRouter>
  );
}

const meta = {
  title: 'Patterns/Page',
  component: Demo,
  args: { empty: 'nothing-yet' },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NothingYet: Story = {};
export const NoResultsForASearch: Story = { args: { empty: 'no-results' } };
/** At a phone's width the actions wrap and the tab row scrolls, the active tab in view. */
export const Phone: Story = { args: { empty: 'none' }, globals: { viewport: { value: 'mobile2', isRotated: false } } };
