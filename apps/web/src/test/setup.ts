import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's lazy dialogs and routes load their chunks in the test too; on a loaded CI machine (the
// SQLite suite runs beside the PostgreSQL one) that took over the default 1 s (dashboard-rides, CI of
// 23d0549). Only a failing wait lasts this long.
configure({ asyncUtilTimeout: 4_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
