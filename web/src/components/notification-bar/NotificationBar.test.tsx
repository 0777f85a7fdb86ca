import { act, render, screen } from '@testing-library/react';
import { NotificationBar } from '@/components/notification-bar/NotificationBar';
import { notifyError, notifySaved, useNotificationStore } from '@/stores/notification';

describe('NotificationBar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    useNotificationStore.getState().clear();
    vi.useRealTimers();
  });

  it('shows a saved message with the save-check icon for 5000 ms', () => {
    render(<NotificationBar />);
    act(() => notifySaved('Saved'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByTestId('save-check-icon')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('restarts the timer for a new message and has no icon for errors', () => {
    render(<NotificationBar />);
    act(() => notifySaved('Saved'));
    act(() => vi.advanceTimersByTime(3000));
    act(() => notifyError('Kapot'));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('alert')).toHaveTextContent('Kapot');
    expect(screen.queryByTestId('save-check-icon')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
