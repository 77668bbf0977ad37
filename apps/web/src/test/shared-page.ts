import { toast } from 'sonner';
import { afterEach } from 'vitest';

// The `web` test files share one page and one module graph (vitest.config.ts). The toast library keeps its
// toasts in a module: one left by a file showed again under the next file's toast host, twice over.
afterEach(() => {
  toast.dismiss();
});
