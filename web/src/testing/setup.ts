import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';

void i18n.changeLanguage('en');

// Lazy screens load their chunk on first use; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

// The test files share one module graph (vite.config.ts, web-130): nothing a test stubs
// or fakes may outlive it.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});
