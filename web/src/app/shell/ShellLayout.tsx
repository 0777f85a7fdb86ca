import { Outlet } from 'react-router';
import { TopBar } from '@/app/shell/TopBar';

export function ShellLayout() {
  return (
    <div className="shell">
      <TopBar />
      <div className="shell__body">
        <Outlet />
      </div>
    </div>
  );
}
