// Component tests: jest-dom matchers, the design tokens, and a clean DOM after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../src/tokens.css';
import '../src/base.css';

afterEach(() => cleanup());
