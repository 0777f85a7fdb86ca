import { create } from 'zustand';

export const NOTIFICATION_DURATION_MS = 5000;

export type NotificationKind = 'success' | 'error' | 'info';
export type NotificationIcon = 'save-check';

export interface Notification {
  message: string;
  kind: NotificationKind;
  icon?: NotificationIcon;
}

interface NotificationState {
  current: Notification | null;
  show: (notification: Notification) => void;
  clear: () => void;
}

let hideTimer: ReturnType<typeof setTimeout> | undefined;

export const useNotificationStore = create<NotificationState>()((set) => ({
  current: null,
  show: (notification) => {
    clearTimeout(hideTimer);
    set({ current: notification });
    hideTimer = setTimeout(() => set({ current: null }), NOTIFICATION_DURATION_MS);
  },
  clear: () => {
    clearTimeout(hideTimer);
    set({ current: null });
  },
}));

export function notifyError(message: string): void {
  useNotificationStore.getState().show({ message, kind: 'error' });
}

export function notifySaved(message: string): void {
  useNotificationStore.getState().show({ message, kind: 'success', icon: 'save-check' });
}
