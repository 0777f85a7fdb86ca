import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { useAuthStore } from '@/stores/auth';

/** A detail screen's header with its History action (web-035), as a user with or without view-audit sees it. */
function Demo({ mayAudit }: { mayAudit: boolean }) {
  useEffect(() => {
    useAuthStore.setState({ profile: { roles: [], abilities: mayAudit ? ['view-audit'] : [], organizations: [] } });
  }, [mayAudit]);
  return (
    <MemoryRouter>
      <PageHeader
        title="Losse les"
        actions={
          <>
            <HistoryLink entityType="rate" entityId="5f0c8a52-6a1e-4f52-9a43-1c1f0e4b2d11" />
            <button type="button" className="button button--danger">
              Tarief verwijderen
            </button>
          </>
        }
      />
    </MemoryRouter>
  );
}

const meta = {
  title: 'Components/HistoryLink',
  component: Demo,
  args: { mayAudit: true },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithViewAudit: Story = {};
/** Without view-audit the action is not there at all. */
export const WithoutViewAudit: Story = { args: { mayAudit: false } };
