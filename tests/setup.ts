import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only auto-cleans when globals are registered before it loads.
afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
});
